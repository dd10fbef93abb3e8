/// One entry of a module: a type, an optional tag, a lifetime and the closure that builds it.
/// `single { }`, `factory { }` and the other forms return a ``TypedDefinition``, which knows the
/// type it builds; ``AnyDefinition`` is one that does not.
///
/// ```swift
/// let definitions: [Definition] = [
///     single { Backend() as BackendProtocol },
///     factory { StopWatch() },
/// ]
/// let app = module { definitions }
/// ```
public protocol Definition: Sendable {
    /// The definition without its static type: what a module keeps.
    var erased: AnyDefinition { get }
}

/// A definition that knows the type it builds, `Value`: what `single { }`, `factory { }`,
/// `scoped { }` and the other forms return, so that the hooks chained to it take their
/// parameter's type from it.
///
/// ```swift
/// single { TodoRepository(client: resolve()) }
///     .onStart { repository in try await repository.createTable() }
///     .onClose { $0.close() }
/// ```
///
/// Its modifiers are ``AnyDefinition``'s, each keeping the type; the hooks also come in a form
/// whose closure names another type the instance may be (a protocol it conforms to).
public struct TypedDefinition<Value>: Definition {
    public let erased: AnyDefinition

    @usableFromInline
    init(_ erased: AnyDefinition) {
        self.erased = erased
    }

    /// See ``AnyDefinition/override()``.
    public func override() -> Self { Self(erased.override()) }

    /// See ``AnyDefinition/createdAtStart()``.
    public func createdAtStart() -> Self { Self(erased.createdAtStart()) }

    /// See ``AnyDefinition/bind(_:file:line:)``.
    @inlinable
    public func bind<Secondary>(_ type: Secondary.Type, file: StaticString = #fileID, line: UInt = #line) -> Self {
        Self(erased.bind(type, file: file, line: line))
    }

    /// Runs `body` on this singleton's instance when the app starts its services (see
    /// ``AnyDefinition/onStart(file:line:_:)``), the instance typed as the definition builds it.
    ///
    /// ```swift
    /// single { TodoRepository(client: resolve()) }
    ///     .onStart { repository in try await repository.createTable() }
    /// ```
    public func onStart(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: Value) async throws -> Void
    ) -> Self {
        Self(erased.onStart(file: file, line: line, body))
    }

    /// The same hook, for an instance taken as another type `T` it may be.
    public func onStart<T>(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: T) async throws -> Void
    ) -> Self {
        Self(erased.onStart(file: file, line: line, body))
    }

    /// Runs `body` on this definition's instance when Wiring releases it (see
    /// `AnyDefinition`'s `onClose`).
    ///
    /// ```swift
    /// scoped { Connection(to: server) }
    ///     .onClose { $0.disconnect() }
    /// ```
    public func onClose(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: Value) -> Void
    ) -> Self {
        Self(erased.onClose(file: file, line: line, body))
    }

    /// The same callback, for an instance taken as another type `T` it may be.
    public func onClose<T>(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: T) -> Void
    ) -> Self {
        Self(erased.onClose(file: file, line: line, body))
    }

    /// Awaits `body` on this definition's instance when Wiring releases it (see
    /// ``DependencyContainer/shutdown(timeout:)``).
    ///
    /// ```swift
    /// single { PostgresClient(configuration: configuration) }
    ///     .onClose { client async throws in try await client.drain() }
    /// ```
    public func onClose(
        file: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @Sendable (_ instance: Value) async throws -> Void
    ) -> Self {
        Self(erased.onClose(file: file, line: line, body))
    }

    /// The same callback, for an instance taken as another type `T` it may be.
    public func onClose<T>(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: T) async throws -> Void
    ) -> Self {
        Self(erased.onClose(file: file, line: line, body))
    }

    /// Runs the `@MainActor` `body` on this definition's instance when Wiring releases it: at once
    /// on the main actor, queued to it from anywhere else.
    ///
    /// ```swift
    /// single { @MainActor in PlayerViewModel() }
    ///     .onClose { @MainActor model in model.stop() }
    /// ```
    public func onClose(
        isolation: MainActor.Type = MainActor.self, file: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (_ instance: Value) -> Void
    ) -> Self {
        Self(erased.onClose(isolation: isolation, file: file, line: line, body))
    }

    /// The same callback, for an instance taken as another type `T` it may be.
    public func onClose<T>(
        isolation: MainActor.Type = MainActor.self, file: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (_ instance: T) -> Void
    ) -> Self {
        Self(erased.onClose(isolation: isolation, file: file, line: line, body))
    }
}
