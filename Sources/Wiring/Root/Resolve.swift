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
/// > run yet. Use ``resolveOptional(tag:file:line:)`` for dependencies that may be absent.
///
/// Inlined into the caller, so that a built singleton is copied out of its entry as its own type
/// with a class check (in Wiring's unspecialized code, naming the entry's type looks its
/// metadata up in the runtime's cache, which costs more than the rest of the resolve).
@inlinable
public func resolve<T>(file: StaticString = #fileID, line: UInt = #line) -> T {
    if let value = PublishedRead.free(ObjectIdentifier(T.self))?.value(as: T.self) { return value }
    return typedResolve { deliver in
        resolveInstance(T.self, isInstance: { $0 is T }, deliver: deliver, file: file, line: line)
    }
}

/// The instance a free `resolve()` of `type` returns: the built singleton, if there is one and
/// nothing must be decided first (see ``DependencyContainer/publishedSingleton(_:deliver:)``), else
/// what the general path resolves.
@usableFromInline
func resolveInstance(
    _ type: Any.Type, isInstance: (Any) -> Bool, deliver: Deliver, file: StaticString, line: UInt
) -> Instance? {
    let id = ObjectIdentifier(type)
    func core(_ container: DependencyContainer) throws(WiringError) -> Instance? {
        try container.resolveCore(type, tag: nil, find: { $0.entry(for: id) }, isInstance: isInstance, deliver: deliver)
    }
    // Its singleton was looked for already, by the inlined part of `resolve()` (`resolveCore`
    // takes it if it was built since).
    if !ThreadResolution.isResolving, let root = readRoot() {
        return resolveOrStop(type, tag: nil, file: file, line: line, first: root, core)
    }
    // Nested in a build, the inlined part read its container already (see `PublishedRead.free`).
    let looked = ThreadResolution.isResolving
    return resolveOrStop(type, tag: nil, file: file, line: line) { container throws(WiringError) -> Instance? in
        if !looked, let built = container.publishedSingleton(id, deliver: deliver) { return built }
        return try core(container)
    }
}

/// The root a free resolve's general path reads, when it is neither a scope nor preparing modules (a
/// resolve from it may skip to ``DependencyContainer/resolveCore(_:tag:find:isInstance:requester:)``),
/// read inside a read section in place, through the root's cell (see ``ReferenceCell``), and
/// retained before the section ends (a `load`/`unload` frees a replaced root only once no
/// section that began before it ended is running). `nil` for a scope, a root preparing modules,
/// or none: the general path decides.
func readRoot() -> DependencyContainer? {
    let section = ReadSection.enter()
    // A root version is built at once: its registry is its own. (A task's root may be a module
    // or a scope, which the general path resolves from.)
    guard let root = globalRootContainer(), case .rootVersion = root.object.role else {
        section.exit()
        return nil
    }
    let read = root.object
    section.exitAfterRetaining()
    return read
}

/// A free `resolve()`: `attempt` on `first` if given (the root, read already), else on the
/// container a free resolve reads; tried again while modules are being prepared in the
/// background; a failure stops with where it was requested.
@inline(__always)
private func resolveOrStop<T>(
    _ type: Any.Type, tag: @autoclosure () -> Tag?, file: StaticString, line: UInt, first: DependencyContainer? = nil,
    _ attempt: (DependencyContainer) throws(WiringError) -> T
) -> T {
    do {
        if let first { return try attempt(first) }
        return try DependencyContainer.withCurrent(type: type, tag: tag(), attempt)
    } catch {
        return resolveAfterMiss(error, file: file, line: line) { () throws(WiringError) -> T in
            try DependencyContainer.withCurrent(type: type, tag: tag(), attempt)
        }
    }
}

/// A free resolve once it failed with `error`: `attempt` tried again while modules are being
/// prepared in the background (see ``BackgroundModules``), else the failure. Out of line, so that
/// a nested resolve's frame (a deep graph has one per level) does not carry the retry.
@inline(never)
private func resolveAfterMiss<T>(
    _ error: WiringError, file: StaticString, line: UInt, _ attempt: () throws(WiringError) -> T
) -> T {
    return orStop { () throws(WiringError) in try resolveAfterFailure(error, file: file, line: line, attempt) }
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
///
/// Inlined into the caller for the reason ``resolve(file:line:)`` is.
@inlinable
public func resolve<T, Tag: Hashable & Sendable>(tag: Tag, file: StaticString = #fileID, line: UInt = #line) -> T {
    if let value = PublishedRead.free(ObjectIdentifier(T.self), tag: tag)?.value(as: T.self) { return value }
    return typedResolve { deliver in
        resolveInstance(T.self, tag: tag, isInstance: { $0 is T }, deliver: deliver, file: file, line: line)
    }
}

/// The instance a free `resolve(tag:)` of `type` returns (see ``resolveInstance(_:isInstance:deliver:file:line:)``).
@usableFromInline
func resolveInstance<Tag: Hashable & Sendable>(
    _ type: Any.Type, tag: Tag, isInstance: (Any) -> Bool, deliver: Deliver, file: StaticString, line: UInt
) -> Instance? {
    let id = ObjectIdentifier(type)
    func core(_ container: DependencyContainer) throws(WiringError) -> Instance? {
        try container.resolveCore(
            type, tag: Wiring.Tag(tag), find: { $0.entry(for: id, tag: tag) }, isInstance: isInstance, deliver: deliver)
    }
    // Its built singleton was looked for already, by the inlined part of `resolve(tag:)`.
    if !ThreadResolution.isResolving, let root = readRoot() {
        return resolveOrStop(type, tag: Wiring.Tag(tag), file: file, line: line, first: root, core)
    }
    return resolveOrStop(type, tag: Wiring.Tag(tag), file: file, line: line) { container throws(WiringError) -> Instance? in
        if let built = container.publishedSingleton(id, tag: tag, deliver: deliver) { return built }
        return try core(container)
    }
}

/// Resolves `T` (with `tag`, if given) from the global root, or returns `nil` if nothing is
/// registered for it.
///
/// ```swift
/// let analytics: Analytics? = resolveOptional()
/// let cache: LocalStorageProtocol? = resolveOptional(tag: StorageContext.userdata)
/// ```
///
/// > Warning: The root itself must be defined; resolving before
/// > ``DependencyContainer/defined(by:file:line:)-(DependencyContainer,_,_)`` stops the program with a message.
public func resolveOptional<T>(
    tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
) -> T? {
    return orStop(at: CodeLocation(file, line)) { () throws(WiringError) in
        return try BackgroundModules.retrying(optional: { () throws(WiringError) -> T? in
            try DependencyContainer.withCurrent(type: T.self, tag: tag.map { Wiring.Tag($0) }) { container in
                container.resolveOptional(tag: tag, file: file, line: line)
            }
        })
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
///
/// With `tag`, it resolves the definition registered under that tag:
///
/// ```swift
/// let storage = try resolveThrowing(LocalStorageProtocol.self, tag: StorageContext.userdata)
/// ```
public func resolveThrowing<T>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID,
    line: UInt = #line
) throws(WiringError) -> T {
    let tag = tag.map { Wiring.Tag($0) }
    func attempt() throws(WiringError) -> T {
        try DependencyContainer.withCurrent(type: T.self, tag: tag) { container throws(WiringError) in
            try container.resolveCore(T.self, tag: tag)
        }
    }
    do {
        return try attempt()
    } catch {
        return try resolveAfterFailure(error, file: file, line: line, attempt)
    }
}

/// A throwing resolve once it failed with `error`: `attempt` tried again while modules are being
/// prepared in the background (see ``BackgroundModules``), else the failure with where it was
/// requested. Out of line, so that a nested resolve's frame does not carry the retry.
@inline(never)
private func resolveAfterFailure<T>(
    _ error: WiringError, file: StaticString, line: UInt, _ attempt: () throws(WiringError) -> T
) throws(WiringError) -> T {
    return try requested(at: CodeLocation(file, line)) { () throws(WiringError) in
        try BackgroundModules.retrying(after: error, attempt)
    }
}

