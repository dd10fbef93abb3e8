#if !Hummingbird
import Wiring

// What this module holds when Wiring's package is added without the `Hummingbird` trait: the
// names a server writes first, each unavailable with a message that says which trait to add, so
// that a missing trait is not a bare "cannot find 'RequestScopeMiddleware' in scope".

/// Enable the `Hummingbird` trait to get the request-scope middleware:
/// `.package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.2.0", traits: ["Hummingbird"])`.
@available(
    *, unavailable,
    message: "WiringHummingbird is empty: add traits: [\"Hummingbird\"] to Wiring's .package line"
)
public struct RequestScopeMiddleware {
    /// Enable the `Hummingbird` trait: without it, this initializer only says so.
    @available(
        *, unavailable,
        message: "WiringHummingbird is empty: add traits: [\"Hummingbird\"] to Wiring's .package line"
    )
    public init<Scope>(
        _ scope: Scope.Type, from container: Any? = nil, closing: Any? = nil,
        prepare: @escaping (Any, Any, DependencyContainer) async throws -> Void
    ) {}
}

/// Enable the `Hummingbird` trait to get the request context that carries a scope:
/// `.package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.2.0", traits: ["Hummingbird"])`.
@available(
    *, unavailable,
    message: "WiringHummingbird is empty: add traits: [\"Hummingbird\"] to Wiring's .package line"
)
public protocol ScopedRequestContext {}
#endif
