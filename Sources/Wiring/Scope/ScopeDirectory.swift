/// The scopes opened with an id (`openScope(UserSession.self, id: "user-42")`), so that
/// `openedScope(_:id:)` finds them; each until it is closed.
///
/// Ids are per container the scope is opened from, and per scope type. Scopes opened from a
/// root (the global one, or a task's own) are filed under the root itself, not under one of its
/// versions, so `load` and `unload` (which replace the root's container) do not lose them.
final class ScopeDirectory: @unchecked Sendable {
    // `table` is only touched under `lock`, a leaf lock: nothing else is locked while it is held.
    private let lock = Lock()
    @exclusivity(unchecked) private var table = Table()  // under `lock`

    /// Where an identified scope is filed, or is looked for: the container it is opened from
    /// (or the root it is a version of), its scope type and its id. A value on the caller's
    /// stack; a filed scope keeps its own copy in its ``ScopeState``, so filing one allocates
    /// nothing of its own.
    struct Key {
        /// The container it was opened from, or the root it is a version of (see
        /// ``DependencyContainer/directoryOwner``); `nil` for the global root.
        let owner: ObjectIdentifier?
        let scope: ObjectIdentifier
        let id: Tag
        /// The key's hash: the id hashed once with the process's seeded hasher (so ids a client
        /// chooses cannot be made to collide), mixed with the scope type and the owner. The
        /// directory's table probes by it without hashing again.
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

        /// The key of a scope that is not filed (see ``ScopeState/isFiled``): matches none.
        private init() {
            owner = nil
            scope = ObjectIdentifier(Key.self)
            id = Tag(false)
            hash = 0
        }

        /// One shared value: an unfiled scope makes no tag of its own.
        static let unfiled = Key()

        var idDescription: String { id.description }

        /// Whether `state` is the state of the scope filed under this key: the same owner, scope
        /// type and id. Reads the state's key in place.
        func matches(_ state: ScopeState) -> Bool {
            hash == state.filing.hash && owner == state.filing.owner && scope == state.filing.scope
                && state.filing.id == id
        }
    }

    static func key(owner: DependencyContainer, scope: ScopeID, id: some Hashable & Sendable) -> Key {
        Key(owner: owner.directoryOwner, scope: scope.id, id: id)
    }

    /// The open scope filed under `key`.
    func scope(for key: Key) -> DependencyContainer? {
        lock.withLock { table.find(key).map { table.scopes[$0].unsafelyUnwrapped } }
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
            if let index = table.find(key) {
                let existing = table.scopes[index].unsafelyUnwrapped
                guard reuse else {
                    throw .scopeAlreadyOpen(
                        scope: scope.name, id: key.idDescription, openedAt: existing.scope?.openedAt, requestedAt: site)
                }
                return (existing, false)
            }
            let opened = try open()
            table.insert(opened, hash: key.hash)
            return (opened, true)
        }
    }

    /// Removes `scope` (filed: see ``ScopeState/isFiled``), so its id can be opened again.
    func remove(_ scope: DependencyContainer) {
        lock.withLock { table.remove(scope) }
    }

    /// The scopes filed under `owner` (a root's, from ``RootState/directoryOwner``): a root
    /// does not track these itself (see `RootState.track`), since this directory holds them
    /// until they close.
    func scopes(filedUnder owner: ObjectIdentifier?) -> [DependencyContainer] {
        lock.withLock { table.filed.filter { $0.scope.unsafelyUnwrapped.filing.owner == owner } }
    }

    /// How many scopes are filed under `owner`; of scope type `scope` only, if given.
    func count(filedUnder owner: ObjectIdentifier?, of scope: ObjectIdentifier?) -> Int {
        lock.withLock {
            table.filed.reduce(0) { count, filed in
                let state = filed.scope.unsafelyUnwrapped
                return count + (state.filing.owner == owner && (scope == nil || state.filing.scope == scope) ? 1 : 0)
            }
        }
    }

    /// Forgets the global root's scopes (the library's own tests reset the root between tests).
    func removeRootScopes() {
        lock.withLock {
            for filed in table.filed where filed.scope.unsafelyUnwrapped.filing.owner == nil { table.remove(filed) }
        }
    }

    /// An open-addressing table of the filed scopes, probed by the hash each one's state keeps:
    /// filing and removing a request's scope run no `Hasher` and retain nothing but what they
    /// store.
    ///
    /// Linear probing over a power-of-two capacity kept at most half full. A removal shifts back
    /// the scopes after it that would otherwise be cut off from their home slot, so there are no
    /// tombstones and a lookup stops at the first empty slot (invariant: every scope sits in the
    /// run of occupied slots that starts at its home). Every scope here is filed: its state has
    /// an identity (``ScopeState/isFiled``).
    struct Table {
        private(set) var scopes: [DependencyContainer?] = Array(repeating: nil, count: 16)
        private var count = 0

        private var mask: Int { scopes.count - 1 }

        private func home(_ hash: Int) -> Int {
            Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        }

        /// The hash a filed scope was filed with.
        private static func hash(of scope: DependencyContainer) -> Int {
            scope.scope.unsafelyUnwrapped.filing.hash
        }

        /// Where the scope filed under `key` sits, if there is one.
        func find(_ key: Key) -> Int? {
            var index = home(key.hash)
            while let candidate = scopes[index] {
                if key.matches(candidate.scope.unsafelyUnwrapped) { return index }
                index = (index + 1) & mask
            }
            return nil
        }

        /// Where `scope` itself sits, if it is filed here.
        private func find(_ scope: DependencyContainer) -> Int? {
            var index = home(Self.hash(of: scope))
            while let candidate = scopes[index] {
                if candidate === scope { return index }
                index = (index + 1) & mask
            }
            return nil
        }

        /// Files `scope`, whose key is not filed yet, by the hash of its key.
        mutating func insert(_ scope: DependencyContainer, hash: Int) {
            if (count + 1) * 2 > scopes.count { grow() }
            var index = home(hash)
            while scopes[index] != nil { index = (index + 1) & mask }
            scopes[index] = scope
            count += 1
        }

        /// Removes `scope`, if it is filed here.
        mutating func remove(_ scope: DependencyContainer) {
            guard var hole = find(scope) else { return }
            scopes[hole] = nil
            count -= 1
            // Shift back each later scope of the run whose home is not between the hole and it.
            var index = (hole + 1) & mask
            while let candidate = scopes[index] {
                let wanted = home(Self.hash(of: candidate))
                let reachable = hole <= index ? (wanted <= hole || wanted > index) : (wanted <= hole && wanted > index)
                if reachable {
                    scopes[hole] = candidate
                    scopes[index] = nil
                    hole = index
                }
                index = (index + 1) & mask
            }
        }

        /// Every filed scope.
        var filed: [DependencyContainer] {
            scopes.compactMap { $0 }
        }

        private mutating func grow() {
            let old = filed
            scopes = Array(repeating: nil, count: scopes.count * 2)
            count = 0
            for scope in old { insert(scope, hash: Self.hash(of: scope)) }
        }
    }
}

/// The one directory of identified scopes.
let scopeDirectory = ScopeDirectory()
