extension DependencyContainer {
    /// Runs `operation` with `container` as the root that `resolve()` and the property wrappers
    /// read, for the current task and the tasks it creates, and nowhere else.
    ///
    /// Swift Testing runs tests in parallel; each test can wire its own graph without touching
    /// the global root the others see:
    ///
    /// ```swift
    /// @Test func profileShowsTheUser() {
    ///     let container = module {
    ///         single { MockBackend() as BackendProtocol }
    ///         factory { ProfileViewModel() }
    ///     }
    ///     DependencyContainer.withRoot(container) {
    ///         let model: ProfileViewModel = resolve()   // built with MockBackend
    ///         #expect(model.title == "Mock user")
    ///     }
    /// }
    /// ```
    ///
    /// Scopes nest: the innermost wins. A thread that is not running a task inside the scope
    /// (a `Thread`, a `DispatchQueue` block) still sees the global root.
    ///
    /// Inside, the container is the task's root as `defined(by:)` makes the global one:
    /// ``load(_:file:line:)`` and ``unload(_:file:line:)`` change it (for this task and the
    /// tasks it created, never the global root), ``close(file:line:)`` on it closes the scopes
    /// opened from it, ``openedScope(_:id:)`` finds them across loads and unloads, and
    /// ``openScopeCount`` counts them. A scope given as the root (a server's request scope) is
    /// only read: `load` and `unload` there change the global root.
    ///
    /// Normal resolution pays one relaxed atomic load for this feature, and only while no frame
    /// of a running resolution tells it the container already.
    public static func withRoot<Result>(
        _ container: DependencyContainer, operation: () throws -> Result
    ) rethrows -> Result {
        ScopedRoot.open()
        defer { ScopedRoot.close() }
        return try ScopedRoot.key.withValue(ScopedRoot.Stored(taskRoot(container)), operation: operation)
    }

    /// Runs the asynchronous `operation` with `container` as the task's root; see
    /// ``withRoot(_:operation:)``.
    ///
    /// ```swift
    /// try await DependencyContainer.withRoot(testContainer) {
    ///     try await model.refresh()
    /// }
    /// ```
    ///
    /// Inlinable, so that it runs specialized where it is called: a server's request middleware
    /// runs it on every request.
    public static func withRoot<Result>(
        _ container: DependencyContainer,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        ScopedRoot.open()
        defer { ScopedRoot.close() }
        return try await ScopedRoot.key.withValue(ScopedRoot.Stored(taskRoot(container)), operation: operation)
    }

    /// What `withRoot(container)` makes the task's root: a scope as it is; any other container
    /// as the first version of a root of the task's own, which `load` and `unload` change as they
    /// change the global root.
    static func taskRoot(_ container: DependencyContainer) -> ScopedRoot.Value {
        container.scope != nil ? .scope(container) : .root(RootState(task: container))
    }

    /// Runs `operation` with the current root plus `overrides`, which replace the root's
    /// definitions of the same type and tag, for the current task only.
    ///
    /// ```swift
    /// DependencyContainer.withOverrides {
    ///     single { MockBackend() as BackendProtocol }
    /// } operation: {
    ///     let state: AppStateProtocol = resolve()   // the real AppState, with MockBackend
    /// }
    /// ```
    ///
    /// Inside, every singleton is built afresh (once per scope), so that one built with an
    /// override never reaches the real root, and everything that depends on an overridden type
    /// sees the override.
    ///
    /// > Warning: Stops the program with a message if no root is defined: define one first, or
    /// > use ``withRoot(_:operation:)`` with the app's modules.
    public static func withOverrides<Result>(
        file: StaticString = #fileID,
        line: UInt = #line,
        @ModuleBuilder _ overrides: () -> [AnyDefinition],
        operation: () throws -> Result
    ) rethrows -> Result {
        let site = CodeLocation(file, line)
        return try withRootState(overriding(DependencyContainer(definitions: overrides(), site: site), at: site), operation)
    }

    /// The asynchronous form of ``withOverrides(file:line:_:operation:)``.
    public static func withOverrides<Result>(
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation,
        @ModuleBuilder _ overrides: () -> [AnyDefinition],
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let site = CodeLocation(file, line)
        return try await withRootState(
            overriding(DependencyContainer(definitions: overrides(), site: site), at: site), operation)
    }

    /// A root of the task's own: the current root's modules, with `overrides`' definitions
    /// replacing those of the same type and tag.
    ///
    /// With no root there is nothing to override: layering on an empty container would hide
    /// the real mistake behind "nothing is registered" messages, so it stops and says so.
    static func overriding(_ overrides: DependencyContainer, at site: CodeLocation) -> RootState {
        return orStop { () throws(WiringError) in
            try RootState(taskOverriding: .ofCurrentTask, with: overrides, at: site)
        }
    }

    /// Runs `operation` with `state` as the task's root.
    static func withRootState<Result>(_ state: RootState, _ operation: () throws -> Result) rethrows -> Result {
        ScopedRoot.open()
        defer { ScopedRoot.close() }
        return try ScopedRoot.key.withValue(ScopedRoot.Stored(.root(state)), operation: operation)
    }

    /// Runs the asynchronous `operation` with `state` as the task's root.
    static func withRootState<Result>(
        _ state: RootState, isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        ScopedRoot.open()
        defer { ScopedRoot.close() }
        return try await ScopedRoot.key.withValue(ScopedRoot.Stored(.root(state)), operation: operation)
    }
}
