import Testing
import Wiring

private final class Core: Sendable {}
private final class Feature: Sendable {}
private protocol Transport: AnyObject, Sendable {}
private final class LiveTransport: Transport {}
private final class MockTransport: Transport {}

private let coreBuilds = Counter()

extension DependencyContainer {
    fileprivate static let sharedCore = module {
        single { () -> Core in
            coreBuilds.increment()
            return Core()
        }
        single { LiveTransport() as Transport }
    }
    // A diamond three levels deep: the core is reached through four paths.
    fileprivate static let left = module {
        includes(.sharedCore)
        factory(tag: "left") { Feature() }
    }
    fileprivate static let right = modules { .sharedCore }
    fileprivate static let middle = modules { .left; .right }
    fileprivate static let top = modules { .middle; .right; .sharedCore }
    fileprivate static let mocked = module {
        includes(.sharedCore)
        single { MockTransport() as Transport }.override()
    }
}

/// Modules composed through several paths, as a modular app composes them. Serialized: its
/// tests share `coreBuilds`, and one of them counts the builds.
@Suite(.serialized) struct CompositionTests {
    @Test func aModuleReachedThroughADiamondOfDepthThreeIsOneDefinition() {
        let container = modules { .top; .left }
        let first: Core = container.resolve()
        #expect(container.resolve() as Core === first)
        #expect(container.resolveAll(Core.self).count == 1)
        #expect(container.resolveAll(Transport.self).count == 1)
        #expect((container.resolve(tag: "left") as Feature) !== (container.resolve(tag: "left") as Feature))
    }

    @Test func aModuleListedTwiceIsComposedOnce() {
        let container = modules { .sharedCore; .sharedCore }
        #expect(container.resolve() as Core === container.resolve() as Core)
        #expect(container.resolveAll(Core.self).count == 1)
    }

    @Test func theSameSingletonIsBuiltOncePerContainer() {
        let before = coreBuilds.count
        let container = modules { .middle; .right }
        for _ in 0..<3 { _ = container.resolve() as Core }
        #expect(coreBuilds.count - before == 1)
    }

    @Test func includesWorksWithIfAndFor() {
        let debug = true
        let tags = ["a", "b", "c"]
        let container = module {
            if debug {
                includes(.sharedCore)
            }
            for tag in tags {
                factory(tag: tag) { Feature() }
            }
            if !debug {
                includes(.left)
            }
        }
        #expect(container.resolveOptional() as Core? != nil)
        #expect(container.resolveAll(Feature.self).count == 3)
        #expect(container.resolveOptional(tag: "left") as Feature? == nil)
    }

    @Test func anOverrideNextToASharedModuleWinsWhicheverPathReachesItFirst() {
        let container = modules { .mocked; .left }
        #expect(container.resolve() as Transport is MockTransport)
        #expect(container.resolveAll(Transport.self).count == 1)
    }

    @Test func includedModulesAreScopedInsideAScope() {
        enum Session {}
        let container = module {
            scope(Session.self) {
                includes(.left)
            }
        }
        #expect(container.resolveOptional(tag: "left") as Feature? == nil)
        let session = container.openScope(Session.self)
        #expect(session.resolveOptional(tag: "left") as Feature? != nil)
        session.close()
    }

    @Test func twoDifferentDefinitionsOfOneTypeAreStillADuplicate() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let other = module { single { MockTransport() as Transport } }
            DependencyContainer.defined(by: modules { .left; other })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Transport` (no tag) is defined twice."))
            #expect(output.contains("First definition: WiringTests/CompositionTests.swift:18"))
            #expect(output.contains("Second definition: WiringTests/CompositionTests.swift:98"))
            #expect(output.contains("or mark the later one `.override()`"))
        }
    }

    @Test func aSharedArrayOfPlainLinesIsOneDefinitionInEveryModuleItIsIn() throws {
        // Each module packs its lines into records of its own; the same line reached through two
        // modules is still one definition: composed once, one singleton, no duplicate.
        let builds = Counter()
        let shared = [single { () -> Named in
            builds.increment()
            return Named("shared")
        }]
        let first = module { shared; factory(tag: "first") { Named("first") } }
        let second = module { factory(tag: "second") { Named("second") }; shared }
        let composed = modules { first; second; first }
        let one: Named = try composed.resolveThrowing()
        let again: Named = try composed.resolveThrowing()
        #expect(one === again)
        #expect(builds.count == 1)
        #expect(composed.resolveAll(Named.self).map(\.name) == ["shared", "first", "second"])
    }

    @Test func oneLineMadeTwiceWithDifferentCapturesIsTwoDefinitions() async {
        // The same source line, but each definition captured a name of its own: a duplicate.
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: modules { module { namedSingle("a") }; module { namedSingle("b") } })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Named` (no tag) is defined twice."))
            #expect(output.contains("First definition: WiringTests/CompositionTests.swift:\(namedSingleLine)"))
            #expect(output.contains("Second definition: WiringTests/CompositionTests.swift:\(namedSingleLine)"))
        }
    }

    @Test func twoLinesOnOneSourceLineAreTwoDefinitions() async {
        // Same site, same type, neither captures anything: different code, so a duplicate.
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module { single { Named("x") }; single { Named("y") } })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Named` (no tag) is defined twice."))
        }
    }

    @Test func everyKindOfLineGivesItsDefinitionsOnceInTheOrderWritten() {
        let shared = [factory(tag: "b") { Named("b") }, factory(tag: "c") { Named("c") }]
        let nothing: [Definition] = []
        let debug = false
        let container = module {
            factory(tag: "a") { Named("a") }
            shared
            nothing
            if debug {
                factory(tag: "never") { Named("never") }
            } else {
                factory(tag: "d") { Named("d") }
            }
            for tag in ["e", "f"] {
                factory(tag: tag) { Named(tag) }
            }
            for tag in [String]() {
                factory(tag: tag) { Named(tag) }
            }
            if !debug {
                factory(tag: "g") { Named("g") }
            }
        }
        #expect(container.resolveAll(Named.self).map(\.name) == ["a", "b", "c", "d", "e", "f", "g"])
        // The same definitions reached through two modules and a module listed twice: each once.
        let first = module { shared; factory(tag: "h") { Named("h") } }
        let second = module { factory(tag: "i") { Named("i") }; shared }
        let composed = modules { first; second; first }
        #expect(composed.resolveAll(Named.self).map(\.name) == ["b", "c", "h", "i"])
    }
}

private let namedSingleLine = #line + 2
private func namedSingle(_ name: String) -> Definition {
    single { Named(name) }
}

private final class Named: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}
