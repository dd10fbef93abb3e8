/// The scopes opened with an id (`openScope(UserSession.self, id: "user-42")`), so that
/// `openedScope(_:id:)` finds them; each until it is closed.
///
/// Ids are per container the scope is opened from, and per scope type. Scopes opened from a
/// root (the global one, or a task's own) are filed under the root itself, not under one of its
/// versions, so `load` and `unload` (which replace the root's container) do not lose them.
final class ScopeDirectory: @unchecked Sendable {
    // `filed` is only touched under `stateLock`, so that opening a scope files it, and closing
    // it removes it, in the lock round that opens or closes it. Nothing filed is dropped under
    // the lock: dropping a scope may run its `deinit`, which takes the lock.
    @exclusivity(unchecked) private var filed: [Key: DependencyContainer] = [:]

    /// Where an identified scope is filed, or is looked for: the container it is opened from
    /// (or the root it is a version of), its scope type and its id. A filed scope keeps a copy
    /// in its ``ScopeState``, by which it is removed when it closes.
    struct Key: Hashable, Sendable {
        /// The container it was opened from, or the root it is a version of (see
        /// ``DependencyContainer/directoryOwner``); `nil` for the global root.
        let owner: ObjectIdentifier?
        let scope: ObjectIdentifier
        let id: Tag
        /// The key's hash: the id hashed once with the process's seeded hasher (so ids a client
        /// chooses cannot be made to collide), mixed with the scope type and the owner. The
        /// directory hashes this alone, so an id is hashed once however often its key is used.
        let hash: Int

        init<ID: Hashable & Sendable>(owner: ObjectIdentifier?, scope: ObjectIdentifier, id: ID) {
            self.owner = owner
            self.scope = scope
            self.id = Tag(id)
            // The id hashed where its type is known, by the process's seeded hasher.
            let mixed = UInt(bitPattern: id.hashValue)
                ^ UInt(bitPattern: scope) &* 0x9E37_79B9_7F4A_7C15
                ^ UInt(bitPattern: owner.map { Int(bitPattern: UInt(bitPattern: $0)) } ?? 0) &* 0xC2B2_AE3D_27D4_EB4F
            hash = Int(bitPattern: mixed)
        }

        var idDescription: String { id.description }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.owner == rhs.owner && lhs.scope == rhs.scope && lhs.id == rhs.id
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    static func key(owner: DependencyContainer, scope: ScopeID, id: some Hashable & Sendable) -> Key {
        Key(owner: owner.directoryOwner, scope: scope.id, id: id)
    }

    /// The open scope filed under `key`.
    func scope(for key: Key) -> DependencyContainer? {
        stateLock.withLock { filed[key] }
    }

    /// Files the scope `open()` makes under `key`, unless one is filed there already: then
    /// returns that one if `reuse`, else throws. The new scope is made under `stateLock` (`open`
    /// must take no lock and run no user code), so two threads never both open one id. `open`
    /// must make a scope whose state is filed under `key` (see ``ScopeState/isFiled``).
    func file(
        _ key: Key, reuse: Bool, scope: ScopeID, requestedAt site: CodeLocation,
        open: () throws(WiringError) -> DependencyContainer
    ) throws(WiringError) -> (scope: DependencyContainer, isNew: Bool) {
        try stateLock.withLock { () throws(WiringError) -> (DependencyContainer, Bool) in
            if let existing = filed[key] {
                guard reuse else {
                    throw .scopeAlreadyOpen(
                        scope: scope.name, id: key.idDescription, openedAt: existing.scope?.openedAt, requestedAt: site)
                }
                return (existing, false)
            }
            let opened = try open()
            // Looked up, then stored, not filled in place through `filed[key]`'s `_modify`: its
            // coroutine frames were two allocations per opened scope, a second hash is a few dozen
            // instructions.
            filed[key] = opened
            return (opened, true)
        }
    }

    /// Removes the scope whose state is `scope`, filed under `key`, so its id can be opened
    /// again, and returns it for the caller to drop after the lock; call under `stateLock`.
    func removeLocked(_ key: Key, _ scope: ScopeState) -> DependencyContainer? {
        guard let index = filed.index(forKey: key), filed.values[index].scope === scope else { return nil }
        return filed.remove(at: index).value
    }

    /// The scopes filed under `owner` (a root's, from ``RootState/directoryOwner``): a root
    /// does not track these itself (see `RootState.track`), since this directory holds them
    /// until they close.
    func scopes(filedUnder owner: ObjectIdentifier?) -> [DependencyContainer] {
        stateLock.withLock { filed.filter { $0.key.owner == owner }.map(\.value) }
    }

    /// How many scopes are filed under `owner`; of scope type `scope` only, if given.
    func count(filedUnder owner: ObjectIdentifier?, of scope: ObjectIdentifier?) -> Int {
        stateLock.withLock { filed.keys.count { $0.owner == owner && (scope == nil || $0.scope == scope) } }
    }

    /// Forgets the global root's scopes (the library's own tests reset the root between tests).
    func removeRootScopes() {
        var all: [Key: DependencyContainer] = [:]
        stateLock.withLock {
            swap(&all, &filed)
            filed = all.filter { $0.key.owner != nil }
        }
        _ = all  // dropped after the lock
    }
}

/// The one directory of identified scopes.
let scopeDirectory = ScopeDirectory()
