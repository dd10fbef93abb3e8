internal import _WiringShims

/// The root a task sees instead of the global one, set by `DependencyContainer.withRoot`.
///
/// Reading a task-local value costs a lookup in the current task, so the resolve path only does
/// it while some scope is open anywhere in the process: a C counter is read with one relaxed
/// load first, and is zero in an app that never uses scoped roots.
enum ScopedRoot {
    /// What a task sees as its root.
    enum Value: Sendable {
        /// A scope made the task's root (a server's request scope): resolves read it, and
        /// `load`/`unload` still change the global root, which the scope was opened from.
        case scope(DependencyContainer)
        /// A root of the task's own, as the global one is: `load`, `unload`, `close()` and the
        /// open scope count act on it (a test's root, from `withRoot` or the `.wired` trait).
        case root(RootState)
    }

    /// What the task-local holds: the scope or the root state itself, as one reference. Reading
    /// a task-local copies its value through its type's value witnesses; for one reference that
    /// is a retain, where the two-case `Value` went through an enum's witnesses (tag, copy,
    /// destroy), which a free `resolve()` inside a request paid each time.
    struct Stored: Sendable {
        /// A `DependencyContainer` (a scope) or a `RootState`: both are final classes, so the
        /// dynamic type tells them apart.
        let object: AnyObject & Sendable

        init(_ value: Value) {
            switch value {
            case let .scope(scope): object = scope
            case let .root(state): object = state
            }
        }

        var value: Value {
            if let state = object as? RootState { return .root(state) }
            return .scope(object as! DependencyContainer)  // `init` stores one of the two
        }
    }

    /// The task-local value, declared without the property wrapper so that the inlinable
    /// `withRoot` binds it in the caller's specialized code.
    static let key = TaskLocal<Stored?>(wrappedValue: nil)

    /// The task's value.
    static var value: Value? { key.get()?.value }

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

    static func open() { wiring_add_open_scopes(1) }
    static func close() { wiring_add_open_scopes(-1) }
}
