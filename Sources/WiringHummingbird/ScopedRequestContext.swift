#if Hummingbird  // the trait of the same name: without it this product is empty (see Package.swift)
import Hummingbird
import Wiring

/// A request context that carries the request's Wiring scope, which ``RequestScopeMiddleware``
/// opens before the handler runs and closes once the response is written.
///
/// ```swift
/// struct AppRequestContext: ScopedRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var requestScope: DependencyContainer?
///     init(source: Source) { coreContext = .init(source: source) }
/// }
/// ```
public protocol ScopedRequestContext: RequestContext {
    /// The request's scope, set by ``RequestScopeMiddleware``; `nil` outside it.
    var requestScope: DependencyContainer? { get set }
}

extension ScopedRequestContext {
    /// The request's scope. Throws a 500 when no ``RequestScopeMiddleware`` runs before the
    /// handler, rather than stopping the server.
    ///
    /// ```swift
    /// router.get("/users/:id") { request, context in
    ///     let users = try context.scope().resolveThrowing(UserRepository.self)
    ///     …
    /// }
    /// ```
    public func scope() throws -> DependencyContainer {
        guard let requestScope else {
            logger.error("no request scope: add RequestScopeMiddleware before this route")
            throw HTTPError(.internalServerError)
        }
        return requestScope
    }
}
#endif
