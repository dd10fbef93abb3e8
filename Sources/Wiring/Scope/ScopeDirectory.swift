/// The scopes opened with an id (`openScope(UserSession.self, id: "user-42")`), so that
/// `openedScope(_:id:)` finds them; each until it is closed.
///
/// Ids are per container the scope is opened from, and per scope type. Scopes opened from a
/// root (the global one, or a task's own) are filed under the root itself, not under one of its
/// versions, so `load` and `unload` (which replace the root's container) do not lose them.
final class ScopeDirectory: @unchecked Sendable {
    // `scopes` is only touched under `lock`, a leaf lock: nothing else is locked while it is held.
    private let lock = Lock()
    private var scopes: [Key: DependencyContainer] = [:]

    /// Where an identified scope is filed, or is looked for: the container it is opened from
    /// (or the root it is a version of), its scope type and its id. A filed scope keeps its key
    /// in its ``ScopeState``, which is how it is removed.
    struct Key: Hashable {
        /// The container it was opened from, or the root it is a version of (see
        /// ``DependencyContainer/directoryOwner``); `nil` for the global root.
        let owner: ObjectIdentifier?
        let scope: ObjectIdentifier
        let id: Tag
        /// The three hashed once, where the id's type is known: the directory's lookups hash
        /// this word and compare it first, rather than hash and compare the id through `Tag`.
        private let hash: Int

        init<ID: Hashable & Sendable>(owner: ObjectIdentifier?, scope: ObjectIdentifier, id: ID) {
            self.owner = owner
            self.scope = scope
            self.id = Tag(id)
            var hasher = Hasher()
            hasher.combine(owner)
            hasher.combine(scope)
            hasher.combine(id)
            hash = hasher.finalize()
        }

        /// The key of a scope that is not filed (see ``ScopeState/isFiled``).
        static let unfiled = Key(owner: nil, scope: ObjectIdentifier(Key.self), id: false)

        var idDescription: String { id.description }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.owner == rhs.owner && lhs.scope == rhs.scope && lhs.id == rhs.id
        }
    }

    static func key(owner: DependencyContainer, scope: ScopeID, id: some Hashable & Sendable) -> Key {
        Key(owner: owner.directoryOwner, scope: scope.id, id: id)
    }

    /// The open scope filed under `key`.
    func scope(for key: Key) -> DependencyContainer? {
        lock.withLock { scopes[key] }
    }

    /// Files the scope `open()` makes under `key`, unless one is filed there already: then
    /// returns that one if `reuse`, else throws. The new scope is made under this lock (which
    /// `open` must not take any other lock for), so two threads never both open one id. `open`
    /// must make a scope whose state is filed under `key` (see ``ScopeState/isFiled``).
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

    /// Removes `scope` (filed: see ``ScopeState/isFiled``), so its id can be opened again.
    func remove(_ scope: DependencyContainer) {
        let key = scope.scope.unsafelyUnwrapped.filing
        let removed = lock.withLock { () -> DependencyContainer? in
            guard let index = scopes.index(forKey: key), scopes.values[index] === scope else { return nil }
            return scopes.remove(at: index).value
        }
        _ = removed  // released after the lock: dropping a container may run a `deinit`
    }

    /// The scopes filed under `owner` (a root's, from ``RootState/directoryOwner``): a root
    /// does not track these itself (see `RootState.track`), since this directory holds them
    /// until they close.
    func scopes(filedUnder owner: ObjectIdentifier?) -> [DependencyContainer] {
        lock.withLock { scopes.filter { $0.key.owner == owner }.map(\.value) }
    }

    /// How many scopes are filed under `owner`; of scope type `scope` only, if given.
    func count(filedUnder owner: ObjectIdentifier?, of scope: ObjectIdentifier?) -> Int {
        lock.withLock { scopes.keys.count { $0.owner == owner && (scope == nil || $0.scope == scope) } }
    }

    /// Forgets the global root's scopes (the library's own tests reset the root between tests).
    func removeRootScopes() {
        let removed = lock.withLock {
            defer { scopes = scopes.filter { $0.key.owner != nil } }
            return scopes
        }
        _ = removed
    }
}

/// The one directory of identified scopes.
let scopeDirectory = ScopeDirectory()
