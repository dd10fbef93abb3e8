/// A definition's `.onClose { }` callback.
enum CloseCallback: Sendable {
    case sync(@Sendable (Any) -> Void)
    /// Awaited by ``DependencyContainer/shutdown(timeout:)``; `close()` starts it on a task.
    case async(@Sendable (Any) async throws -> Void)
}

/// A definition's `.onStart { }` hook, run by ``DependencyContainer/start(timeout:)``.
typealias StartHook = @Sendable (Any) async throws -> Void

/// What a definition runs at the edges of its instances' lives: `.onStart { }` and
/// `.onClose { }`. Kept in the definition's extras; most definitions have none.
struct LifecycleHooks: Sendable {
    var close: CloseCallback?
    var start: StartHook?
    /// The error that says `start` could never run on an instance (it is not the type the hook
    /// takes), `nil` if it can: what `verify()` asks of each instance it builds.
    var startCheck: (@Sendable (Any) -> WiringError?)?

    /// These hooks with `other`'s set ones replacing them.
    func adding(_ other: LifecycleHooks) -> LifecycleHooks {
        LifecycleHooks(
            close: other.close ?? close, start: other.start ?? start,
            startCheck: other.start != nil ? other.startCheck : startCheck)
    }
}
