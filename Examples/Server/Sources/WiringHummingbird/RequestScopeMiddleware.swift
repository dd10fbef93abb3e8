import Hummingbird
import Wiring

/// Gives every request a Wiring scope of its own: opened before the handler, holding the values
/// `prepare` declares, current for the handler (a free `resolve()`, `@Inject` or
/// `@LazyInject` in code the handler runs reads it), and closed once the response is written.
///
/// ```swift
/// enum RequestScope {}
///
/// let router = Router(context: AppRequestContext.self)
/// router.add(middleware: RequestScopeMiddleware(RequestScope.self) { request, context, scope in
///     try scope.declareThrowing(RequestInfo(id: context.id, path: request.uri.path))
/// })
/// router.get("/users/:id") { request, context in
///     let users: UserRepository = try resolveThrowing()   // the request's own
///     …
/// }
/// ```
///
/// Nothing a request does wrong stops the server: a scope that cannot open, a `declare` that
/// fails, a value the scope announces with `declared(_:example:)` but `prepare` forgot, and any
/// ``WiringError`` the handler throws (from `resolveThrowing()`) become a 500, with the Wiring
/// message logged at error level. The scope closes on every path: after the body is written
/// (a streamed body included, which resolves from the scope while it writes), when the handler
/// throws, and when the response is dropped unwritten.
public struct RequestScopeMiddleware<Context: ScopedRequestContext, Scope>: RouterMiddleware {
    private let container: @Sendable () -> DependencyContainer
    private let prepare: @Sendable (Request, Context, DependencyContainer) async throws -> Void

    /// - Parameters:
    ///   - scope: The scope type, as the modules declare it with `scope(S.self) { … }`.
    ///   - container: Where each request's scope is opened from: the global root by default (a
    ///     test's `.wired(…)` root inside a test).
    ///   - prepare: Declares the request's values in its scope.
    public init(
        _ scope: Scope.Type,
        from container: @escaping @Sendable () -> DependencyContainer = { DependencyContainer.shared },
        prepare: @escaping @Sendable (Request, Context, DependencyContainer) async throws -> Void
    ) {
        self.container = container
        self.prepare = prepare
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let scope: DependencyContainer
        do {
            scope = try container().openScopeThrowing(Scope.self, id: context.id)
        } catch {
            throw Self.failure(error, context: context)
        }
        let lease = ScopeLease(scope)
        var context = context
        context.requestScope = scope
        do {
            try await prepare(request, context, scope)
            try scope.checkDeclared()
            var response = try await DependencyContainer.withRoot(scope) { try await next(request, context) }
            let body = response.body
            // The body may be a stream that resolves from the scope while it writes: the scope
            // stays open and current until the body is written, then closes.
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                defer { lease.close() }
                try await DependencyContainer.withRoot(lease.scope) { try await body.write(writer) }
            }
            return response
        } catch let error as WiringError {
            lease.close()
            throw Self.failure(error, context: context)
        } catch {
            lease.close()
            throw error
        }
    }

    /// A Wiring mistake in one request: logged with its full message, answered with a 500.
    private static func failure(_ error: WiringError, context: Context) -> HTTPError {
        context.logger.error("\(error.description)")
        return HTTPError(.internalServerError)
    }
}
