internal import _WiringShims

/// The root a task sees instead of the global one, set by `DependencyContainer.withRoot`.
///
/// Reading a task-local value costs a lookup in the current task, so the resolve path only does
/// it while some scope is open anywhere in the process: `openScopes` is read with one relaxed
/// load first, and is zero in an app that never uses scoped roots.
enum ScopedRoot {
    @TaskLocal static var container: DependencyContainer?

    /// How many `withRoot` scopes are running, on any task.
    nonisolated(unsafe) static let openScopes: UnsafeMutablePointer<Int> = {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        return counter
    }()

    /// The task's scoped root, if any scope is open and this task is inside one.
    @inline(__always)
    static var current: DependencyContainer? {
        guard wiring_atomic_load_relaxed_long(openScopes) != 0 else { return nil }
        return container
    }

    static func open() { wiring_atomic_add_long(openScopes, 1) }
    static func close() { wiring_atomic_add_long(openScopes, -1) }
}
