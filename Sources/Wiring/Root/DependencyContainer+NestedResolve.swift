// The free resolve functions, spelled as static members of `DependencyContainer`.
//
// Modules are written as `static let` properties in `extension DependencyContainer`. Inside one,
// an unqualified `resolve()` is looked up among `DependencyContainer`'s members first, finds the
// instance method `resolve()` and stops there ("cannot use instance member 'resolve' within
// property initializer"): the global function is never considered. These static members make
// the name resolve in that position, to exactly what the free function does.

extension DependencyContainer {
    /// What the free ``resolve(file:line:)`` does: resolves `T` from the container building the
    /// caller, or the global root.
    ///
    /// It exists so that a factory written inside `extension DependencyContainer` can say
    /// `resolve()` as it would anywhere else:
    ///
    /// ```swift
    /// extension DependencyContainer {
    ///     static let storage = module {
    ///         single { Database(path: "app.sqlite") }
    ///         factory { Repository(database: resolve()) }   // this member, the free function's twin
    ///     }
    /// }
    /// ```
    public static func resolve<T>(file: StaticString = #fileID, line: UInt = #line) -> T {
        Wiring.resolve(file: file, line: line)
    }

    /// What the free ``resolve(tag:file:line:)`` does, for factories written inside
    /// `extension DependencyContainer`: `factory { Sync(storage: resolve(tag: Store.user)) }`.
    public static func resolve<T, Tag: Hashable & Sendable>(
        tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        Wiring.resolve(tag: tag, file: file, line: line)
    }

    /// What the free ``resolveOptional(tag:file:line:)`` does, for factories written inside
    /// `extension DependencyContainer`: `single { Tracker(analytics: resolveOptional()) }`.
    public static func resolveOptional<T>(
        tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        Wiring.resolveOptional(tag: tag, file: file, line: line)
    }

    /// What the free ``resolveThrowing(_:tag:file:line:)`` does, for factories written inside
    /// `extension DependencyContainer`: `factory { Repository(database: try resolveThrowing()) }`.
    public static func resolveThrowing<T>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) -> T {
        try Wiring.resolveThrowing(type, tag: tag, file: file, line: line)
    }

    /// What the free ``resolveThrowing(_:parameters:_:file:line:)`` does, for factories written
    /// inside `extension DependencyContainer`: `factory { Screen(model: try resolveThrowing(parameters: 42)) }`.
    public static func resolveThrowing<T, First, each More>(
        _ type: T.Type = T.self, parameters first: First, _ more: repeat each More, file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) -> T {
        try Wiring.resolveThrowing(type, parameters: first, repeat each more, file: file, line: line)
    }

    /// What the free ``resolve(parameters:file:line:)`` does, for factories written inside
    /// `extension DependencyContainer`: `factory { Screen(model: resolve(parameters: 42)) }`.
    public static func resolve<T, each Parameter>(
        parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        Wiring.resolve(parameters: repeat each parameters, file: file, line: line)
    }

    /// What the free ``resolve(tag:parameters:file:line:)`` does, for factories written inside
    /// `extension DependencyContainer`.
    public static func resolve<T, Tag: Hashable & Sendable, each Parameter>(
        tag: Tag, parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        Wiring.resolve(tag: tag, parameters: repeat each parameters, file: file, line: line)
    }

    /// What the free ``resolveAll(_:file:line:)`` does, for factories written inside
    /// `extension DependencyContainer`: `single { PluginHost(plugins: resolveAll()) }`.
    public static func resolveAll<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> [T] {
        Wiring.resolveAll(type, file: file, line: line)
    }

    /// What the free ``resolveAsync(_:tag:file:line:)`` does, for async factories written inside
    /// `extension DependencyContainer`: `single { await Sync(database: resolveAsync()) }`.
    public static func resolveAsync<T: Sendable>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) async -> T {
        await Wiring.resolveAsync(type, tag: tag, file: file, line: line)
    }

    /// What the free ``resolveAsyncThrowing(_:tag:file:line:)`` does, for async factories written
    /// inside `extension DependencyContainer`.
    public static func resolveAsyncThrowing<T: Sendable>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) async throws(WiringError) -> T {
        try await Wiring.resolveAsyncThrowing(type, tag: tag, file: file, line: line)
    }
}
