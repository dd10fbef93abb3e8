/// The global root container: set once at start-up, then read on every free `resolve()`.
///
/// Reading is one acquire load and no retain. Because readers hold the root unretained, a root
/// that is replaced (only by the library's own test hook) is kept alive, never released.
final class RootState: @unchecked Sendable {
    // `definedAt` and `retired` are only touched under `lock`; `current` is written under
    // `lock` and read lock-free with acquire ordering.
    private let lock = Lock()
    private let current = AtomicReference<DependencyContainer>()
    private var definedAt: CodeLocation?
    private var retired: [Unmanaged<DependencyContainer>] = []
    /// Modules loaded at run time, and the identities of their definitions' infos.
    private var loaded: [DependencyContainer] = []
    private var loadedInfos: Set<ObjectIdentifier> = []

    /// The root, unretained: the current task's scoped root (see `ScopedRoot`), else the
    /// global one, or `nil` before `defined(by:)`.
    @inline(__always)
    var container: Unmanaged<DependencyContainer>? {
        if let scoped = ScopedRoot.current { return .passUnretained(scoped) }
        return current.load()
    }

    /// Installs `container` as the root, once.
    func define(_ container: DependencyContainer, at site: CodeLocation) throws(WiringError) {
        try lock.withLock { () throws(WiringError) in
            if current.load() != nil {
                throw WiringError.rootAlreadyDefined(first: definedAt, second: site)
            }
            definedAt = site
            if let previous = current.exchange(container) { retired.append(previous) }
        }
    }

    /// Removes the root so that it can be defined again (the library's own tests only).
    func reset() {
        lock.withLock {
            definedAt = nil
            loaded = []
            loadedInfos = []
            if let previous = current.exchange(nil) { retired.append(previous) }
        }
    }

    /// Replaces the root with one that also has `module`'s definitions, keeping every existing
    /// entry (and so every singleton) of the root. Returns the new root.
    func load(_ module: DependencyContainer, at site: CodeLocation) throws(WiringError) -> DependencyContainer {
        try lock.withLock { () throws(WiringError) -> DependencyContainer in
            guard let root = current.load()?.takeUnretainedValue() else {
                throw WiringError.rootNotDefined(type: "DependencyContainer.load(_:)", tag: nil, requestedAt: site)
            }
            guard !loaded.contains(where: { $0 === module }) else {
                throw WiringError.moduleAlreadyLoaded(loadedAt: site)
            }
            let infos = Set(module.definitions.flatMap(\.slots).map(ObjectIdentifier.init))
            let guarded = loadedInfos.union(infos)
            let replacement = try Self.build(
                root.definitions + module.definitions, like: root, guarded: guarded)
            loaded.append(module)
            loadedInfos = guarded
            install(replacement)
            return replacement
        }
    }

    /// Replaces the root with one without `module`'s definitions, and releases the instances
    /// they hold. Returns what was released, to be dropped outside any lock.
    func unload(_ module: DependencyContainer, at site: CodeLocation) throws(WiringError) -> [Any] {
        try lock.withLock { () throws(WiringError) -> [Any] in
            guard let root = current.load()?.takeUnretainedValue() else {
                throw WiringError.rootNotDefined(type: "DependencyContainer.unload(_:)", tag: nil, requestedAt: site)
            }
            guard let index = loaded.firstIndex(where: { $0 === module }) else {
                throw WiringError.moduleNotLoaded(requestedAt: site)
            }
            let infos = Set(module.definitions.flatMap(\.slots).map(ObjectIdentifier.init))
            let kept = root.definitions.filter { !infos.contains(ObjectIdentifier($0.info)) }
            let guarded = loadedInfos.subtracting(infos)
            let replacement = try Self.build(kept, like: root, guarded: guarded)
            loaded.remove(at: index)
            loadedInfos = guarded
            install(replacement)
            // Readers that still hold the old root find these entries retired, never freed.
            let rootEntries = root.registry.entriesByInfo()
            let retiredEntries = module.definitions.flatMap(\.slots).compactMap { rootEntries[ObjectIdentifier($0)] }
            return creationLock.withLock { retiredEntries.compactMap { $0.retire() } }
        }
    }

    private static func build(
        _ definitions: [Definition], like root: DependencyContainer, guarded: Set<ObjectIdentifier>
    ) throws(WiringError) -> DependencyContainer {
        // Validate first, so that a conflicting module is an error, not a stopped program.
        _ = try Registry(definitions: definitions, mode: { _ in .sandboxed })
        return DependencyContainer(
            definitions: definitions, site: root.site,
            mode: { guarded.contains(ObjectIdentifier($0)) ? .guarded : .published },
            reusing: root.registry)
    }

    /// Makes `replacement` the root; the old one is retired, since readers hold it unretained.
    private func install(_ replacement: DependencyContainer) {
        if let previous = current.exchange(replacement) { retired.append(previous) }
    }
}

/// The one global root.
let root = RootState()

/// Serializes the tests that define the global root, across test targets.
let exclusiveRootLock = Lock()
