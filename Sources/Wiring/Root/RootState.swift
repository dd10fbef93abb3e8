internal import _WiringShims

/// The global root container: set at start-up, changed by `load`/`unload`, read on every free
/// `resolve()`.
///
/// Reading is one acquire load and no retain, inside a read section (see ``ReadSection``). A
/// root that `load`/`unload` replaces is released once no read section can still see it, and
/// the singletons of an unloaded module likewise: memory stays bounded however many times
/// modules come and go, and the resolve path takes no lock.
final class RootState: @unchecked Sendable {
    // Every `var` is only touched under `lock`; `current` is written under `lock` and read
    // lock-free with acquire ordering.
    private let lock = Lock()
    private let current = AtomicReference<DependencyContainer>()
    private var definedAt: CodeLocation?
    /// What the root is made of: the container given to `defined(by:)`, then each module given
    /// to `load(_:)`, with where each came in.
    private var modules: [(module: DependencyContainer, site: CodeLocation)] = []
    /// Modules unloaded from inside those: left out wherever they appear.
    private var unloaded: Set<ObjectIdentifier> = []
    /// Scopes opened from the root, which an unload reaches, by identity: each leaves when it
    /// closes or is freed, so opening and closing cost the same however many are open.
    @exclusivity(unchecked) private var scopes: [ObjectIdentifier: WeakScope] = [:]  // under `lock`

    /// The root, unretained: the current task's scoped root (see `ScopedRoot`), else the
    /// global one, or `nil` before `defined(by:)`. Only valid inside a read section.
    @inline(__always)
    var container: Unmanaged<DependencyContainer>? {
        if let scoped = ScopedRoot.current { return .passUnretained(scoped) }
        return current.load()
    }

    /// The root, retained: safe to keep and use outside a read section.
    var retained: DependencyContainer? {
        ReadSection.retaining { container }
    }

    /// The root's change counter, read as a sequence lock's: odd while a change is under way,
    /// and `changed(since:)` tells whether the root may have changed after a reading.
    var generation: UInt { wiring_root_generation_load() }

    /// Whether the root may have changed since `generation` was read: a change was under way
    /// then, or one began since.
    func changed(since generation: UInt) -> Bool {
        generation & 1 == 1 || wiring_root_generation_load() != generation
    }

    /// Replaces the root; call under `lock`. The counter goes odd before and even after, so a
    /// reader that saw either root, and reads the counter after, sees it moved.
    private func exchange(_ root: DependencyContainer?) -> Unmanaged<DependencyContainer>? {
        wiring_root_generation_advance()
        defer { wiring_root_generation_advance() }
        return current.exchange(root)
    }

    /// The global root as it is now (never a task's scoped root), retained.
    var global: DependencyContainer? {
        ReadSection.retaining { current.load() }
    }

    /// Installs a root made of `container`'s definitions, once, and returns it.
    ///
    /// The root is a container of its own, not `container`: unloading a module retires the
    /// root's entries for it, and must not break `container` (a `static let` module that a test
    /// or another root may use again).
    func define(_ container: DependencyContainer, at site: CodeLocation) throws(WiringError) -> DependencyContainer {
        try lock.withLock { () throws(WiringError) -> DependencyContainer in
            if current.load() != nil {
                throw WiringError.rootAlreadyDefined(first: definedAt, second: site)
            }
            let installed = try DependencyContainer(validating: [.module(container)], site: container.site, isRoot: true)
            definedAt = site
            modules = [(container, site)]
            unloaded = []
            _ = exchange(installed)
            return installed
        }
    }

    /// Removes the root so that it can be defined again (the library's own tests only).
    func reset() {
        let previous = lock.withLock {
            definedAt = nil
            modules = []
            unloaded = []
            scopes = [:]
            return exchange(nil)
        }
        scopeDirectory.removeRootScopes()
        Retired(root: previous).finish()
    }

    /// How many scopes opened from the root are open (neither closed nor freed); of scope type
    /// `scope` only, if given.
    func openScopeCount(of scope: ObjectIdentifier? = nil) -> Int {
        let tracked = lock.withLock { () -> Int in
            guard let scope else { return scopes.count }
            return scopes.values.reduce(0) { count, weak in
                count + (weak.container?.scope?.id.id == scope ? 1 : 0)
            }
        }
        return tracked + scopeDirectory.rootScopeCount(of: scope)
    }

    /// The scopes opened from the root that are still alive: those it tracks, and those with
    /// an id, which the scope directory holds. Call under this lock (the directory's lock is a
    /// leaf).
    private var liveScopes: [DependencyContainer] {
        scopes.values.compactMap(\.container) + scopeDirectory.rootScopes
    }

    /// The scopes opened from the root that are still alive.
    var openScopes: [DependencyContainer] {
        lock.withLock { liveScopes }
    }

    /// Remembers `scope`, opened from `base`, if `base` is the global root. A scope opened from
    /// the root with an id is not tracked here: the scope directory holds it until it closes,
    /// and `openScopes` reads it there (one dictionary and one weak reference less per request
    /// scope).
    ///
    /// Lock order: this lock is never taken while `stateLock` is held (nothing under
    /// `stateLock` takes another Wiring lock but an async entry's own).
    func track(_ scope: DependencyContainer, openedFrom base: DependencyContainer) {
        lock.withLock {
            guard current.load()?.toOpaque() == Unmanaged.passUnretained(base).toOpaque() else { return }
            scopes[ObjectIdentifier(scope)] = WeakScope(container: scope)
        }
    }

    /// Forgets a scope that closed, or was freed (`scope` is its identity).
    func untrack(_ scope: ObjectIdentifier) {
        lock.withLock { _ = scopes.removeValue(forKey: scope) }
    }

    /// Replaces the root with one that also has `module`'s definitions, keeping every existing
    /// entry (and so every singleton) of the root. Returns the new root.
    func load(_ module: DependencyContainer, at site: CodeLocation) throws(WiringError) -> DependencyContainer {
        let (replacement, retired, openScopes) = try lock.withLock {
            () throws(WiringError) -> (DependencyContainer, Retired, [DependencyContainer]) in
            guard let root = current.load()?.takeUnretainedValue() else {
                throw WiringError.rootNeeded(operation: "DependencyContainer.load(_:)", requestedAt: site)
            }
            if let holder = loadedModule(containing: module) {
                throw WiringError.moduleAlreadyLoaded(module: module.site, first: holder.site, requestedAt: site)
            }
            var unloaded = self.unloaded
            unloaded.remove(ObjectIdentifier(module))
            for nested in module.nestedModules { unloaded.remove(ObjectIdentifier(nested)) }
            let modules = self.modules + [(module, site)]
            let replacement = try Self.build(modules, excluding: unloaded, like: root)
            self.modules = modules
            self.unloaded = unloaded
            return (replacement, Retired(root: exchange(replacement)), liveScopes)
        }
        retired.finish()
        // A scope that stayed open while the module was away resolves its definitions again, as
        // in KOIN (outside the root's lock, like `unload`).
        if !openScopes.isEmpty {
            let added = Set(module.definitions.flatMap(\.slots).map(ObjectIdentifier.init))
            stateLock.withLock {
                for scope in openScopes {
                    let registry = scope.registry
                    for entry in registry.entries where added.contains(ObjectIdentifier(entry.info)) { entry.revive() }
                    for entry in registry.parameterized.values where added.contains(ObjectIdentifier(entry.info)) {
                        entry.revive()
                    }
                    for entry in registry.asyncEntries.values where added.contains(ObjectIdentifier(entry.info)) {
                        entry.revive()
                    }
                }
            }
        }
        return replacement
    }

    /// Replaces the root with one without `module`'s definitions (except those another module
    /// of the root still brings), and releases the instances they hold, in open scopes too.
    func unload(_ module: DependencyContainer, at site: CodeLocation) throws(WiringError) {
        let (old, openScopes, gone, root) = try lock.withLock {
            () throws(WiringError) -> (DependencyContainer, [DependencyContainer], Set<ObjectIdentifier>, Unmanaged<DependencyContainer>?) in
            guard let old = current.load()?.takeUnretainedValue() else {
                throw WiringError.rootNeeded(operation: "DependencyContainer.unload(_:)", requestedAt: site)
            }
            guard loadedModule(containing: module) != nil else {
                throw WiringError.moduleNotLoaded(module: module.site, requestedAt: site)
            }
            let modules = self.modules.filter { $0.module !== module }
            var unloaded = self.unloaded
            unloaded.insert(ObjectIdentifier(module))
            let replacement = try Self.build(modules, excluding: unloaded, like: old)
            let kept = Set(replacement.definitions.flatMap(\.slots).map(ObjectIdentifier.init))
            let gone = Set(old.definitions.flatMap(\.slots).map(ObjectIdentifier.init)).subtracting(kept)
            self.modules = modules
            self.unloaded = unloaded
            return (old, liveScopes, gone, exchange(replacement))
        }
        // Outside the root's lock (see `track`).
        // Readers that still hold the old root, or a scope, find these entries retired.
        var retired = Retired(root: root)
        let isGone: (DefinitionInfo) -> Bool = { gone.contains(ObjectIdentifier($0)) }
        stateLock.withLock {
            old.registry.retire(closing: false, into: &retired, where: isGone)
            for scope in openScopes {
                scope.registry.retire(closing: false, into: &retired, where: isGone)
                // A scope's instances of a shared scope definition sit in its slots.
                guard let state = scope.scope else { continue }
                for entry in scope.registry.entries where entry.isSlotted && isGone(entry.info) {
                    retired.take(state.takeInstance(of: entry).map(Retirement.instance))
                }
            }
        }
        retired.finish()
    }

    /// The top-level module whose tree holds `module` (leaving out unloaded ones), if any.
    private func loadedModule(containing module: DependencyContainer) -> (module: DependencyContainer, site: CodeLocation)? {
        modules.first { entry in
            guard !unloaded.contains(ObjectIdentifier(entry.module)) else { return false }
            return entry.module === module || entry.module.parts.contain(module, excluding: unloaded)
        }
    }

    private static func build(
        _ modules: [(module: DependencyContainer, site: CodeLocation)], excluding unloaded: Set<ObjectIdentifier>,
        like root: DependencyContainer
    ) throws(WiringError) -> DependencyContainer {
        let definitions = modules.map { Part.module($0.module) }.flattened(excluding: unloaded)
        return try DependencyContainer(validating: definitions, site: root.site, reusing: root.registry, isRoot: true)
    }


    private struct WeakScope {
        weak var container: DependencyContainer?
    }
}

/// The one global root.
let root = RootState()

/// Serializes the tests that define the global root, across test targets.
let exclusiveRootLock = Lock()
