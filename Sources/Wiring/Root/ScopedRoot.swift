internal import _WiringShims

/// The root a task sees instead of the global one, set by `DependencyContainer.withRoot`.
///
/// Reading a task-local value costs a lookup in the current task, so the resolve path only does
/// it while some scope is open anywhere in the process: a C counter is read with one relaxed
/// load first, and is zero in an app that never uses scoped roots.
enum ScopedRoot {
    @TaskLocal static var container: DependencyContainer?

    /// The task's scoped root, if any scope is open and this task is inside one.
    @inline(__always)
    static var current: DependencyContainer? {
        guard wiring_open_scope_count() != 0 else { return nil }
        return container
    }

    static func open() { wiring_add_open_scopes(1) }
    static func close() { wiring_add_open_scopes(-1) }
}
