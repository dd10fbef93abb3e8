// What WiringOnTheServer's Hummingbird blocks take as given: the types of the article's first
// block (`RequestScope`, `RequestInfo`, `UserRepository`), a `User` to answer with, a `prepare`
// closure and the app's module and router for the test. Compiled with each block by
// `check-snippets.py --server`.
import Hummingbird
import Wiring
import WiringHummingbird

enum RequestScope {}

struct RequestInfo: Sendable {
    let id: String
    let path: String
}

struct User: ResponseCodable {
    let id: Int
    let name: String
}

protocol Database: Sendable {
    func user(id: Int) -> User?
}

struct OneUserDatabase: Database {
    func user(id: Int) -> User? { id == 1 ? User(id: 1, name: "Ada") : nil }
}

final class UserRepository: Sendable {
    let database: any Database
    let request: RequestInfo
    init(database: any Database, request: RequestInfo) {
        self.database = database
        self.request = request
    }
    func user(id: Int) throws -> User {
        guard let user = database.user(id: id) else { throw HTTPError(.notFound) }
        return user
    }
}

extension DependencyContainer {
    static let app = module {
        single { OneUserDatabase() as any Database }
        scope(RequestScope.self) {
            declared(RequestInfo.self, example: { RequestInfo(id: "example", path: "/") })
            scoped { UserRepository(database: resolve(), request: resolve()) }
        }
    }
}

/// Declares the request's values in its scope, for the article's route groups.
func prepare<Context: RequestContext>(_ request: Request, _ context: Context, _ scope: DependencyContainer)
    throws {
    try scope.declareThrowing(RequestInfo(id: context.id, path: request.uri.path))
}

struct TestRequestContext: ScopedRequestContext {
    var coreContext: CoreRequestContextStorage
    var requestScope: DependencyContainer?
    init(source: Source) { coreContext = .init(source: source) }
}

/// The app's router, as the test block builds its application from it.
func wiredRouter() -> Router<TestRequestContext> {
    let router = Router(context: TestRequestContext.self)
    router.add(middleware: RequestScopeMiddleware(RequestScope.self, prepare: prepare))
    router.get("/users/:id") { _, context -> User in
        try (resolveThrowing() as UserRepository).user(id: context.parameters.require("id", as: Int.self))
    }
    return router
}
