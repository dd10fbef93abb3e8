import Hummingbird

/// The plain request context of the hand-wired app.
public struct HandRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// The same `/hello`, `/users/:id`, todo and `/stats` routes, wired by hand: what the Wiring app is
/// measured against.
public func handWiredRouter(
    database: Database = InMemoryDatabase(), todos: TodoStore = InMemoryTodoStore(), stats: ServerStats = ServerStats()
) -> Router<HandRequestContext> {
    let router = Router(context: HandRequestContext.self)
    router.get("/hello") { _, _ in "Hello" }
    router.get("/users/:id") { request, context -> User in
        stats.request()
        let info = RequestInfo(id: context.id, path: request.uri.path)
        let users = UserRepository(database: database, request: info)
        let audit = AuditLog(request: info, stats: stats)
        defer { audit.flush() }
        let id = try context.parameters.require("id", as: Int.self)
        audit.record("read user \(id)")
        guard let user = users.user(id: id) else { throw HTTPError(.notFound) }
        return user
    }
    router.addTodoRoutes { request, context in
        stats.request()
        let audit = AuditLog(request: RequestInfo(id: context.id, path: request.uri.path), stats: stats)
        return TodoRequests(store: todos, audit: audit)
    }
    router.get("/stats") { _, _ -> ServerStats.Snapshot in stats.snapshot }
    return router
}
