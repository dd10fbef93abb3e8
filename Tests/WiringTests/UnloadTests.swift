import Foundation
import Wiring
import Testing

private protocol Chat: AnyObject, Sendable {}
private final class ChatService: Chat {}
private final class Core: Sendable {}
private final class Cart: Sendable {}
private final class Profile: Sendable {}
private enum Session {}

extension DependencyContainer {
    fileprivate static let unloadCore = module {
        single { Core() }
    }
    fileprivate static let unloadChat = module {
        includes(.unloadCore)
        single { ChatService() as Chat }
        factory { Profile() }
        scope(Session.self) {
            scoped { Cart() }
        }
    }
    fileprivate static let unloadProfile = module {
        includes(.unloadCore)
        single(tag: "profile") { Profile() }
    }
    fileprivate static let unloadApp = modules { .unloadChat; .unloadProfile }
}

/// `unload` of any module of the root, as KOIN's `unloadModules`; these define the global root,
/// so they run serialized and exclusively.
@Suite(.serialized) struct UnloadTests {
    @Test func aStartUpModuleUnloadsWhileThreeThreadsResolve() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let core = ObjectIdentifier(resolve() as Core)
            weak let chat: Chat? = resolve() as Chat
            #expect(chat != nil)
            let mismatches = Counter()
            runOnThreads(4) { index in
                if index == 0 {
                    DependencyContainer.unload(.unloadChat)
                    for _ in 0..<100 {
                        DependencyContainer.load(.unloadChat)
                        DependencyContainer.unload(.unloadChat)
                    }
                } else {
                    for _ in 0..<3_000 {
                        if ObjectIdentifier(resolve() as Core) != core { mismatches.increment() }
                        if let chat: Chat = resolveOptional() { _ = chat }
                        _ = resolve(tag: "profile") as Profile
                    }
                }
            }
            #expect(mismatches.count == 0)
            #expect(chat == nil)  // released, though it came with defined(by:)
            #expect(resolveOptional() as Chat? == nil)
            #expect(resolveOptional() as Profile? == nil)
            // The core stays: the profile module brings it too.
            #expect(ObjectIdentifier(resolve() as Core) == core)
        }
    }

    @Test func unloadingReachesAScopeThatIsAlreadyOpen() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let session = DependencyContainer.shared.openScope(Session.self)
            weak let cart: Cart? = session.resolve() as Cart
            #expect(cart != nil)
            DependencyContainer.unload(.unloadChat)
            #expect(cart == nil)
            #expect(session.resolveOptional() as Cart? == nil)
            #expect(throws: WiringError.self) { try session.resolveThrowing(Cart.self) }
            // What the scope reaches in the root and was not unloaded is still there.
            #expect(session.resolveOptional() as Core? != nil)
            session.close()
        }
    }

    @Test func aScopeThatStayedOpenResolvesAReloadedModuleAgain() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let session = DependencyContainer.shared.openScope(Session.self)
            let before: Cart = session.resolve()
            DependencyContainer.unload(.unloadChat)
            #expect(session.resolveOptional() as Cart? == nil)
            DependencyContainer.load(.unloadChat)
            let after: Cart = session.resolve()
            #expect(after !== before)
            #expect(session.resolve() as Cart === after)
            session.close()
        }
    }

    @Test func aSharedModuleStaysUntilNoModuleBringsIt() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let core: Core = resolve()
            DependencyContainer.unload(.unloadProfile)
            #expect(resolveOptional(tag: "profile") as Profile? == nil)
            #expect(resolve() as Core === core)
            DependencyContainer.unload(.unloadCore)
            #expect(resolveOptional() as Core? == nil)
            #expect(resolveOptional() as Chat? != nil)
            DependencyContainer.load(.unloadCore)
            #expect(resolveOptional() as Core? != nil)
            #expect(resolve() as Core !== core)  // built afresh
        }
    }

    @Test func anUnloadedStartUpModuleLoadsAgain() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let first: Chat = resolve()
            DependencyContainer.unload(.unloadChat)
            DependencyContainer.load(.unloadChat)
            let second: Chat = resolve()
            #expect(first !== second)
            #expect(resolve() as Chat === second)
        }
    }

    @Test func replacedRootsAreReleased() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single(tag: "root") { Core() } })
            for _ in 0..<1_000 {
                weak let before = DependencyContainer.shared
                DependencyContainer.load(.unloadProfile)
                #expect(before == nil)
                weak let loaded = DependencyContainer.shared
                DependencyContainer.unload(.unloadProfile)
                #expect(loaded == nil)
            }
        }
    }

    @Test func aRootHeldByTheAppOutlivesTheChange() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let held = DependencyContainer.shared
            let chat: Chat = held.resolve()
            DependencyContainer.unload(.unloadChat)
            // The old root still answers for what stayed, and names what was unloaded.
            #expect(held.resolveOptional() as Core? != nil)
            #expect(held.resolveOptional() as Chat? == nil)
            #expect(throws: WiringError.self) { try held.resolveThrowing(Chat.self) }
            _ = chat
        }
    }

    @Test func aFactoryThatOpensAScopeNeverDeadlocksWithAnUnload() throws {
        final class Holder: Sendable {
            let session: DependencyContainer
            init(session: DependencyContainer) { self.session = session }
        }
        let holders = module {
            single { Holder(session: DependencyContainer.shared.openScope(Session.self)) }
        }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .unloadApp)
            let finished = DispatchGroup()
            for index in 0..<2 {
                finished.enter()
                Thread {
                    for _ in 0..<300 {
                        if index == 0 {
                            DependencyContainer.load(holders)
                            (resolve() as Holder).session.close()
                            DependencyContainer.unload(holders)
                        } else {
                            DependencyContainer.unload(.unloadProfile)
                            DependencyContainer.load(.unloadProfile)
                        }
                    }
                    finished.leave()
                }.start()
            }
            // A deadlock fails the test instead of hanging the run.
            #expect(finished.wait(timeout: .now() + 60) == .success)
        }
    }

    @Test func loadingAModuleTheRootAlreadyHasNamesBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: .unloadApp)
            DependencyContainer.load(.unloadChat)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "Wiring: the module declared at WiringTests/UnloadTests.swift:16 is already loaded "
                        + "(first at WiringTests/UnloadTests.swift:"))
            #expect(output.contains("Fix: load a module once; `DependencyContainer.unload(_:)` it before loading it again."))
        }
    }

    @Test func unloadingTwiceNamesTheModule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: .unloadApp)
            DependencyContainer.unload(.unloadProfile)
            DependencyContainer.unload(.unloadProfile)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "Wiring: cannot unload the module declared at WiringTests/UnloadTests.swift:24: "
                        + "the root does not include it."))
        }
    }
}

/// `resolveOptional`, `resolveThrowing` and `resolve` agree on a closed scope.
@Suite struct ClosedScopeTests {
    private enum Visit {}
    private final class Ticket: Sendable {}
    private final class Guide: Sendable {}

    @Test func aClosedScopeHasNothingOptionalAndThrowsForEverything() throws {
        let container = module {
            single { Core() }
            scope(Visit.self) {
                scoped { Ticket() }
                factory(tag: "tour") { Guide() }
            }
        }
        let visit = container.openScope(Visit.self)
        #expect(visit.resolveOptional() as Ticket? != nil)
        visit.close()
        #expect(visit.resolveOptional() as Ticket? == nil)
        #expect(visit.resolveOptional(tag: "tour") as Guide? == nil)
        #expect(visit.resolveOptional() as Core? == nil)  // the container's, seen through the closed scope
        for error in [
            #expect(throws: WiringError.self) { try visit.resolveThrowing(Ticket.self) },
            #expect(throws: WiringError.self) { try visit.resolveThrowing(Guide.self, tag: "tour") },
            #expect(throws: WiringError.self) { try visit.resolveThrowing(Core.self) },
        ] {
            guard case .scopeClosed(let scope, _, _) = error else {
                Issue.record("expected scopeClosed, got \(String(describing: error))")
                continue
            }
            #expect(scope == "Visit")
        }
    }
}
