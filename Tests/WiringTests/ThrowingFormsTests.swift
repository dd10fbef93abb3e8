import Testing
import Wiring

private enum Request {}
private enum Session {}
private protocol Context: AnyObject, Sendable {}
private final class Activity: Context {}
private final class Visitor: Sendable {}
private final class Cart: Sendable {}
private final class Chat: Sendable {}

private let shop = module {
    scope(Request.self) { scoped { Visitor() } }
    scope(Session.self) { scoped { Cart() } }
}

/// The throwing forms of the calls that otherwise stop the program: a caller that cannot check
/// first without a race (another thread may close the scope, or load the module) recovers.
struct ThrowingFormsTests {
    @Test func linkingToAClosedScopeThrowsAndTheScopeStillResolvesItsOwn() {
        let request = shop.openScope(Request.self)
        let session = shop.openScope(Session.self)
        session.close()
        let error = #expect(throws: WiringError.self) { try request.linkThrowing(to: session) }
        guard case .scopeClosed(let scope, _, let requestedAt)? = error else {
            Issue.record("expected scopeClosed, got \(String(describing: error))")
            return
        }
        #expect(scope == "Session")
        #expect(requestedAt?.fileID == "WiringTests/ThrowingFormsTests.swift")
        #expect(request.resolve() as Visitor === request.resolve() as Visitor)
        #expect(request.resolveOptional() as Cart? == nil)  // nothing was linked

        let open = shop.openScope(Session.self)
        try? request.linkThrowing(to: open)
        #expect(request.resolve() as Cart === open.resolve() as Cart)
    }

    @Test func aLinkThatWouldCloseACycleThrows() {
        let request = shop.openScope(Request.self)
        let session = shop.openScope(Session.self)
        request.link(to: session)
        let error = #expect(throws: WiringError.self) { try session.linkThrowing(to: request) }
        guard case .scopeLinkCycle(let scope, let linkedTo, _)? = error else {
            Issue.record("expected scopeLinkCycle, got \(String(describing: error))")
            return
        }
        #expect(scope == "Session")
        #expect(linkedTo == "Request")
    }

    @Test func onlyAScopeLinksOrTakesACloseCallback() {
        let session = shop.openScope(Session.self)
        let link = #expect(throws: WiringError.self) { try shop.linkThrowing(to: session) }
        let callback = #expect(throws: WiringError.self) { try shop.onCloseThrowing {} }
        for error in [link, callback] {
            guard case .notAScope? = error else {
                Issue.record("expected notAScope, got \(String(describing: error))")
                continue
            }
        }
    }

    /// One thread closes the scope while the other links to it: the link either lands (and then
    /// stops reaching the scope once it is closed) or throws, and nothing stops.
    @Test func aLinkRacingTheOtherScopesCloseLinksOrThrowsAndNeverStops() {
        let linked = Counter()
        let refused = Counter()
        for _ in 0..<200 {
            let request = shop.openScope(Request.self)
            let session = shop.openScope(Session.self)
            runOnThreads(2) { thread in
                if thread == 0 {
                    session.close()
                    return
                }
                do throws(WiringError) {
                    try request.linkThrowing(to: session)
                    linked.increment()
                } catch {
                    if case .scopeClosed = error { refused.increment() } else { Issue.record("\(error)") }
                }
            }
            #expect(request.resolveOptional() as Cart? == nil)  // the session is closed by now
            request.close()
        }
        #expect(linked.count + refused.count == 200)
    }

    @Test func aCloseCallbackRunsOnceAtCloseAndAClosedScopeRefusesOne() throws {
        let session = shop.openScope(Session.self)
        let runs = Counter()
        try session.onCloseThrowing { runs.increment() }
        #expect(runs.count == 0)
        session.close()
        #expect(runs.count == 1)

        let error = #expect(throws: WiringError.self) { try session.onCloseThrowing { runs.increment() } }
        guard case .scopeClosed(let scope, _, _)? = error else {
            Issue.record("expected scopeClosed, got \(String(describing: error))")
            return
        }
        #expect(scope == "Session")
        #expect(runs.count == 1)
    }

    @Test func aValueDeclaredWithABindingIsBothTypesOrThrows() throws {
        let session = shop.openScope(Session.self)
        let activity = Activity()
        try session.declareThrowing(activity, binding: Context.self)
        #expect(session.resolve() as Activity === activity)
        #expect(session.resolve() as Context === activity)

        let twice = #expect(throws: WiringError.self) { try session.declareThrowing(Activity(), binding: Context.self) }
        guard case .valueAlreadyDeclared(let type, _, _, _, _)? = twice else {
            Issue.record("expected valueAlreadyDeclared, got \(String(describing: twice))")
            return
        }
        #expect(type == "Activity")

        let unrelated = #expect(throws: WiringError.self) { try session.declareThrowing(Cart(), binding: Context.self) }
        guard case .invalidBinding(let bound, let boundTo, _)? = unrelated else {
            Issue.record("expected invalidBinding, got \(String(describing: unrelated))")
            return
        }
        #expect(bound == "Cart")
        #expect(boundTo == "Context")
        #expect(session.resolve() as Context === activity)  // the first value stays
    }
}

private let core = module { single { Visitor() } }
private let chat = module { single { Chat() } }
private let conflicting = module { single { Visitor() } }
private struct Refused: Error {}
private let failingStart = module {
    single { () throws -> Cart in throw Refused() }.createdAtStart()
    single(tag: "beside") { Chat() }
}

/// `loadThrowing` and `unloadThrowing` change the global root, so these run serialized and
/// exclusively.
@Suite(.serialized) struct ThrowingModuleChangeTests {
    @Test func loadingAModuleTwiceThrowsAndKeepsItsSingletons() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            try DependencyContainer.loadThrowing(chat)
            let first: Chat = resolve()
            let error = #expect(throws: WiringError.self) { try DependencyContainer.loadThrowing(chat) }
            guard case .moduleAlreadyLoaded? = error else {
                Issue.record("expected moduleAlreadyLoaded, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains("ThrowingFormsTests.swift") == true)
            #expect(resolve() as Chat === first)
        }
    }

    @Test func aConflictingModuleThrowsAndTheRootIsUnchanged() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            let before: Visitor = resolve()
            let error = #expect(throws: WiringError.self) { try DependencyContainer.loadThrowing(conflicting) }
            guard case .duplicateDefinition(let type, _, _, _)? = error else {
                Issue.record("expected duplicateDefinition, got \(String(describing: error))")
                return
            }
            #expect(type == "Visitor")
            #expect(resolve() as Visitor === before)
            #expect(throws: WiringError.self) { try DependencyContainer.unloadThrowing(conflicting) }
        }
    }

    @Test func unloadingAModuleTheRootDoesNotHaveThrows() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            try DependencyContainer.loadThrowing(chat)
            try DependencyContainer.unloadThrowing(chat)
            #expect(resolveOptional() as Chat? == nil)
            let error = #expect(throws: WiringError.self) { try DependencyContainer.unloadThrowing(chat) }
            guard case .moduleNotLoaded? = error else {
                Issue.record("expected moduleNotLoaded, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func anEagerSingletonThatFailsIsThrownAndItsModuleStaysLoaded() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            let error = #expect(throws: WiringError.self) { try DependencyContainer.loadThrowing(failingStart) }
            guard case .factoryFailed(let type, _, _, _, _)? = error else {
                Issue.record("expected factoryFailed, got \(String(describing: error))")
                return
            }
            #expect(type == "Cart")
            #expect(resolveOptional(tag: "beside") as Chat? != nil)
            #expect(throws: WiringError.self) { try DependencyContainer.loadThrowing(failingStart) }
            try DependencyContainer.unloadThrowing(failingStart)
            #expect(resolveOptional(tag: "beside") as Chat? == nil)
        }
    }

    /// Inside a task's own root (`withRoot`, a test's root), the throwing forms change that root
    /// alone, as `load` and `unload` do.
    @Test func inATasksOwnRootTheyChangeThatRootAlone() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            try DependencyContainer.withRoot(core) {
                try DependencyContainer.loadThrowing(chat)
                #expect(resolveOptional() as Chat? != nil)
                #expect(throws: WiringError.self) { try DependencyContainer.loadThrowing(chat) }
                try DependencyContainer.unloadThrowing(chat)
                #expect(resolveOptional() as Chat? == nil)
            }
            #expect(resolveOptional() as Chat? == nil)
            try DependencyContainer.loadThrowing(chat)  // the global root never had it
            #expect(resolveOptional() as Chat? != nil)
        }
    }

    @Test func withoutARootLoadingThrows() throws {
        try DependencyContainer.withExclusiveRoot {
            let error = #expect(throws: WiringError.self) { try DependencyContainer.loadThrowing(chat) }
            guard case .rootNeeded? = error else {
                Issue.record("expected rootNeeded, got \(String(describing: error))")
                return
            }
        }
    }
}
