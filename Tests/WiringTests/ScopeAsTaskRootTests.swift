import Dispatch
import Testing
import Wiring

private enum Request {}
private protocol Mailer: Sendable {}
private final class RequestInfo: Sendable {}
private final class Cart: Sendable {}

/// A request's scope made the task's root (`withRoot(scope)`, as a server middleware does): a
/// type nobody defines is an error, not an endless retry between the scope and the root.
@Suite(.serialized) struct ScopeAsTaskRootTests {
    @Test func aMissingTypeUnderAScopedTaskRootThrows() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: module { scope(Request.self) { scoped { RequestInfo() } } })
            let request = DependencyContainer.shared.openScope(Request.self, id: "r")
            defer { request.close() }
            DependencyContainer.withRoot(request) {
                let error = #expect(throws: WiringError.self) { _ = try resolveThrowing(Mailer.self) }
                #expect(error?.description.contains("nothing is registered for `Mailer`") == true)
                #expect((resolveOptional() as Mailer?) == nil)
                #expect((resolve() as RequestInfo) === (request.resolve() as RequestInfo))
            }
        }
    }

    /// While one thread runs under a request scope as its root and another under a root of its
    /// own, the other threads (no root of their own) keep reading the global root, and each of
    /// the two reads its own: the open scope count says only that some task has a root.
    @Test func threadsWithoutARootReadTheGlobalOneBesideThreadsUnderTheirs() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: module {
                single { RequestInfo() }
                scope(Request.self) { scoped { Cart() } }
            })
            let global = DependencyContainer.shared.resolve() as RequestInfo
            let own = module { single { RequestInfo() } }
            let request = DependencyContainer.shared.openScope(Request.self, id: "held")
            defer { request.close() }
            let entered = DispatchSemaphore(value: 0)
            let leave = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            let underScope = Collected<Bool>()
            let underOwn = Collected<Bool>()
            DispatchQueue.global().async(group: done) {
                DependencyContainer.withRoot(request) {
                    entered.signal()
                    leave.wait()
                    underScope.append((try? resolveThrowing(Cart.self)) === (request.resolve() as Cart))
                    underScope.append((resolve() as RequestInfo) === global)
                }
            }
            DispatchQueue.global().async(group: done) {
                DependencyContainer.withRoot(own) {
                    entered.signal()
                    leave.wait()
                    underOwn.append((resolve() as RequestInfo) === (own.resolve() as RequestInfo))
                    underOwn.append((resolve() as RequestInfo) !== global)
                }
            }
            entered.wait()
            entered.wait()
            let outside = Collected<Bool>()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<500 { outside.append((resolve() as RequestInfo) === global) }
            }
            leave.signal()
            leave.signal()
            done.wait()
            #expect(outside.all.count == 2_000 && outside.all.allSatisfy { $0 })
            #expect(underScope.all == [true, true])
            #expect(underOwn.all == [true, true])
        }
    }
}
