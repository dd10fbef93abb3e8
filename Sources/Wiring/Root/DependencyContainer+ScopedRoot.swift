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
    /// Normal resolution pays one relaxed atomic load for this feature, and only while no frame
    /// of a running resolution tells it the container already.
    public static func withRoot<Result>(
        _ container: DependencyContainer, operation: () throws -> Result
    ) rethrows -> Result {
        ScopedRoot.open()
        defer { ScopedRoot.close() }
        return try ScopedRoot.$container.withValue(container, operation: operation)
    }

    /// Runs the asynchronous `operation` with `container` as the task's root; see
    /// ``withRoot(_:operation:)``.
    ///
    /// ```swift
    /// try await DependencyContainer.withRoot(testContainer) {
    ///     try await model.refresh()
    /// }
    /// ```
    public static func withRoot<Result>(
        _ container: DependencyContainer,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        ScopedRoot.open()
        defer { ScopedRoot.close() }
        return try await ScopedRoot.$container.withValue(container, operation: operation)
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
        @ModuleBuilder _ overrides: () -> [Definition],
        operation: () throws -> Result
    ) rethrows -> Result {
        try withRoot(overlay(overrides(), at: CodeLocation(file, line)), operation: operation)
    }

    /// The asynchronous form of ``withOverrides(file:line:_:operation:)``.
    public static func withOverrides<Result>(
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation,
        @ModuleBuilder _ overrides: () -> [Definition],
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await withRoot(overlay(overrides(), at: CodeLocation(file, line)), operation: operation)
    }

    /// The current root's definitions, with `overrides` in place of those they replace.
    ///
    /// With no root there is nothing to override: layering on an empty container would hide
    /// the real mistake behind "nothing is registered" messages, so it stops and says so.
    static func overlay(_ overrides: [Definition], at site: CodeLocation) -> DependencyContainer {
        guard let base = root.retained else {
            wiringFailure(.rootNeeded(operation: "DependencyContainer.withOverrides(_:operation:)", requestedAt: site))
        }
        return base.overridden(by: overrides, at: site)
    }

    /// A new container with this one's definitions, `overrides` replacing those of the same
    /// type and tag.
    func overridden(by overrides: [Definition], at site: CodeLocation) -> DependencyContainer {
        let overrides = Part.parts(of: overrides).flattened()
        let replaced = Set(overrides.map(\.info.key))
        let kept = definitions.filter { !replaced.contains($0.info.key) }
        return DependencyContainer(definitions: kept + overrides, site: site)
    }
}
