#if Hummingbird  // the trait of the same name: without it this product is empty (see Package.swift)
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
///
/// Routes whose bodies are plain values (JSON, text) can close the scope as the handler
/// returns, which saves wrapping every response body: add the middleware with
/// `closing: .afterHandler` to those routes' group, and keep the default ``ScopeClosing/afterBody``
/// for routes that stream.
///
/// ```swift
/// let api = router.group("api")
///     .add(middleware: RequestScopeMiddleware(RequestScope.self, closing: .afterHandler) { … })
/// let streams = router.group("streams")
///     .add(middleware: RequestScopeMiddleware(RequestScope.self) { … })
/// ```
///
/// The `handle` method is `@inlinable`, so that it is specialized for the app's request context
/// (a generic middleware from another module would copy that context through its type's
/// metadata on every request).
public struct RequestScopeMiddleware<Context: ScopedRequestContext, Scope>: RouterMiddleware {
    @usableFromInline let container: @Sendable () -> DependencyContainer
    @usableFromInline let prepare: @Sendable (Request, Context, DependencyContainer) async throws -> Void
    @usableFromInline let closing: ScopeClosing

    /// - Parameters:
    ///   - scope: The scope type, as the modules declare it with `scope(S.self) { … }`.
    ///   - container: Where each request's scope is opened from: the global root by default (a
    ///     test's `.wired(…)` root inside a test).
    ///   - closing: When the scope closes: after the response body is written (the default,
    ///     which a streamed body that resolves from the scope needs), or as the handler returns.
    ///   - prepare: Declares the request's values in its scope.
    public init(
        _ scope: Scope.Type,
        from container: @escaping @Sendable () -> DependencyContainer = { DependencyContainer.shared },
        closing: ScopeClosing = .afterBody,
        prepare: @escaping @Sendable (Request, Context, DependencyContainer) async throws -> Void
    ) {
        self.container = container
        self.closing = closing
        self.prepare = prepare
    }

    @inlinable
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let scope: DependencyContainer
        do {
            scope = try container().openScopeThrowing(Scope.self, id: context.id)
        } catch {
            throw Self.failure(error, context: context)
        }
        var context = context
        context.requestScope = scope
        guard closing == .afterBody else {
            // Closed as the handler returns or throws: nothing to wrap, nothing to allocate.
            defer { scope.close() }
            return try await respond(to: request, context: context, in: scope, next: next)
        }
        let lease = ScopeLease(scope)
        do {
            var response = try await respond(to: request, context: context, in: scope, next: next)
            let body = response.body
            // The body may be a stream that resolves from the scope while it writes: the scope
            // stays open and current until the body is written, then closes. A response dropped
            // unwritten closes it when the last reference to the lease goes.
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                defer { lease.close() }
                try await DependencyContainer.withRoot(lease.scope) { try await body.write(writer) }
            }
            return response
        } catch {
            lease.close()
            throw error
        }
    }

    /// Prepares the request's scope and runs the handler with the scope current; a
    /// ``WiringError`` on the way becomes a 500.
    @inlinable
    func respond(
        to request: Request, context: Context, in scope: DependencyContainer,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            try await prepare(request, context, scope)
            try scope.checkDeclared()
            return try await DependencyContainer.withRoot(scope) { try await next(request, context) }
        } catch let error as WiringError {
            throw Self.failure(error, context: context)
        }
    }

    /// A Wiring mistake in one request: logged with its full message, answered with a 500.
    @usableFromInline
    static func failure(_ error: WiringError, context: Context) -> HTTPError {
        context.logger.error("\(error.description)")
        return HTTPError(.internalServerError)
    }
}

/// When a request's scope closes; see ``RequestScopeMiddleware``.
public enum ScopeClosing: Sendable, Equatable {
    /// After the response body is written, on every path: a streamed body may resolve from the
    /// scope while it writes. Each response body is wrapped to know when it is written.
    case afterBody
    /// As the handler returns (or throws): nothing is wrapped, and a body written later must
    /// not resolve from the scope (a `resolveThrowing()` there throws that the scope is closed).
    case afterHandler
}
#endif
