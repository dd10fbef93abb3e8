/// The scopes opened with an id (`openScope(UserSession.self, id: "user-42")`), so that
/// `openedScope(_:id:)` finds them; each until it is closed.
///
/// Ids are per container the scope is opened from, and per scope type. Scopes opened from a
/// root (the global one, or a task's own) are filed under the root itself, not under one of its
/// versions, so `load` and `unload` (which replace the root's container) do not lose them.
final class ScopeDirectory: @unchecked Sendable {
    // `scopes` is only touched under `lock`, a leaf lock: nothing else is locked while it is held.
    private let lock = Lock()
    @exclusivity(unchecked) private var scopes: [Key: DependencyContainer] = [:]  // under `lock`

    /// Where an identified scope is filed: the scope holds it, and the directory files the scope
    /// under it, so a scope's open, close and lookup handle one reference, not copies of an id of
    /// any type.
    final class Key: Hashable, Sendable {
        /// The container it was opened from, or the root it is a version of (see
        /// ``DependencyContainer/directoryOwner``); `nil` for the global root.
        let owner: ObjectIdentifier?
        let scope: ObjectIdentifier
        let id: Tag
        /// The id's hash, taken once (with the process's seeded hasher, so ids a client chooses
        /// cannot be made to collide): the directory hashes this word rather than the id.
        private let idHash: Int

        init(owner: ObjectIdentifier?, scope: ObjectIdentifier, id: Tag) {
            self.owner = owner
            self.scope = scope
            self.id = id
            idHash = id.hashValue
        }

        var idDescription: String { id.description }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs === rhs || (lhs.owner == rhs.owner && lhs.scope == rhs.scope && lhs.idHash == rhs.idHash && lhs.id == rhs.id)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(idHash)
            hasher.combine(scope)
            hasher.combine(owner)
        }
    }

    static func key(owner: DependencyContainer, scope: ScopeID, id: some Hashable & Sendable) -> Key {
        Key(owner: owner.directoryOwner, scope: scope.id, id: Tag(id))
    }

    /// The open scope filed under `key`.
    func scope(for key: Key) -> DependencyContainer? {
        lock.withLock { scopes[key] }
    }

    /// Files the scope `open()` makes under `key`, unless one is filed there already: then
    /// returns that one if `reuse`, else throws. The new scope is made under this lock (which
    /// `open` must not take any other lock for), so two threads never both open one id.
    func file(
        _ key: Key, reuse: Bool, scope: ScopeID, requestedAt site: CodeLocation,
        open: () throws(WiringError) -> DependencyContainer
    ) throws(WiringError) -> (scope: DependencyContainer, isNew: Bool) {
        try lock.withLock { () throws(WiringError) -> (DependencyContainer, Bool) in
            if let existing = scopes[key] {
                guard reuse else {
                    throw .scopeAlreadyOpen(
                        scope: scope.name, id: key.idDescription, openedAt: existing.scope?.openedAt, requestedAt: site)
                }
                return (existing, false)
            }
            let opened = try open()
            scopes[key] = opened
            return (opened, true)
        }
    }

    /// Removes `key`'s scope, so the id can be opened again.
    func remove(_ key: Key) {
        lock.withLock { _ = scopes.removeValue(forKey: key) }
    }

    /// The scopes filed under `owner` (a root's, from ``RootState/directoryOwner``): a root
    /// does not track these itself (see `RootState.track`), since this directory holds them
    /// until they close.
    func scopes(filedUnder owner: ObjectIdentifier?) -> [DependencyContainer] {
        lock.withLock { scopes.compactMap { $0.key.owner == owner ? $0.value : nil } }
    }

    /// How many scopes are filed under `owner`; of scope type `scope` only, if given.
    func count(filedUnder owner: ObjectIdentifier?, of scope: ObjectIdentifier?) -> Int {
        lock.withLock {
            scopes.keys.reduce(0) { count, key in
                count + (key.owner == owner && (scope == nil || key.scope == scope) ? 1 : 0)
            }
        }
    }

    /// Forgets the root's scopes (the library's own tests reset the root between tests).
    func removeRootScopes() {
        lock.withLock { scopes = scopes.filter { $0.key.owner != nil } }
    }
}

/// The one directory of identified scopes.
let scopeDirectory = ScopeDirectory()
