/// What makes a container a scope: its scope type and id, the container it was opened from,
/// whether it is closed, the values declared in it, the scopes it links to, its close callbacks
/// and the scopes opened from it (closed with it).
final class ScopeState: @unchecked Sendable {
    // Every `var` is only touched under `stateLock`, which also guards every scoped instance,
    // so closing, declaring, linking and keeping a built instance never interleave (no user code
    // runs under it, and nothing is released under it). The rest is immutable.
    let id: ScopeID
    /// The identity given to `openScope(_:id:)`, if any, and where it is registered.
    let key: ScopeDirectory.Key?
    let parent: DependencyContainer
    let openedAt: CodeLocation
    private var closed = false
    /// The scopes opened from this one, by identity; each leaves when it closes or is freed.
    private var children: [ObjectIdentifier: WeakContainer] = [:]
    private var declared: [DefinitionKey: Declared] = [:]
    private var links: [DependencyContainer] = []
    private var callbacks: [(sequence: UInt64, body: @Sendable () -> Void)] = []

    /// A value given to `declare(_:)`, with what it is for messages and the graph.
    struct Declared {
        let value: Any
        let info: DefinitionInfo
        let sequence: UInt64
    }

    init(id: ScopeID, key: ScopeDirectory.Key? = nil, parent: DependencyContainer, openedAt: CodeLocation) {
        self.id = id
        self.key = key
        self.parent = parent
        self.openedAt = openedAt
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

    /// Makes `value` resolvable as `info`'s type and tag in this scope.
    func declare(_ value: Any, as info: DefinitionInfo, replacing: Bool) throws(WiringError) {
        let released: Released? = try stateLock.withLock { () throws(WiringError) -> Released? in
            guard !closed else { throw .scopeClosed(scope: id.name, type: typeName(info.type), requestedAt: nil) }
            let key = DefinitionKey(type: info.typeID, tag: info.tag)
            let earlier = declared[key]
            if let earlier, !replacing {
                throw .valueAlreadyDeclared(
                    type: typeName(info.type), tag: info.tag?.description, scope: id.name, first: earlier.info.site,
                    second: info.site)
            }
            declared[key] = Declared(value: value, info: info, sequence: nextCreationSequence())
            return earlier.map { Released(value: $0.value, sequence: $0.sequence, onClose: nil) }
        }
        _ = released  // a replaced value is released here, outside the lock
    }

    /// The value declared for `key`, and the open scopes this one links to, in link order; one
    /// lock for the whole lookup. Throws ``WiringError/scopeClosed(scope:type:requestedAt:)``
    /// for a request of `type` if the scope (whose container is `container`) is closed.
    func lookup(_ key: DefinitionKey, checkingOpenFor type: Any.Type?, in container: DependencyContainer)
        throws(WiringError)
        -> (declared: Declared?, links: [DependencyContainer])
    {
        var dropped: [DependencyContainer] = []
        defer { _ = dropped }  // released after the lock: dropping a container may run a `deinit`
        return try stateLock.withLock { () throws(WiringError) -> (Declared?, [DependencyContainer]) in
            if let type, refuses(in: container) {
                throw .scopeClosed(scope: id.name, type: typeName(type), requestedAt: nil)
            }
            if links.contains(where: { $0.isClosedScope }) {
                dropped = links.filter { $0.isClosedScope }
                links.removeAll { $0.isClosedScope }
            }
            return (declared[key], links)
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

    /// Marks the scope closed, once, and hands back what it held (with the callbacks to run)
    /// and the scopes opened from it, to be finished outside the lock. A second call gets
    /// `nil`: callbacks run exactly once.
    func close(entries: [Entry], parameterized: [any AnyParameterizedEntry], async: [any AnyAsyncEntry])
        -> (released: [Released], children: [DependencyContainer])?
    {
        var linked: [DependencyContainer] = []
        defer { _ = linked }  // released after the lock: dropping a container may run a `deinit`
        return stateLock.withLock { () -> (released: [Released], children: [DependencyContainer])? in
            guard !closed else { return nil }
            closed = true
            var released = entries.compactMap { $0.takeHeldInstance() }
            released += parameterized.compactMap { $0.takeHeldInstance() }
            for entry in async {
                if case let .instance(built) = entry.retire(closing: true) { released.append(built) }
            }
            released += declared.values.map { Released(value: $0.value, sequence: $0.sequence, onClose: nil) }
            released += callbacks.map { callback in
                Released(value: (), sequence: callback.sequence, onClose: { _ in callback.body() })
            }
            declared = [:]
            linked = links
            links = []
            callbacks = []
            let open = children.values.compactMap(\.container)
            children = [:]
            return (released, open)
        }
    }

    private struct WeakContainer {
        weak var container: DependencyContainer?
    }
}

extension DependencyContainer {
    /// Whether a build in this container is running on this thread, further up its stack.
    var isBuildingOnThisThread: Bool {
        let me = Unmanaged.passUnretained(self).toOpaque()
        var frame = ResolutionFrame.current
        while let current = frame {
            if current.pointee.unmanagedContainer.toOpaque() == me { return true }
            frame = current.pointee.parent
        }
        return false
    }

    /// Whether this is a scope that has been closed; call under `stateLock`.
    fileprivate var isClosedScope: Bool {
        scope?.isClosedLocked ?? false
    }
}
