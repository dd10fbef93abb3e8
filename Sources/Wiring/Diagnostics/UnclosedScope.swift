extension DependencyContainer {
    /// Called when a scope is freed without `close()`: its `.onClose` callbacks and its own
    /// ``onClose(file:line:_:)`` callbacks never ran. `nil` (the default) turns it off.
    ///
    /// A server that opens a scope per request sets it at start-up to find the path that forgets
    /// to close one:
    ///
    /// ```swift
    /// DependencyContainer.onUnclosedScope = { scope in
    ///     print("warning: \(scope) was freed without close()")
    /// }
    /// ```
    ///
    /// A scope opened with an id stays open until `close()`, so it is never freed unclosed:
    /// ``openScopeCount`` counts those left open. The hook runs on the thread that dropped the
    /// last reference, outside every Wiring lock.
    public static var onUnclosedScope: (@Sendable (UnclosedScope) -> Void)? {
        get { UnclosedScopeObserver.shared.current }
        set { UnclosedScopeObserver.shared.current = newValue }
    }
}

/// A scope freed without `close()`, as ``DependencyContainer/onUnclosedScope`` reports it.
public struct UnclosedScope: Sendable, CustomStringConvertible {
    /// The scope's type, as `scope(_:_:)` names it.
    public let scope: String
    /// Where it was opened.
    public let openedAt: CodeLocation

    public var description: String { "scope \(scope) opened at \(openedAt)" }
}

/// The observer of `onUnclosedScope`, behind a lock.
final class UnclosedScopeObserver: @unchecked Sendable {
    // `observer` is only touched under `lock`.
    static let shared = UnclosedScopeObserver()
    private let lock = Lock()
    private var observer: (@Sendable (UnclosedScope) -> Void)?

    var current: (@Sendable (UnclosedScope) -> Void)? {
        get { lock.withLock { observer } }
        set { lock.withLock { observer = newValue } }
    }
}
