extension DependencyContainer {
    /// Installs `container` as the global root that `resolve()` and the property wrappers use.
    ///
    /// Call it once at start-up, before anything is injected:
    ///
    /// ```swift
    /// @main
    /// struct App {
    ///     static func main() {
    ///         DependencyContainer.defined(by: modules { .backend; .network; .app })
    ///         …
    ///     }
    /// }
    /// ```
    ///
    /// With a single module, pass it directly:
    /// `DependencyContainer.defined(by: module { single { AppState() as AppStateProtocol } })`.
    ///
    /// The root holds `container`'s definitions and builds instances of its own from them, so
    /// that ``unload(_:file:line:)`` can take any of its modules out again; the container you
    /// pass keeps its own instances, as a KOIN module is only a list of definitions.
    ///
    /// > Warning: Defining the root a second time stops the program with a message naming both
    /// > call sites.
    public static func defined(by container: DependencyContainer, file: StaticString = #fileID, line: UInt = #line) {
        orStop(at: CodeLocation(file, line)) { () throws(WiringError) in
            try root.define(container, at: CodeLocation(file, line)).startEagerSingletons()
        }
    }

    /// The global root container.
    ///
    /// ```swift
    /// let backend: BackendProtocol = DependencyContainer.shared.resolve()
    /// ```
    ///
    /// > Warning: Stops the program with a message if ``defined(by:file:line:)-(DependencyContainer,_,_)`` has not run yet.
    public static var shared: DependencyContainer {
        guard let container = root.retained else {
            wiringFailure(.rootNotDefined(type: "DependencyContainer.shared", tag: nil, requestedAt: nil))
        }
        return container
    }

    /// The container that a free `resolve()` on this thread reads: the container of the
    /// resolution running on this thread, else the global root.
    @inline(__always)
    static func withCurrent<Value>(
        type: Any.Type,
        tag: @autoclosure () -> Tag?,
        _ body: (DependencyContainer) throws(WiringError) -> Value
    ) throws(WiringError) -> Value {
        if let container = resolving {
            return try body(container)
        }
        // Retained, not borrowed: a `load`/`unload` may replace the root while this resolves.
        guard let container = root.retained else {
            throw .rootNotDefined(type: typeName(type), tag: tag()?.description, requestedAt: nil)
        }
        return try body(container)
    }

    /// The container of the resolution running on this thread, if any.
    static var resolving: DependencyContainer? {
        ThreadResolution.innermostContainer
    }
}

extension DependencyContainer {
    /// Runs `body` with no root defined before it and none after, holding a process-wide lock so
    /// that tests in different targets that define the root never overlap. For `WiringTesting`
    /// and Wiring's own tests; not API.
    package static func withExclusiveRoot<Value>(_ body: () throws -> Value) throws -> Value {
        exclusiveRoot.acquire()
        defer { exclusiveRoot.release() }
        root.reset()
        defer { root.reset() }
        return try body()
    }

    /// The asynchronous form of `withExclusiveRoot(_:)`: waits for its turn suspended, and
    /// keeps it across the suspensions of `body`.
    package static func withExclusiveRoot<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
    ) async throws -> Value {
        await exclusiveRoot.acquire()
        defer { exclusiveRoot.release() }
        root.reset()
        defer { root.reset() }
        return try await body()
    }
}

extension DependencyContainer {
    /// Runs `operation` with a root of the task's own, made of `container`'s modules with
    /// singletons of its own, as `defined(by:)` makes the global root. For `WiringTesting`.
    package static func withTaskRoot(
        definedBy container: DependencyContainer, file: StaticString = #fileID, line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Void
    ) async rethrows {
        let site = CodeLocation(file, line)
        let state = orStop(at: site) { () throws(WiringError) in try RootState(taskDefinedBy: container, at: site) }
        try await withRootState(state, operation)
    }

    /// Runs `operation` with a root of the task's own: the current root's modules, `overrides`'
    /// definitions replacing those of the same type and tag. For `WiringTesting`.
    package static func withTaskRoot(
        overriding overrides: DependencyContainer, file: StaticString = #fileID, line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Void
    ) async rethrows {
        try await withRootState(overriding(overrides, at: CodeLocation(file, line)), operation)
    }
}
