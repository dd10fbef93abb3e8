import Wiring
import Testing

private final class Clock: Sendable {}
private final class Store: Sendable {}
private final class Session: Sendable {}
private protocol Feed: AnyObject, Sendable {}
private final class LiveFeed: Feed {}
private final class StubFeed: Feed {}

/// A root installed from composed modules reads the modules' own definitions in place, and
/// flattens them only when something asks for the list: these check that every path a root's
/// definitions can take gives what the flat list would. Serialized: they define the global root.
@Suite(.serialized) struct ComposedRootTests {
    @Test func aRootOfComposedModulesResolvesEveryModulesDefinitionsOnce() throws {
        try DependencyContainer.withExclusiveRoot {
            let builds = Counter()
            let clock = module {
                single { () -> Clock in
                    builds.increment()
                    return Clock()
                }
            }
            let store = module { single { Store() } }
            let feature = modules { clock; store }
            // `clock` is reached twice (directly and through `feature`), `feature` once.
            DependencyContainer.defined(by: modules { feature; clock; module { factory { Session() } } })
            let first: Clock = resolve()
            #expect(resolve() as Clock === first)
            #expect(builds.count == 1)
            #expect(resolve() as Store === resolve() as Store)
            #expect(resolve() as Session !== resolve() as Session)
            #expect(DependencyContainer.shared.resolveAll(Clock.self).count == 1)
        }
    }

    @Test func oneArrayOfDefinitionsListedByTwoModulesIsOneDefinitionInARoot() throws {
        try DependencyContainer.withExclusiveRoot {
            let builds = Counter()
            // Made once and listed by two modules: the same definitions (one record each),
            // reached through two arrays. Tagged, so that each is a definition of its own.
            let shared: [Definition] = [
                single(tag: "shared") { () -> Store in
                    builds.increment()
                    return Store()
                },
                factory(tag: "shared") { Session() },
            ]
            let first = module { shared; single { Clock() } }
            let second = module { factory(tag: "second") { Session() }; shared }
            DependencyContainer.defined(by: modules { first; second })
            let store: Store = resolve(tag: "shared")
            #expect(resolve(tag: "shared") as Store === store)
            #expect(builds.count == 1)
            #expect(resolve(tag: "shared") as Session !== resolve(tag: "shared") as Session)
            #expect(DependencyContainer.shared.resolveAll(Store.self).count == 1)
        }
    }

    @Test func anOverrideBetweenTwoModulesListingOneArrayStillWins() throws {
        try DependencyContainer.withExclusiveRoot {
            // The shared definition is reached again after the override: it counts where it was
            // first reached, so the override, which comes after that, wins.
            let shared: [Definition] = [single(tag: "feed") { LiveFeed() as Feed }, factory(tag: "clock") { Clock() }]
            let first = module { shared }
            let stubbed = module { single(tag: "feed") { StubFeed() as Feed }.override() }
            let again = module { factory { Session() }; shared }
            DependencyContainer.defined(by: modules { first; stubbed; again })
            #expect(resolve(tag: "feed") as Feed is StubFeed)
            #expect(resolve(tag: "clock") as Clock !== resolve(tag: "clock") as Clock)
            #expect(DependencyContainer.shared.resolveAll(Feed.self).count == 1)
        }
    }

    /// The same compositions resolved from directly, without a root: a composed module builds
    /// its registry from its parts as a root does (issue 22).
    @Test func aComposedModuleResolvedDirectlyCountsSharedDefinitionsOnceAndKeepsOverrides() {
        let shared: [Definition] = [single(tag: "feed") { LiveFeed() as Feed }, factory(tag: "clock") { Clock() }]
        let first = module { shared }
        let stubbed = module { single(tag: "feed") { StubFeed() as Feed }.override() }
        let again = module { factory { Session() }; shared }
        let overridden = modules { first; stubbed; again }
        #expect(overridden.resolve(tag: "feed") as Feed is StubFeed)
        #expect(overridden.resolve(tag: "clock") as Clock !== overridden.resolve(tag: "clock") as Clock)
        #expect(overridden.resolveAll(Feed.self).count == 1)

        let builds = Counter()
        let clock = module {
            single { () -> Clock in
                builds.increment()
                return Clock()
            }
        }
        let feature = modules { clock; module { single { Store() } } }
        let twice = modules { feature; clock }
        #expect(twice.resolve() as Clock === twice.resolve() as Clock)
        #expect(builds.count == 1)
        #expect(twice.resolveAll(Clock.self).count == 1)
        #expect(twice.resolve() as Store === twice.resolve() as Store)
    }

    @Test func aScopedDefinitionListedByTwoComposedModulesIsOneInItsScope() throws {
        try DependencyContainer.withExclusiveRoot {
            let builds = Counter()
            // One scope declaration, made once (its definitions are the same in both modules).
            let session = scope(Clock.self) {
                scoped { () -> Session in
                    builds.increment()
                    return Session()
                }
            }
            let first = module { session; single { Store() } }
            let second = module { factory { Clock() }; session }
            DependencyContainer.defined(by: modules { first; second })
            let opened = DependencyContainer.shared.openScope(Clock.self)
            let one: Session = opened.resolve()
            #expect(opened.resolve() as Session === one)
            #expect(builds.count == 1)
            opened.close()
        }
    }

    @Test func anOverrideInALaterModuleWinsInARootOfComposedModules() throws {
        try DependencyContainer.withExclusiveRoot {
            let live = module { single { LiveFeed() as Feed }; single { Clock() } }
            let stubbed = module { single { StubFeed() as Feed }.override() }
            DependencyContainer.defined(by: modules { live; stubbed })
            #expect(resolve() as Feed is StubFeed)
            #expect(resolve() as Clock === resolve() as Clock)
        }
    }

    @Test func aDuplicateAcrossComposedModulesStillNamesBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try DependencyContainer.withExclusiveRoot {
                let first = module { single { LiveFeed() as Feed } }
                let second = module { single { StubFeed() as Feed } }
                DependencyContainer.defined(by: modules { first; second })
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("is defined twice"))
            #expect(output.contains("First definition: WiringTests/ComposedRootTests.swift:"))
            #expect(output.contains("or mark the later one `.override()`"))
        }
    }

    @Test func unloadingAModuleNestedInAComposedRootRemovesOnlyItsDefinitions() throws {
        try DependencyContainer.withExclusiveRoot {
            let clock = module { single { Clock() } }
            let store = module { single { Store() } }
            DependencyContainer.defined(by: modules { modules { clock; store } })
            let kept: Clock = resolve()
            DependencyContainer.unload(store)
            #expect(resolve() as Clock === kept)
            #expect(resolveOptional() as Store? == nil)
            DependencyContainer.load(store)
            #expect(resolveOptional() as Store? != nil)
        }
    }

    @Test func threadsVerifyingOneComposedModuleAtOnceSeeTheSameDefinitions() async {
        // `verify()` reads the module's flat list, which the first reader makes: racing readers
        // must all see one complete list.
        let parts = (0..<8).map { index in
            index.isMultiple(of: 2) ? module { factory(tag: index) { Clock() } } : module { factory(tag: index) { Store() } }
        }
        let composed = DependencyContainer.derive(from: parts)
        let counts = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let nodes = (try? await composed.verify())?.nodes.count ?? -1
                    return [nodes, composed.resolveAll(Clock.self).count]
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: [8, 4], count: 8))
    }
}

private final class Captured: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

private final class Greeting: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

/// A line as written holds what its builder captured as its one reference (see `Definition`):
/// these check that the capture lives exactly as long as something holds the line or its module.
struct LineCaptureTests {
    @Test func whatALineCapturesLivesWhileALineOrItsModuleHoldsItAndNoLonger() {
        weak var captured: Captured?
        do {
            let value = Captured("hello")
            captured = value
            // A line made once and kept, not packed: it holds the capture itself.
            let lines = [single { Greeting(value.name) }]
            do {
                let container = module { lines; factory(tag: 1) { Greeting(value.name + "!") } }
                #expect((container.resolve() as Greeting).text == "hello")
                #expect((container.resolve() as Greeting) === container.resolve() as Greeting)
                #expect((container.resolve(tag: 1) as Greeting).text == "hello!")
            }
            // The module is gone; the array of lines still holds the capture.
            #expect(captured != nil)
            let again = module { lines }
            #expect((again.resolve() as Greeting).text == "hello")
        }
        #expect(captured == nil)
    }

    /// A line that captures nothing holds a stand-in that no count was taken for (it is
    /// immortal; see `Definition`). Were it counted like any object, dropping this many lines
    /// would free it, and the modules made after would crash.
    @Test func linesThatCaptureNothingAreMadeAndDroppedWithoutEnd() {
        for _ in 0..<100_000 { _ = single { Greeting("dropped") } }
        for round in 0..<1_000 {
            let container = module {
                single { Greeting("kept") }
                factory(tag: 2) { Greeting("made") }
            }
            #expect((container.resolve() as Greeting).text == "kept", "round \(round)")
            #expect((container.resolve(tag: 2) as Greeting).text == "made", "round \(round)")
        }
    }

    /// A module builder's components hold their lines' captures as counts moved from one
    /// to the next (see `ModuleBuilder.Component`): through every form a block can take, each
    /// capture must reach its module exactly once, and go with it. (A count lost would free
    /// the capture under a live builder; one left over would keep it forever.)
    @Test func whatALineCapturesGoesWithItsModuleThroughEveryFormOfBlock() {
        weak var captured: Captured?
        do {
            let value = Captured("x")
            captured = value
            let premade = [single(tag: "premade") { Greeting(value.name + "p") }]
            for flag in [true, false] {
                let container = module {
                    single { Greeting(value.name) }
                    factory(tag: "tagged") { Greeting(value.name + "t") }
                    if flag {
                        single(tag: "if") { Greeting(value.name + "i") }
                    }
                    if flag {
                        factory(tag: "either") { Greeting(value.name + "e1") }
                    } else {
                        factory(tag: "either") { Greeting(value.name + "e2") }
                    }
                    for index in 0..<3 {
                        factory(tag: index) { Greeting(value.name + "\(index)") }
                    }
                    premade
                }
                #expect((container.resolve() as Greeting).text == "x")
                #expect((container.resolve(tag: "tagged") as Greeting).text == "xt")
                #expect((container.resolveOptional(tag: "if") as Greeting?)?.text == (flag ? "xi" : nil))
                #expect((container.resolve(tag: "either") as Greeting).text == (flag ? "xe1" : "xe2"))
                #expect((container.resolve(tag: 2) as Greeting).text == "x2")
                #expect((container.resolve(tag: "premade") as Greeting).text == "xp")
            }
            // A block of one statement, and one of none.
            #expect((module { single { Greeting(value.name + "1") } }.resolve() as Greeting).text == "x1")
            #expect((module { premade }.resolve(tag: "premade") as Greeting).text == "xp")
            #expect(module {}.resolveAll(Greeting.self).isEmpty)
            #expect(captured != nil)
        }
        #expect(captured == nil)
    }

    /// A module of plain lines alone keeps only their group (see `Part.lines`): everything that
    /// reads its list of definitions makes it from the group, and finds the same definitions.
    @Test func aModuleOfLinesAloneServesEveryWayAModuleIsRead() throws {
        let lines = module {
            single { Greeting("one") }
            factory { Captured("two") }
        }
        // Resolved from directly, then composed with another that overrides one of its lines.
        #expect((lines.resolve() as Greeting).text == "one")
        #expect((lines.resolve() as Greeting) === lines.resolve() as Greeting)
        #expect((lines.resolve() as Captured) !== lines.resolve() as Captured)
        let composed = modules { lines; module { factory { Captured("two again") }.override() } }
        #expect((composed.resolve() as Captured).name == "two again")
        #expect((composed.resolve() as Greeting).text == "one")
        // Its list of definitions, which verification and `resolveAll` read.
        try lines.verify()
        #expect(lines.resolveAll(Greeting.self).map(\.text) == ["one"])
        // Included by another module, which overrides one of its lines.
        let including = module {
            includes(lines)
            single { Greeting("replaced") }.override()
        }
        #expect((including.resolve() as Greeting).text == "replaced")
        #expect((including.resolve() as Captured).name == "two")
    }

    /// Definitions handed over as an array (a function, or a closure with `return`) make a
    /// module too, as they did before the builder made its own value.
    @Test func aModuleOfAnArrayReturnedByAFunctionOrAReturnStatement() {
        func storage() -> [Definition] {
            (0..<3).map { index in factory(tag: index) { Greeting("storage \(index)") } }
        }
        let fromFunction = module(storage)
        #expect((fromFunction.resolve(tag: 2) as Greeting).text == "storage 2")
        let fromReturn = module { return [single { Greeting("returned") }] }
        #expect((fromReturn.resolve() as Greeting).text == "returned")
    }

    @Test func aLineThatCapturesNothingAndOneThatDoesAreEachOneDefinition() {
        let suffix = Captured("?")
        let container = module {
            single { Greeting("plain") }
            single(tag: "captured") { Greeting("captured" + suffix.name) }
        }
        #expect((container.resolve() as Greeting).text == "plain")
        #expect((container.resolve(tag: "captured") as Greeting).text == "captured?")
        #expect(container.resolveAll(Greeting.self).map(\.text).sorted() == ["captured?", "plain"])
    }
}
