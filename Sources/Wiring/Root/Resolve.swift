/// Resolves the instance registered for `T` without a tag, from the global root.
///
/// Works anywhere, and notably as a constructor's default argument:
///
/// ```swift
/// struct AppState: AppStateProtocol {
///     private let backend: BackendProtocol
///
///     init(backend: BackendProtocol = resolve()) {
///         self.backend = backend
///     }
/// }
/// ```
///
/// Inside a factory that a container is running, it resolves from that container, so a module
/// resolved on its own (in a test, say) wires its own graph without a global root.
///
/// > Warning: Stops the program with a message naming the type, the resolution path and the
/// > fix if nothing is registered, or if ``DependencyContainer/defined(by:file:line:)-(DependencyContainer,_,_)`` has not
/// > run yet. Use ``resolveOptional(file:line:)`` for dependencies that may be absent.
public func resolve<T>(file: StaticString = #fileID, line: UInt = #line) -> T {
    resolveOrStop(T.self, tag: nil, file: file, line: line) { container throws(WiringError) in
        try container.resolveCore(T.self)
    }
}

/// A free `resolve()`: `attempt` on the container a free resolve reads, tried again while modules
/// are being prepared in the background; a failure stops with where it was requested.
private func resolveOrStop<T>(
    _: T.Type, tag: @autoclosure () -> Tag?, file: StaticString, line: UInt,
    _ attempt: (DependencyContainer) throws(WiringError) -> T
) -> T {
    do {
        return try DependencyContainer.withCurrent(type: T.self, tag: tag(), attempt)
    } catch {
        return resolveAfterMiss(error, file: file, line: line) { () throws(WiringError) -> T in
            try DependencyContainer.withCurrent(type: T.self, tag: tag(), attempt)
        }
    }
}

/// `_resolveSlowly` once it failed with `error`: `attempt` tried again while modules are being
/// prepared in the background (see ``BackgroundModules``), else the failure. Out of line, so that
/// a nested resolve's frame (a deep graph has one per level) does not carry the retry.
@inline(never)
private func resolveAfterMiss<T>(
    _ error: WiringError, file: StaticString, line: UInt, _ attempt: () throws(WiringError) -> T
) -> T {
    do {
        return try resolveAfterFailure(error, file: file, line: line, attempt)
    } catch {
        wiringFailure(error)
    }
}

/// Resolves the instance registered for `T` with `tag`, from the global root.
///
/// ```swift
/// init(storage: LocalStorageProtocol = resolve(tag: StorageContext.systemdata)) { … }
/// ```
///
/// - Parameter tag: The tag used at registration: an enum case, a string, any
///   `Hashable & Sendable` value.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Parameter line: The line of the call, for messages.
public func resolve<T, Tag: Hashable & Sendable>(tag: Tag, file: StaticString = #fileID, line: UInt = #line) -> T {
    resolveOrStop(T.self, tag: Wiring.Tag(tag), file: file, line: line) { container throws(WiringError) in
        try container.resolveCore(T.self, tag: tag)
    }
}

/// Resolves `T` from the global root, or returns `nil` if nothing is registered for it.
///
/// ```swift
/// let analytics: Analytics? = resolveOptional()
/// ```
///
/// > Warning: The root itself must be defined; resolving before
/// > ``DependencyContainer/defined(by:file:line:)-(DependencyContainer,_,_)`` stops the program with a message.
public func resolveOptional<T>(file: StaticString = #fileID, line: UInt = #line) -> T? {
    do {
        return try BackgroundModules.retrying(optional: { () throws(WiringError) -> T? in
            try DependencyContainer.withCurrent(type: T.self, tag: nil) { container in
                container.resolveOptional(file: file, line: line)
            }
        })
    } catch {
        wiringFailure(error.requested(at: CodeLocation(file, line)))
    }
}

/// Resolves `T` with `tag` from the global root, or returns `nil` if nothing is registered.
public func resolveOptional<T, Tag: Hashable & Sendable>(
    tag: Tag, file: StaticString = #fileID, line: UInt = #line
) -> T? {
    do {
        return try BackgroundModules.retrying(optional: { () throws(WiringError) -> T? in
            try DependencyContainer.withCurrent(type: T.self, tag: Wiring.Tag(tag)) { container in
                container.resolveOptional(tag: tag, file: file, line: line)
            }
        })
    } catch {
        wiringFailure(error.requested(at: CodeLocation(file, line)))
    }
}

/// Resolves `type` from the global root (or the container building the caller), throwing a
/// ``WiringError`` instead of stopping the program if it cannot.
///
/// ```swift
/// do {
///     let backend = try resolveThrowing(BackendProtocol.self)
/// } catch {
///     print(error)   // .rootNotDefined, .missingDefinition or .cycle, with the full message
/// }
/// ```
///
/// Inside a factory, `try resolveThrowing()` propagates: the factory may throw, and the error
/// comes out of the outermost `resolveThrowing` with the whole resolution path. A factory's
/// plain `resolve()` calls cannot throw through its closure: they stop the program with the
/// same message (use ``DependencyContainer/verify()-178vl`` in a test to find those as thrown errors).
///
/// ```swift
/// static let storage = module {
///     single { try Database(path: "app.sqlite") }
///     factory { Repository(database: try resolveThrowing()) }
/// }
/// ```
public func resolveThrowing<T>(
    _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
) throws(WiringError) -> T {
    do {
        return try attemptResolve(T.self)
    } catch {
        return try resolveAfterFailure(error, file: file, line: line) { () throws(WiringError) in
            try attemptResolve(T.self)
        }
    }
}

/// One attempt of `resolveThrowing(_:file:line:)`.
private func attemptResolve<T>(_: T.Type) throws(WiringError) -> T {
    try DependencyContainer.withCurrent(type: T.self, tag: nil) { container throws(WiringError) in
        try container.resolveCore(T.self)
    }
}

/// A throwing resolve once it failed with `error`: `attempt` tried again while modules are being
/// prepared in the background (see ``BackgroundModules``), else the failure with where it was
/// requested. Out of line, so that a nested resolve's frame does not carry the retry.
@inline(never)
private func resolveAfterFailure<T>(
    _ error: WiringError, file: StaticString, line: UInt, _ attempt: () throws(WiringError) -> T
) throws(WiringError) -> T {
    do {
        return try BackgroundModules.retrying(after: error, attempt)
    } catch {
        throw error.requested(at: CodeLocation(file, line))
    }
}

/// Resolves `type` registered with `tag` from the global root, throwing a ``WiringError`` if it
/// cannot.
///
/// ```swift
/// let storage = try resolveThrowing(LocalStorageProtocol.self, tag: StorageContext.userdata)
/// ```
public func resolveThrowing<T, Tag: Hashable & Sendable>(
    _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
) throws(WiringError) -> T {
    do {
        return try DependencyContainer.withCurrent(type: T.self, tag: Wiring.Tag(tag)) {
            container throws(WiringError) in
            try container.resolveCore(T.self, tag: tag)
        }
    } catch {
        return try resolveAfterFailure(error, file: file, line: line) { () throws(WiringError) -> T in
            try DependencyContainer.withCurrent(type: T.self, tag: Wiring.Tag(tag)) {
                container throws(WiringError) in
                try container.resolveCore(T.self, tag: tag)
            }
        }
    }
}
