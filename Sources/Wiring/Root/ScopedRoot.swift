internal import _WiringShims

/// The root a task sees instead of the global one, set by `DependencyContainer.withRoot`.
///
/// Reading a task-local value costs a lookup in the current task, so the resolve path only does
/// it while some scope is open anywhere in the process: a C counter is read with one relaxed
/// load first, and is zero in an app that never uses scoped roots.
@usableFromInline
enum ScopedRoot {
    /// What a task sees as its root.
    @usableFromInline
    enum Value: Sendable {
        /// A scope made the task's root (a server's request scope): resolves read it, and
        /// `load`/`unload` still change the global root, which the scope was opened from.
        case scope(DependencyContainer)
        /// A root of the task's own, as the global one is: `load`, `unload`, `close()` and the
        /// open scope count act on it (a test's root, from `withRoot` or the `.wired` trait).
        case root(RootState)
    }

    /// The task-local value, declared without the property wrapper so that the inlinable
    /// `withRoot` binds it in the caller's specialized code.
    @usableFromInline
    static let key = TaskLocal<Value?>(wrappedValue: nil)

    /// The task's value.
    static var value: Value? { key.get() }

    /// The task's scoped root, if any scope is open and this task is inside one.
    @inline(__always)
    static var current: Value? {
        guard wiring_open_scope_count() != 0 else { return nil }
        return value
    }

    /// The task's own root state, if it runs with a root of its own (not a scope).
    static var state: RootState? {
        if case let .root(state)? = current { return state }
        return nil
    }

    @usableFromInline
    static func open() { wiring_add_open_scopes(1) }
    @usableFromInline
    static func close() { wiring_add_open_scopes(-1) }
}
