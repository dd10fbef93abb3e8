internal import _WiringShims

/// A root: the global one (set at start-up, changed by `load`/`unload`, read on every free
/// `resolve()`), or a task's own (`withRoot(_:operation:)`, the `.wired` trait), which the same
/// operations change for that task alone.
///
/// Reading is one acquire load and no retain, inside a read section (see ``ReadSection``). A
/// root that `load`/`unload` replaces is released once no read section can still see it, and
/// the singletons of an unloaded module likewise: memory stays bounded however many times
/// modules come and go, and the resolve path takes no lock.
final class RootState: @unchecked Sendable {
    // Every `var` is only touched under `lock`; `current` is written under `lock` and read
    // lock-free with acquire ordering.
    private let lock = Lock()
    private let current: AtomicReference<DependencyContainer>
    private var definedAt: CodeLocation?
    /// What the root is made of: the container given to `defined(by:)`, then each module given
    /// to `load(_:)`, with where each came in.
    private var modules: [(module: DependencyContainer, site: CodeLocation)] = []
    /// Modules unloaded from inside those: left out wherever they appear.
    private var unloaded: Set<ObjectIdentifier> = []
    /// Scopes opened from the root, which an unload reaches, by identity: each leaves when it
    /// closes or is freed, so opening and closing cost the same however many are open.
    @exclusivity(unchecked) private var scopes: [ObjectIdentifier: WeakContainer] = [:]  // under `lock`
    /// For a task's root: what every version of it shares (`nil` for the global root).
    let task: TaskRootLink?
    /// The modules being prepared for this root off the launching thread, made on first use
    /// (under `lock`): a task's root per request should not pay for it.
    private var preparing: BackgroundModules?

    /// The global root, defined later by `defined(by:)`: its container is published in
    /// `wiring_global_root`, which a free `resolve()` reads directly (see `globalRootContainer`).
    /// Made once, for the global `root`.
    private init() {
        current = AtomicReference(at: wiring_global_root_word())
        task = nil
    }

    /// The one global root.
    static let global = RootState()

    /// A task's root, whose first version is `container` itself (so the task resolves its
    /// singletons); `load` and `unload` make later versions, as for the global root.
    init(task container: DependencyContainer) {
        current = AtomicReference()
        let link = TaskRootLink(firstVersion: ObjectIdentifier(container))
        task = link
        modules = [(container, container.site ?? CodeLocation("", 0))]
        definedAt = container.site
        _ = current.exchange(container)
        link.state = self
    }

    /// A task's root made of `container`'s definitions with singletons of its own, as
    /// `defined(by:)` makes the global root (the `.wired(_:)` trait's).
    convenience init(taskDefinedBy container: DependencyContainer, at site: CodeLocation) throws(WiringError) {
        try self.init(taskOf: [(container, site)], unloaded: [], at: site)
    }

    /// A task's root made of `base`'s modules, with `overrides`' definitions replacing those of
    /// the same type and tag, as a module loaded with `.override()` on each would (the
    /// `.wired(overriding:)` trait's, `withOverrides`'): unloading a module of `base` works there
    /// as on `base`, and unloading `overrides` brings back what they replaced.
    convenience init(taskOverriding base: RootState, with overrides: DependencyContainer, at site: CodeLocation)
        throws(WiringError)
    {
        let (modules, unloaded) = base.lock.withLock { (base.modules, base.unloaded) }
        guard !modules.isEmpty else {
            throw WiringError.rootNeeded(operation: "DependencyContainer.withOverrides(_:operation:)", requestedAt: site)
        }
        let replacing = DependencyContainer(
            definitions: overrides.definitions.map { $0.isMarker ? $0 : $0.override() }, site: overrides.site ?? site)
        try self.init(taskOf: modules + [(replacing, site)], unloaded: unloaded, at: site)
    }

    /// A task's root made of `modules`, built now with singletons of its own.
    private init(
        taskOf modules: [(module: DependencyContainer, site: CodeLocation)], unloaded: Set<ObjectIdentifier>,
        at site: CodeLocation
    ) throws(WiringError) {
        current = AtomicReference()
        let link = TaskRootLink(firstVersion: nil)
        task = link
        self.modules = modules
        self.unloaded = unloaded
        definedAt = site
        let definitions = modules.map { Part.module($0.module) }.flattened(excluding: unloaded)
        let first = try DependencyContainer(rootVersionOf: [.definitions(definitions)], site: site, link: link)
        _ = current.exchange(first)
        link.state = self
    }

    /// What the scope directory files the scopes opened from this root with an id under: `nil`
    /// for the global root, the task root's owner identity for a task's (see
    /// ``DependencyContainer/directoryOwner``).
    var directoryOwner: ObjectIdentifier? { task?.owner }

    /// Whether `container` is the first version of this task root when that is the container
    /// given to `withRoot`, which is not marked as a root itself.
    func isFirstVersion(_ container: DependencyContainer) -> Bool {
        task?.firstVersion == ObjectIdentifier(container)
    }

    /// What the current task reads as its root when it has one of its own: its root state's
    /// current version, or `nil` for a scope made its root (which a free resolve reads through
    /// the general path); `.none` when it has none. The out-of-line half of
    /// `globalRootContainer()`. Only valid inside a read section.
    @inline(never)
    static func containerOfTaskRoot() -> ReferenceCell<DependencyContainer>?? {
        // The stored reference, not `ScopedRoot.value`: every resolve would otherwise make and
        // take apart that enum.
        guard let stored = ScopedRoot.key.get() else { return .none }
        return .some((stored.object as? RootState)?.current.load())
    }

    /// The root that `load`, `unload` and the open scope count act on for the current task: its
    /// own, if it runs with one; the root its scope was opened from, if a scope is its root (a
    /// request scope in a test with a root of its own); else the global root.
    static var ofCurrentTask: RootState {
        switch ScopedRoot.current {
        case nil: return root
        case let .root(state)?: return state
        case let .scope(scope)?:
            var base = scope
            while let parent = base.scope?.parent { base = parent }
            return base.rootState ?? root
        }
    }

    /// The root the current task reads (see `globalRootContainer()`, and a scope made its root),
    /// retained: safe to keep and use outside a read section. Call it on the global root.
    var retained: DependencyContainer? {
        // One task-local lookup: a scope made the task's root is held by the task-local itself.
        if wiring_open_scope_count() != 0, let stored = ScopedRoot.key.get() {
            guard let state = stored.object as? RootState else { return stored.object as? DependencyContainer }
            return ReadSection.retaining { state.current.load() }
        }
        return ReadSection.retaining { AtomicReference<DependencyContainer>.load(at: wiring_global_root_word()) }
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
    private func exchange(_ root: DependencyContainer?) -> ReferenceCell<DependencyContainer>? {
        wiring_root_generation_advance()
        defer { wiring_root_generation_advance() }
        return current.exchange(root)
    }

    /// This root's latest version (for the global root, never a task's), retained.
    var latest: DependencyContainer? {
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
            let installed = try DependencyContainer(rootVersionOf: [.module(container)], site: container.site, link: task)
            definedAt = site
            modules = [(container, site)]
            unloaded = []
            _ = exchange(installed)
            return installed
        }
    }

    /// Removes the root so that it can be defined again (the library's own tests only).
    /// The modules being prepared for this root off the launching thread.
    var background: BackgroundModules {
        lock.withLock {
            if let preparing { return preparing }
            let made = BackgroundModules()
            preparing = made
            return made
        }
    }

    /// ``background``, if any module was ever prepared for this root.
    var backgroundIfStarted: BackgroundModules? { lock.withLock { preparing } }

    func reset() {
        backgroundIfStarted?.waitForPending()
        let previous = lock.withLock {
            preparing = nil
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
        return tracked + scopeDirectory.count(filedUnder: directoryOwner, of: scope)
    }

    /// The scopes opened from the root that are still alive: those it tracks, and those with
    /// an id, which the scope directory holds. Call under this lock (the directory's is
    /// `stateLock`, which is never held while this one is taken).
    private var liveScopes: [DependencyContainer] {
        scopes.values.compactMap(\.container) + scopeDirectory.scopes(filedUnder: directoryOwner)
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
            guard current.load()?.holds(base) == true else { return }
            scopes[ObjectIdentifier(scope)] = WeakContainer(container: scope)
        }
    }

    /// Forgets a scope that closed, or was freed (`scope` is its identity).
    func untrack(_ scope: ObjectIdentifier) {
        lock.withLock { _ = scopes.removeValue(forKey: scope) }
    }

    /// Replaces the root with one that also has `module`'s definitions, keeping every existing
    /// entry (and so every singleton) of the root. Returns the new root.
    func load(_ module: DependencyContainer, at site: CodeLocation) throws(WiringError) -> DependencyContainer {
        // What the module brings: started by this load, and revived in the scopes that stayed open.
        let brought = Set(module.definitions.flatMap(\.slots).map(\.id))
        let (replacement, retired, openScopes) = try lock.withLock {
            () throws(WiringError) -> (DependencyContainer, Retired, [DependencyContainer]) in
            guard let root = current.load()?.object else {
                throw WiringError.rootNeeded(operation: "DependencyContainer.load(_:)", requestedAt: site)
            }
            if let holder = loadedModule(containing: module) {
                throw WiringError.moduleAlreadyLoaded(module: module.site, first: holder.site, requestedAt: site)
            }
            var unloaded = self.unloaded
            unloaded.remove(ObjectIdentifier(module))
            for nested in module.nestedModules { unloaded.remove(ObjectIdentifier(nested)) }
            let modules = self.modules + [(module, site)]
            let replacement = try build(modules, excluding: unloaded, like: root, starting: brought)
            self.modules = modules
            self.unloaded = unloaded
            return (replacement, Retired(root: exchange(replacement)), liveScopes)
        }
        retired.finish()
        // A scope that stayed open while the module was away resolves its definitions again, as
        // in KOIN (outside the root's lock, like `unload`).
        if !openScopes.isEmpty {
            stateLock.withLock {
                for scope in openScopes { scope.registry.revive { brought.contains($0.id) } }
            }
        }
        return replacement
    }

    /// Replaces the root with one without `module`'s definitions (except those another module
    /// of the root still brings), and releases the instances they hold, in open scopes too.
    func unload(_ module: DependencyContainer, at site: CodeLocation) throws(WiringError) {
        let (old, openScopes, gone, root) = try lock.withLock {
            () throws(WiringError) -> (DependencyContainer, [DependencyContainer], Set<DefinitionID>, ReferenceCell<DependencyContainer>?) in
            guard let old = current.load()?.object else {
                throw WiringError.rootNeeded(operation: "DependencyContainer.unload(_:)", requestedAt: site)
            }
            guard loadedModule(containing: module) != nil else {
                throw WiringError.moduleNotLoaded(module: module.site, requestedAt: site)
            }
            let modules = self.modules.filter { $0.module !== module }
            var unloaded = self.unloaded
            unloaded.insert(ObjectIdentifier(module))
            let replacement = try build(modules, excluding: unloaded, like: old, starting: [])
            let kept = Set(replacement.definitions.flatMap(\.slots).map(\.id))
            let gone = Set(old.definitions.flatMap(\.slots).map(\.id)).subtracting(kept)
            self.modules = modules
            self.unloaded = unloaded
            return (old, liveScopes, gone, exchange(replacement))
        }
        // Outside the root's lock (see `track`).
        // Readers that still hold the old root, or a scope, find these entries retired.
        var retired = Retired(root: root)
        let isGone: (DefinitionInfo) -> Bool = { gone.contains($0.id) }
        stateLock.withLock {
            old.registry.retire(closing: false, into: &retired, where: isGone)
            for scope in openScopes {
                scope.registry.retire(closing: false, into: &retired, where: isGone)
                // A scope's instances of a shared scope definition sit in its slots.
                guard let state = scope.scope else { continue }
                for entry in scope.registry.entries where entry.isSlotted && isGone(entry.info) {
                    retired.take(state.takeInstance(of: entry))
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

    private func build(
        _ modules: [(module: DependencyContainer, site: CodeLocation)], excluding unloaded: Set<ObjectIdentifier>,
        like root: DependencyContainer, starting: Set<DefinitionID>
    ) throws(WiringError) -> DependencyContainer {
        let definitions = modules.map { Part.module($0.module) }.flattened(excluding: unloaded)
        return try DependencyContainer(
            rootVersionOf: [.definitions(definitions)], site: root.site, link: task, reusing: root.registry,
            startingOnly: starting)
    }

}

/// What every version of a task's root shares: where scopes opened from it with an id are filed,
/// and the root state that makes new versions (weak: the state holds its versions, and dies with
/// the task; a version kept beyond it is then a plain container).
final class TaskRootLink: @unchecked Sendable {
    // `state` is written once, before any version is shared; a weak reference is read safely
    // from any thread.
    /// The identity of the first version when it is a container given to `withRoot` (the state
    /// keeps it alive: it is a module of the root); `nil` when the state built it.
    let firstVersion: ObjectIdentifier?
    weak var state: RootState?

    init(firstVersion: ObjectIdentifier?) {
        self.firstVersion = firstVersion
    }

    /// What the scope directory files this root's scopes with an id under: the given first
    /// version's identity (which that version files under too), else this link's, which every
    /// version holds, so no other object can take it while one of them may file a scope.
    var owner: ObjectIdentifier { firstVersion ?? ObjectIdentifier(self) }
}

/// The one global root.
let root = RootState.global

/// The root the current task reads, as published: its own root (see `ScopedRoot`), else the
/// global one, or `nil` before `defined(by:)` and for a scope made the task's root (see
/// ``RootState/retained``). Reads no Swift global (each read of `root` checks that it is
/// initialised, a `swift_once` call): the global root's cell is in a C global, and the
/// task-local lookup runs only while some task anywhere has a root of its own (one relaxed load
/// of a C counter). Only valid inside a read section.
@inline(__always)
func globalRootContainer() -> ReferenceCell<DependencyContainer>? {
    if wiring_open_scope_count() != 0, case let .some(container) = RootState.containerOfTaskRoot() {
        return container
    }
    return AtomicReference<DependencyContainer>.load(at: wiring_global_root_word())
}

/// Serializes the tests that define the global root, across test targets.
let exclusiveRoot = ExclusiveTurn()
