import Wiring

extension DependencyContainer {
    /// Defines `container` as the *global* root for the duration of `body`, then removes it.
    ///
    /// For code that insists on the global root: threads that are not tasks of the test
    /// (`Thread`, `DispatchQueue` blocks) do not see a task-local root set by
    /// ``Wiring/DependencyContainer/withRoot(_:operation:)`` or the `.wired` trait.
    ///
    /// ```swift
    /// @Test func syncsOnABackgroundQueue() throws {
    ///     try DependencyContainer.withGlobalRoot(module { single { MockBackend() as BackendProtocol } }) {
    ///         try Syncer().runOnBackgroundQueue()
    ///     }
    /// }
    /// ```
    ///
    /// Calls are serialized process-wide: a second test that calls it waits until the first is
    /// done, so tests that need the global root never see each other's. No root is defined
    /// before `body` runs nor after it returns; the root gets singletons of its own, never
    /// `container`'s. Inside `body` the root is the app's as `defined(by:)` makes it:
    /// `load(_:)` and `unload(_:)` of the modules `container` is made of, `close()`,
    /// `openedScope(_:id:)`, `verifyRoot()` and `onBuild` all act on it.
    public static func withGlobalRoot<Result>(
        _ container: DependencyContainer,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: () throws -> Result
    ) throws -> Result {
        try withExclusiveRoot {
            // The module itself, as `main` passes it: `defined(by:)` gives the root singletons of
            // its own, and `unload(_:)` finds the modules `container` is made of.
            DependencyContainer.defined(by: container, file: file, line: line)
            return try body()
        }
    }

    /// The asynchronous form of ``withGlobalRoot(_:file:line:_:)``: `body` may `await`, and keeps
    /// the global root to itself across its suspensions.
    ///
    /// ```swift
    /// @Test func refreshesOnABackgroundQueue() async throws {
    ///     try await DependencyContainer.withGlobalRoot(.app) {
    ///         try await Syncer().refreshOnBackgroundQueue()
    ///     }
    /// }
    /// ```
    ///
    /// While it waits for its turn it is suspended, holding no thread. A synchronous
    /// ``withGlobalRoot(_:file:line:_:)`` waiting meanwhile blocks its thread, though: put the
    /// tests that use the global root in one `.serialized` suite, or use one form throughout, so
    /// that waiting tests never hold every thread an awaiting one needs to resume on.
    public static func withGlobalRoot<Result>(
        _ container: DependencyContainer,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        try await withExclusiveRoot {
            DependencyContainer.defined(by: container, file: file, line: line)
            return try await body()
        }
    }
}
