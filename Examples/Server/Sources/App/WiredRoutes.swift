import Hummingbird
import Wiring
import WiringHummingbird

/// The request context of the Wiring app: it carries the request's scope.
public struct AppRequestContext: ScopedRequestContext {
    public var coreContext: CoreRequestContextStorage
    public var requestScope: DependencyContainer?

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// A type no module defines, for the route that shows a missing registration becoming a 500.
public protocol Mailer: Sendable {}

/// The app's routes, wired with Wiring: every request gets a `RequestScope` from the middleware.
public func wiredRouter() -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    let prepare: @Sendable (Request, AppRequestContext, DependencyContainer) async throws -> Void = {
        request, context, scope in
        try scope.declareThrowing(RequestInfo(id: context.id, path: request.uri.path))
        try scope.resolveThrowing(ServerStats.self).request()
    }
    // Routes that answer with a value: the scope closes as the handler returns.
    let values = router.group()
        .add(middleware: RequestScopeMiddleware(RequestScope.self, closing: .afterHandler, prepare: prepare))
    // Routes that stream: the scope stays open until the body is written.
    let streams = router.group()
        .add(middleware: RequestScopeMiddleware(RequestScope.self, prepare: prepare))

    values.get("/hello") { _, _ in "Hello" }

    // The request's repository and audit log, resolved with free functions: the middleware made
    // the request's scope current, so they read it.
    values.get("/users/:id") { _, context -> User in
        let id = try context.parameters.require("id", as: Int.self)
        let users: UserRepository = try resolveThrowing()
        let audit: AuditLog = try resolveThrowing()
        audit.record("read user \(id)")
        guard let user = users.user(id: id) else { throw HTTPError(.notFound) }
        return user
    }

    // A handler that throws after using the scope: its audit log is still flushed (`.onClose`).
    values.get("/fail") { _, context -> String in
        let audit: AuditLog = try context.scope().resolveThrowing()
        audit.record("about to fail")
        throw HTTPError(.badRequest, message: "this route always fails")
    }

    // A Wiring mistake: `Mailer` is defined nowhere. The request gets a 500 and the log says
    // why; the server goes on.
    values.get("/broken") { _, _ -> String in
        let mailer: Mailer = try resolveThrowing()
        return "\(mailer)"
    }

    // A streamed body that resolves from the request's scope while it writes: the scope stays
    // open until the body is written.
    streams.get("/stream") { _, _ -> Response in
        let body = ResponseBody { writer in
            for part in 0..<3 {
                let audit: AuditLog = try resolveThrowing()
                audit.record("part \(part)")
                try await writer.write(ByteBuffer(string: "part \(part)\n"))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, body: body)
    }

    // The todos, through the request's own repository (request-scoped, over the root's store).
    values.addTodoRoutes { _, _ in try resolveThrowing() }

    values.get("/stats") { _, _ -> ServerStats.Snapshot in
        try resolveThrowing(ServerStats.self).snapshot
    }
    return router
}
