/// What makes a container a scope: its scope type and id, the container it was opened from,
/// whether it is closed, the values declared in it, the scopes it links to, its close callbacks
/// and the scopes opened from it (closed with it).
final class ScopeState: InstanceState, @unchecked Sendable {
    // Every `var` is only touched under `stateLock`, which also guards every scoped instance, so
    // closing, declaring, linking and keeping a built instance never interleave (no user code
    // runs under it, and nothing is released under it). The lock makes the runtime's
    // exclusivity checks redundant: `@exclusivity(unchecked)` leaves them out. The rest is
    // immutable.
    let id: ScopeID
    /// Where the scope directory files this scope, if it was opened with an id
    /// (`openScope(_:id:)`): its key, kept here, so that closing it removes it.
    let filing: ScopeDirectory.Key?
    let parent: DependencyContainer
    let openedAt: CodeLocation
    /// Whether the scope directory files it (see ``filing``).
    var isFiled: Bool { filing != nil }
    @exclusivity(unchecked) private var closed = false
    /// The scopes opened from this one, by identity; each leaves when it closes or is freed.
    @exclusivity(unchecked) private var children = [ObjectIdentifier: WeakContainer]()
    /// In declaration order, found by a scan: a scope declares a few values (a request, a user),
    /// and comparing a type's identity is cheaper than hashing a key with its tag.
    @exclusivity(unchecked) private var declared = DeclaredValues()
    @exclusivity(unchecked) private var links: [DependencyContainer] = []
    @exclusivity(unchecked) private var callbacks: [(sequence: UInt64, body: @Sendable () -> Void)] = []
    /// The instance state of each entry of the shared registry that holds one (see
    /// ``Entry/slot``) but the first, made when the scope opens. The scope is its first slot's
    /// state itself, as an ``Entry`` is its own: one object fewer per scope.
    private let slots: [InstanceState]

    /// - Parameters:
    ///   - filing: The directory's key for a scope opened with an id.
    ///   - slots: How many instance states the scope keeps for its shared registry
    ///     (`Registry.slotCount`).
    init(
        id: ScopeID, filedAs filing: ScopeDirectory.Key? = nil, parent: DependencyContainer, openedAt: CodeLocation,
        slots: Int = 0
    ) {
        self.id = id
        self.filing = filing
        self.parent = parent
        self.openedAt = openedAt
        self.slots = slots > 1 ? (1..<slots).map { _ in InstanceState() } : []
    }

    /// The instance state of the shared entry whose slot is `index`; touch it under `stateLock`.
    func slot(_ index: Int) -> InstanceState {
        index == 0 ? self : slots[index - 1]
    }

    /// Whether the scope is closed; call under `stateLock`.
    var isClosedLocked: Bool { closed }

    /// Whether a resolve in `container` (this scope's) must refuse because the scope is closed;
    /// call under `stateLock`. A resolve nested in a build this scope started on this thread
    /// before it closed may finish: a build under way completes (and what it keeps is released
    /// at once), rather than stopping halfway.
    func refuses(in container: DependencyContainer) -> Bool {
        closed && !container.isBuildingOnThisThread
    }

    var isClosed: Bool { stateLock.withLock { closed } }

    /// Throws ``WiringError/scopeClosed(scope:type:requestedAt:)`` once the scope is closed.
    func checkOpen(for type: Any.Type) throws(WiringError) {
        if isClosed { throw .scopeClosed(scope: id.name, type: typeName(type), requestedAt: nil) }
    }

    func adopt(_ child: DependencyContainer) {
        stateLock.withLock { children[ObjectIdentifier(child)] = WeakContainer(container: child) }
    }

    /// Forgets a scope opened from this one that closed, or was freed (`child` is its identity).
    func forget(_ child: ObjectIdentifier) {
        stateLock.withLock { _ = children.removeValue(forKey: child) }
    }

    // MARK: - Declared values

    /// Makes `value` resolvable as `info`'s type and tag in this scope (a verification sandbox's
    /// example of a `declared(_:example:)`).
    func declare(_ value: Any, as info: DefinitionInfo, replacing: Bool) throws(WiringError) {
        try declare(
            TypedInstance<Any>(value), type: info.type, tag: info.tag, at: info.site ?? CodeLocation("", 0), info: info, replacing: replacing)
    }

    /// Makes `value` resolvable as `type` with `tag` in this scope, declared at `site`.
    func declare(
        _ value: Instance, type: Any.Type, tag: Tag?, at site: CodeLocation, info: DefinitionInfo? = nil,
        replacing: Bool
    ) throws(WiringError) {
        let released = try stateLock.withLock { () throws(WiringError) -> Declared? in
            guard !closed else { throw .scopeClosed(scope: id.name, type: typeName(type), requestedAt: nil) }
            let value = Declared(
                value: value, type: type, tag: tag, site: site, known: info,
                sequence: nextCreationSequence())
            guard let existing = declared.index(of: ObjectIdentifier(type), tag: tag) else {
                appendDeclared(value)
                return nil
            }
            return try replaceDeclared(at: existing, with: value, replacing: replacing)
        }
        _ = released  // a replaced value is released here, outside the lock
        ThreadResolution.current?.scopeChanges += 1  // a build's view on this thread is stale
    }

    /// Adds `value`, the first of its type and tag; call
    /// under `stateLock`. Inlined, so that the value moves in without a copy of its tag.
    @inline(__always)
    private func appendDeclared(_ value: consuming Declared) {
        declared.append(value)
    }

    /// Puts `value` in place of the one at `existing` if `replacing`, and returns that one for the
    /// caller to release outside the lock; else throws that the type and tag are declared already.
    /// Call under `stateLock`.
    private func replaceDeclared(at existing: Int, with value: Declared, replacing: Bool) throws(WiringError)
        -> Declared
    {
        guard replacing else {
            throw .valueAlreadyDeclared(
                type: typeName(value.type), tag: value.tag?.description, scope: id.name, first: declared[existing].site,
                second: value.site)
        }
        defer { declared[existing] = value }
        return declared[existing]
    }

    /// Looks `key` up among the declared values, under one lock: the value declared for it
    /// (with the value's info, for a verification sandbox's `container`), or the open scopes this
    /// one links to, in link order. With `checkingOpen`, throws
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)`` if the scope (whose container is
    /// `container`) is closed.
    func lookup(_ key: DefinitionKey, type: Any.Type, checkingOpen: Bool, in container: DependencyContainer)
        throws(WiringError) -> (value: Instance?, info: DefinitionInfo?, links: [DependencyContainer])
    {
        var dropped: [DependencyContainer] = []
        defer { _ = dropped }  // released after the lock: dropping a container may run a `deinit`
        return try stateLock.withLock { () throws(WiringError) -> (Instance?, DefinitionInfo?, [DependencyContainer]) in
            if checkingOpen, refuses(in: container) {
                throw .scopeClosed(scope: id.name, type: typeName(type), requestedAt: nil)
            }
            if let index = declared.index(of: key.type, tag: key.tag) {
                // Copying the value (a retain) runs no user code.
                return (declared[index].value, container.verification == nil ? nil : declared[index].info, [])
            }
            if !links.isEmpty, links.contains(where: { $0.isClosedScope }) {
                dropped = links.filter { $0.isClosedScope }
                links.removeAll { $0.isClosedScope }
            }
            return (nil, nil, links)
        }
    }

    /// What a resolve of `type` without a tag finds in this open scope before its definitions:
    /// the value of `type` declared here without a tag, or, with none and no link to another
    /// scope, that it may pass to the container the scope was opened from. Inside a build of
    /// this scope's on this thread, read from the build's ``View`` without a lock; else one lock.
    func passing(_ type: ObjectIdentifier) -> Passing {
        if let passing = ThreadResolution.current?.passing(type, in: ObjectIdentifier(self)) { return passing }
        return stateLock.withLock { closed ? .stop : declared.passing(type, linked: !links.isEmpty) }
    }

    /// See ``passing(_:)``.
    enum Passing {
        case declared(Instance)
        case pass
        /// Closed, or linked: the general path decides.
        case stop
    }

    /// What a build of one of this scope's instances sees of the scope while it runs: the values
    /// declared here and whether the scope links to another, as they were when the build claimed
    /// its instance, under the lock. The resolves nested in the build read it instead of taking
    /// the lock again (``passing(_:)``): a request's scoped services each resolve a declared
    /// value and a root single.
    ///
    /// Invariant: read only on the thread that took it, while its build runs (see
    /// ``ThreadResolution/with(_:_:)``), for this scope, and only while that thread has declared
    /// and linked nothing since (`changes`, see ``ThreadResolution/scopeChanges``). It then says
    /// what the lock would, but for a declare or link by another thread during the build, which
    /// the build does not see; and a build that outlives the scope's close finishes with what it
    /// saw (a nested resolve may finish after a close; see ``refuses(in:)``).
    struct View {
        let scope: ObjectIdentifier
        let declared: DeclaredValues
        let isLinked: Bool
        /// The thread's count of changes as the build began (set by ``ThreadResolution/with(_:_:)``).
        var changes = 0
    }

    /// This scope as a build that claims one of its instances now sees it; call under `stateLock`.
    func viewLocked() -> View {
        View(scope: ObjectIdentifier(self), declared: declared, isLinked: !links.isEmpty)
    }

    /// The value declared here as `type` with `tag` (or none), if any; call under `stateLock`.
    func declaredLocked(_ type: ObjectIdentifier, tag: Tag?) -> Instance? {
        declared.index(of: type, tag: tag).map { declared[$0].value }
    }

    /// The values declared here as `type` (under any tag, in declaration order), and the open
    /// scopes this one links to; one lock. Throws
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)`` for a request of `checkingOpenFor` if
    /// the scope (whose container is `container`) is closed.
    func declaredValues(of type: ObjectIdentifier, checkingOpenFor request: Any.Type?, in container: DependencyContainer)
        throws(WiringError) -> (values: [Any], links: [DependencyContainer])
    {
        try stateLock.withLock { () throws(WiringError) -> ([Any], [DependencyContainer]) in
            if let request, refuses(in: container) {
                throw .scopeClosed(scope: id.name, type: typeName(request), requestedAt: nil)
            }
            let values = declared.values(of: type)
            return (values, links.filter { !$0.isClosedScope })
        }
    }

    /// The first of `announced` whose type and tag is not declared here, if any; one lock, with
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)`` if the scope is closed.
    func firstUndeclared(of announced: [(info: DefinitionInfo, example: @Sendable () -> Any)]) throws(WiringError)
        -> DefinitionInfo?
    {
        try stateLock.withLock { () throws(WiringError) -> DefinitionInfo? in
            guard !closed else { throw .scopeClosed(scope: id.name, type: "checkDeclared()", requestedAt: nil) }
            for index in announced.indices {
                let info = announced[index].info
                let found =
                    info.isTagged ? declared.index(of: info.typeID, tag: info.tag) : declared.index(untagged: info.typeID)
                if found == nil { return info }
            }
            return nil
        }
    }

    // MARK: - Links

    /// Makes this scope resolve `other`'s definitions and values too, after its own.
    func link(to other: DependencyContainer, from owner: DependencyContainer) throws(WiringError) {
        try stateLock.withLock { () throws(WiringError) in
            guard let otherScope = other.scope else { throw .notAScope(requestedAt: nil) }
            guard !closed, !otherScope.closed else {
                throw .scopeClosed(scope: closed ? id.name : otherScope.id.name, type: "link(to:)", requestedAt: nil)
            }
            if other === owner || otherScope.reaches(owner) {
                throw .scopeLinkCycle(scope: id.name, linkedTo: otherScope.id.name, requestedAt: nil)
            }
            if !links.contains(where: { $0 === other }) { links.append(other) }
        }
        ThreadResolution.current?.scopeChanges += 1  // a build's view on this thread is stale
    }

    /// The scopes this one links to now, in link order (for messages).
    var linkedScopes: [DependencyContainer] {
        stateLock.withLock { links }
    }

    func unlink(from other: DependencyContainer) {
        let before = stateLock.withLock { () -> [DependencyContainer] in
            defer { links.removeAll { $0 === other } }
            return links
        }
        _ = before  // released after the lock: dropping a container may run a `deinit`
    }

    /// Whether `target` is reachable through this scope's links; call under `stateLock`.
    private func reaches(_ target: DependencyContainer) -> Bool {
        links.contains { $0 === target || ($0.scope?.reaches(target) ?? false) }
    }

    // MARK: - Closing

    /// Registers `body` to run when the scope closes; after the instances built before it.
    func onClose(_ body: @escaping @Sendable () -> Void) throws(WiringError) {
        try stateLock.withLock { () throws(WiringError) in
            guard !closed else { throw .scopeClosed(scope: id.name, type: "onClose", requestedAt: nil) }
            callbacks.append((nextCreationSequence(), body))
        }
    }

    /// Marks the scope closed, once, and frees its id (see ``filing``); then, outside the lock,
    /// calls `finish` with the scopes opened from it, runs the callbacks of what it held (newest first) and releases it. A
    /// second call does nothing and returns `false`: callbacks run exactly once.
    ///
    /// What it held is gathered on the stack when it fits the scope's own slots (a request
    /// scope's instances, a callback or two), so closing a scope allocates nothing for it; what
    /// does not fit (callbacks registered beyond that) spills into an array.
    /// With `collecting`, what it held is handed to it instead, for the caller to release.
    func close(
        _ registry: Registry, collecting: ((consuming [Released]) -> Void)? = nil,
        finish: (_ children: [DependencyContainer]) -> Void
    ) -> Bool {
        let capacity = registry.slotCount + 2
        return withUnsafeTemporaryAllocation(of: Released.self, capacity: capacity) { buffer in
            var list = ReleasedList(buffer)
            var linked: [DependencyContainer] = []
            // Released after the lock, as they are (no callback runs on them): dropping a
            // container or a value may run a `deinit`.
            var dropped = DeclaredValues()
            var unfiled: DependencyContainer?
            defer { _ = (linked, dropped, unfiled) }
            let opened = stateLock.withLock { () -> [DependencyContainer]? in
                guard !closed else { return nil }
                closed = true
                if let filing { unfiled = scopeDirectory.removeLocked(filing, self) }
                for entry in registry.entries {
                    if let held = takeInstance(of: entry) { list.append(consume held) }
                }
                for callback in callbacks {
                    list.append(Released(value: (), sequence: callback.sequence, onClose: .sync({ _ in callback.body() })))
                }
                dropped = declared.takeAll()
                // Moved out, not copied and emptied: most scopes have neither (an empty array
                // assigned is a release and a retain all the same).
                if !links.isEmpty { swap(&linked, &links) }
                if !callbacks.isEmpty { callbacks = [] }
                guard !children.isEmpty else { return [] }
                let open = children.values.compactMap(\.container)
                children = [:]
                return open
            }
            guard let opened else { return false }
            finish(opened)
            if let collecting { collecting(list.take()) } else { list.finish() }
            return true
        }
    }

    /// Hands over what `entry` holds for this scope (in its slot if it is a shared scope
    /// definition's, else in the entry itself); call under `stateLock`.
    func takeInstance(of entry: Entry) -> Released? {
        entry.isSlotted ? entry.takeHeldInstance(from: slot(entry.slot)) : entry.takeHeldInstance()
    }

}

/// A container held weakly: a scope's children, a root's scopes, each until it closes or is freed.
struct WeakContainer {
    weak var container: DependencyContainer?
}

extension DependencyContainer {
    /// Whether a build in this container is running on this thread, further up its stack.
    var isBuildingOnThisThread: Bool {
        ThreadResolution.current?.frames.contains { $0.container === self } ?? false
    }

    /// Whether this is a scope that has been closed; call under `stateLock`.
    fileprivate var isClosedScope: Bool {
        scope?.isClosedLocked ?? false
    }
}
