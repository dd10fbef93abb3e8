#if Hummingbird  // the trait of the same name: without it this product is empty (see Package.swift)
import Wiring

/// Closes a request's scope exactly once: when the response body is written, when the handler
/// throws, or, if the response is dropped before its body is written (a client that went away),
/// when the last reference to the lease goes. A scope therefore closes on every path.
@usableFromInline
final class ScopeLease: Sendable {
    @usableFromInline let scope: DependencyContainer

    @usableFromInline
    init(_ scope: DependencyContainer) {
        self.scope = scope
    }

    /// Closes the scope now (closing twice does nothing).
    @usableFromInline
    func close() {
        scope.close()
    }

    deinit {
        scope.close()
    }
}
#endif
