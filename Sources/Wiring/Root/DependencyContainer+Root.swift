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
        do {
            try root.define(container, at: CodeLocation(file, line)).startEagerSingletons()
        } catch {
            wiringFailure(error.requested(at: CodeLocation(file, line)))
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
        if let frame = ResolutionFrame.current {
            return try body(frame.pointee.container)
        }
        // Retained, not borrowed: a `load`/`unload` may replace the root while this resolves.
        guard let container = root.retained else {
            throw .rootNotDefined(type: typeName(type), tag: tag()?.description, requestedAt: nil)
        }
        return try body(container)
    }

    /// The container of the resolution running on this thread, if any.
    static var resolving: DependencyContainer? {
        ResolutionFrame.current?.pointee.container
    }
}

extension DependencyContainer {
    /// Runs `body` with no root defined before it and none after, holding a process-wide lock so
    /// that tests in different targets that define the root never overlap. For Wiring's own
    /// tests; not API.
    @_spi(Testing)
    public static func _withExclusiveRoot<Value>(_ body: () throws -> Value) throws -> Value {
        try exclusiveRootLock.withLock { () throws -> Value in
            root.reset()
            defer { root.reset() }
            return try body()
        }
    }
}

extension DependencyContainer {
    /// A container with this one's definitions and singletons of its own. For `WiringTesting`.
    @_spi(Testing)
    public func _fresh(file: StaticString = #fileID, line: UInt = #line) -> DependencyContainer {
        overridden(by: [], at: CodeLocation(file, line))
    }

    /// The current root (scoped or global) with `overrides`' definitions replacing those of the
    /// same type and tag. For `WiringTesting`.
    @_spi(Testing)
    public static func _overlay(
        _ overrides: DependencyContainer, file: StaticString = #fileID, line: UInt = #line
    ) -> DependencyContainer {
        overlay(overrides.definitions, at: CodeLocation(file, line))
    }
}
