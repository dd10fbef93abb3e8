@_spi(Testing) import Wiring
import Testing

private enum Request {}
private protocol Mailer: Sendable {}
private final class RequestInfo: Sendable {}

/// A request's scope made the task's root (`withRoot(scope)`, as a server middleware does): a
/// type nobody defines is an error, not an endless retry between the scope and the root.
@Suite(.serialized) struct ScopeAsTaskRootTests {
    @Test func aMissingTypeUnderAScopedTaskRootThrows() throws {
        try DependencyContainer._withExclusiveRoot { () throws in
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
}
