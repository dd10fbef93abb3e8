#if !ServiceLifecycle
import Wiring

// What this module holds when Wiring's package is added without the `ServiceLifecycle` trait (or
// `Hummingbird`, which enables it): the names a server writes first, each unavailable with a
// message that says which trait to add, so that a missing trait is not a bare "value of type
// 'DependencyContainer' has no member 'lifecycleServices'".

extension DependencyContainer {
    /// Enable the `ServiceLifecycle` (or `Hummingbird`) trait to get the services:
    /// `.package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.2.0", traits: ["ServiceLifecycle"])`.
    @available(
        *, unavailable,
        message: "needs the trait \"ServiceLifecycle\" (or \"Hummingbird\") on Wiring's .package line"
    )
    public func lifecycleServices() -> [Any] { [] }

    /// Enable the `ServiceLifecycle` (or `Hummingbird`) trait to get the app's start:
    /// `.package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.2.0", traits: ["ServiceLifecycle"])`.
    @available(
        *, unavailable,
        message: "needs the trait \"ServiceLifecycle\" (or \"Hummingbird\") on Wiring's .package line"
    )
    public func startBeforeServing(
        attempts: Int = 5, timeout: Duration = .seconds(30), delay: Duration = .seconds(1),
        onRetry: @escaping @Sendable (_ error: LifecycleError, _ attempt: Int) -> Void = { _, _ in }
    ) async throws {}
}

/// Enable the `ServiceLifecycle` (or `Hummingbird`) trait to get the service wrapper:
/// `.package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.2.0", traits: ["ServiceLifecycle"])`.
@available(
    *, unavailable,
    message: "needs the trait \"ServiceLifecycle\" (or \"Hummingbird\") on Wiring's .package line"
)
public struct WiredService {}
#endif
