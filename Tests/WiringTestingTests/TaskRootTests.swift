import Testing
import Wiring
import WiringTesting

private protocol Chat: Sendable {}
private final class ChatService: Chat {}
private enum Session {}
private final class Cart: Sendable {}
private final class Mailer: Sendable {
    init(missing: any Missing) {}
}

private let chat = module {
    single { ChatService() as Chat }
}

private let core = module {
    single { EnglishGreeter() as Greeter }
    scope(Session.self) {
        scoped { Cart() }
    }
}

private let app = modules { core; chat }

/// Issue 21, item 8: a test's root (the `.wired` trait, `withRoot`) does what the app's root
/// does, for its own task alone: `load`, `unload`, `close()`, `openedScope(_:id:)` across
/// changes, the open scope count and `verifyRoot()`.
@Suite(.wired(app))
struct TaskRootTests {
    @Test func unloadAndLoadChangeTheTestsRoot() {
        #expect(resolveOptional() as Chat? != nil)
        DependencyContainer.unload(chat)
        #expect(resolveOptional() as Chat? == nil)
        #expect((resolve() as Greeter).greeting == "Hello")
        DependencyContainer.load(chat)
        #expect(resolveOptional() as Chat? != nil)
        #expect(DependencyContainer.shared.description.hasPrefix("root container"))
    }

    @Test func anOverrideModuleComesAndGoes() {
        let french = module { single { FrenchGreeter() as Greeter }.override() }
        DependencyContainer.load(french)
        #expect((resolve() as Greeter).greeting == "Bonjour")
        DependencyContainer.unload(french)
        #expect((resolve() as Greeter).greeting == "Hello")
    }

    @Test func aNestedRootChangesOnlyItself() {
        DependencyContainer.withRoot(module { single { FrenchGreeter() as Greeter } }) {
            DependencyContainer.load(chat)
            #expect(resolveOptional() as Chat? != nil)
        }
        // The suite's root was not touched by the nested one's load.
        DependencyContainer.unload(chat)
        #expect(resolveOptional() as Chat? == nil)
        #expect((resolve() as Greeter).greeting == "Hello")
    }

    @Test func scopesWithAnIdOutliveChangesAndCloseWithTheRoot() {
        let session = DependencyContainer.shared.openScope(Session.self, id: "u1")
        let anonymous = DependencyContainer.shared.openScope(Session.self)
        let cart: Cart = session.resolve()
        #expect(DependencyContainer.openScopeCount == 2)
        #expect(DependencyContainer.openScopeCount(of: Session.self) == 2)
        DependencyContainer.unload(chat)
        #expect(DependencyContainer.shared.openedScope(Session.self, id: "u1") === session)
        DependencyContainer.load(chat)
        #expect(DependencyContainer.shared.openedScope(Session.self, id: "u1") === session)
        #expect(session.resolve() as Cart === cart)
        // Closing the root closes every scope opened from it, as on the app's root.
        DependencyContainer.shared.close()
        #expect(session.isClosed)
        #expect(anonymous.isClosed)
        #expect(DependencyContainer.openScopeCount == 0)
    }

    @Test func verifyRootChecksTheTestsRoot() throws {
        try DependencyContainer.verifyRoot()
        DependencyContainer.load(module { factory { Mailer(missing: resolve()) } })
        #expect(throws: VerificationError.self) { try DependencyContainer.verifyRoot() }
    }

    /// Child tasks resolve from the test's root while another child task of the same test loads
    /// and unloads an override there: each sees the root before or after a change, never a mix,
    /// and the root ends as it began.
    @Test func readersOfTheTestsRootWhileItChanges() async {
        let french = module { single { FrenchGreeter() as Greeter }.override() }
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for _ in 0..<200 {
                    DependencyContainer.load(french)
                    DependencyContainer.unload(french)
                }
                return true
            }
            for _ in 0..<3 {
                group.addTask {
                    (0..<2_000).allSatisfy { _ in ["Hello", "Bonjour"].contains((resolve() as Greeter).greeting) }
                }
            }
            for await sawOnlyWholeRoots in group { #expect(sawOnlyWholeRoots) }
        }
        #expect((resolve() as Greeter).greeting == "Hello")
        #expect(resolveOptional() as Chat? != nil)
    }

    /// Many tasks, each with a root of its own, load and unload at once: none sees another's.
    @Test func rootsOfParallelTasksStayApart() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    DependencyContainer.withRoot(modules { core; chat }) {
                        (0..<50).allSatisfy { _ in
                            let french = index.isMultiple(of: 2)
                                ? module { single { FrenchGreeter() as Greeter }.override() }
                                : module { single { MockGreeter(greeting: "mock") as Greeter }.override() }
                            DependencyContainer.load(french)
                            let loaded = (resolve() as Greeter).greeting == (index.isMultiple(of: 2) ? "Bonjour" : "mock")
                            DependencyContainer.unload(french)
                            return loaded && (resolve() as Greeter).greeting == "Hello"
                        }
                    }
                }
            }
            for await stayedApart in group { #expect(stayedApart) }
        }
    }
}

/// A request scope made the task's root inside a test with a root of its own (a server test):
/// `load` and `unload` there act on the test's root, which the scope was opened from.
@Suite(.wired(app))
struct ScopeInTaskRootTests {
    @Test func loadUnderARequestScopeChangesTheTestsRoot() {
        let request = DependencyContainer.shared.openScope(Session.self)
        defer { request.close() }
        DependencyContainer.withRoot(request) {
            DependencyContainer.unload(chat)
            #expect(resolveOptional() as Chat? == nil)
            DependencyContainer.load(chat)
        }
        #expect(resolveOptional() as Chat? != nil)
        #expect(DependencyContainer.openScopeCount == 1)
    }
}
