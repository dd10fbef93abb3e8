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

    /// Where an identified scope is filed: the scope holds it, and the directory files the scope
    /// under it, so a scope's open, close and lookup handle one reference, not copies of an id of
    /// any type.
    final class Key: Sendable {
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
            var hasher = Hasher()
            hasher.combine(id)
            let mixed = UInt(bitPattern: hasher.finalize())
                ^ UInt(bitPattern: scope) &* 0x9E37_79B9_7F4A_7C15
                ^ UInt(bitPattern: owner.map { Int(bitPattern: UInt(bitPattern: $0)) } ?? 0) &* 0xC2B2_AE3D_27D4_EB4F
            hash = Int(bitPattern: mixed)
        }

        var idDescription: String { id.description }

        /// Whether `other` files the same scope: the same owner, scope type and id.
        func matches(_ other: Key) -> Bool {
            self === other || (hash == other.hash && owner == other.owner && scope == other.scope && id == other.id)
        }
    }

    static func key(owner: DependencyContainer, scope: ScopeID, id: some Hashable & Sendable) -> Key {
        Key(owner: owner.directoryOwner, scope: scope.id, id: id)
    }

    /// The open scope filed under `key`.
    func scope(for key: Key) -> DependencyContainer? {
        lock.withLock { table.find(key).map { table.values[$0].unsafelyUnwrapped } }
    }

    /// Files the scope `open()` makes under `key`, unless one is filed there already: then
    /// returns that one if `reuse`, else throws. The new scope is made under this lock (which
    /// `open` must not take any other lock for), so two threads never both open one id.
    func file(
        _ key: Key, reuse: Bool, scope: ScopeID, requestedAt site: CodeLocation,
        open: () throws(WiringError) -> DependencyContainer
    ) throws(WiringError) -> (scope: DependencyContainer, isNew: Bool) {
        try lock.withLock { () throws(WiringError) -> (DependencyContainer, Bool) in
            if let index = table.find(key) {
                let existing = table.values[index].unsafelyUnwrapped
                guard reuse else {
                    throw .scopeAlreadyOpen(
                        scope: scope.name, id: key.idDescription, openedAt: existing.scope?.openedAt, requestedAt: site)
                }
                return (existing, false)
            }
            let opened = try open()
            table.insert(key, opened)
            return (opened, true)
        }
    }

    /// Removes `key`'s scope, so the id can be opened again.
    func remove(_ key: Key) {
        lock.withLock { table.remove(key) }
    }

    /// The scopes filed under `owner` (a root's, from ``RootState/directoryOwner``): a root
    /// does not track these itself (see `RootState.track`), since this directory holds them
    /// until they close.
    func scopes(filedUnder owner: ObjectIdentifier?) -> [DependencyContainer] {
        lock.withLock { table.pairs.compactMap { $0.key.owner == owner ? $0.scope : nil } }
    }

    /// How many scopes are filed under `owner`; of scope type `scope` only, if given.
    func count(filedUnder owner: ObjectIdentifier?, of scope: ObjectIdentifier?) -> Int {
        lock.withLock {
            table.pairs.reduce(0) { count, pair in
                count + (pair.key.owner == owner && (scope == nil || pair.key.scope == scope) ? 1 : 0)
            }
        }
    }

    /// Forgets the global root's scopes (the library's own tests reset the root between tests).
    func removeRootScopes() {
        lock.withLock {
            for pair in table.pairs where pair.key.owner == nil { table.remove(pair.key) }
        }
    }

    /// An open-addressing table of the filed scopes, probed by each key's own hash: filing and
    /// removing a request's scope run no `Hasher` and retain nothing but what they store.
    ///
    /// Linear probing over a power-of-two capacity kept at most half full. A removal shifts back
    /// the keys after it that would otherwise be cut off from their home slot, so there are no
    /// tombstones and a lookup stops at the first empty slot (invariant: every key sits in the
    /// run of occupied slots that starts at its home).
    struct Table {
        private(set) var keys: [Key?] = Array(repeating: nil, count: 16)
        private(set) var values: [DependencyContainer?] = Array(repeating: nil, count: 16)
        private var count = 0

        private var mask: Int { keys.count - 1 }

        private func home(_ hash: Int) -> Int {
            Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        }

        /// Where `key` is filed, if it is.
        func find(_ key: Key) -> Int? {
            var index = home(key.hash)
            while let candidate = keys[index] {
                if candidate.matches(key) { return index }
                index = (index + 1) & mask
            }
            return nil
        }

        /// Files `scope` under `key`, which is not filed yet.
        mutating func insert(_ key: Key, _ scope: DependencyContainer) {
            if (count + 1) * 2 > keys.count { grow() }
            var index = home(key.hash)
            while keys[index] != nil { index = (index + 1) & mask }
            keys[index] = key
            values[index] = scope
            count += 1
        }

        /// Removes what is filed under `key`, if anything.
        mutating func remove(_ key: Key) {
            guard var hole = find(key) else { return }
            keys[hole] = nil
            values[hole] = nil
            count -= 1
            // Shift back each later key of the run whose home is not between the hole and it.
            var index = (hole + 1) & mask
            while let candidate = keys[index] {
                let wanted = home(candidate.hash)
                let reachable = hole <= index ? (wanted <= hole || wanted > index) : (wanted <= hole && wanted > index)
                if reachable {
                    keys[hole] = candidate
                    values[hole] = values[index]
                    keys[index] = nil
                    values[index] = nil
                    hole = index
                }
                index = (index + 1) & mask
            }
        }

        /// Every filed key and scope.
        var pairs: [(key: Key, scope: DependencyContainer)] {
            keys.indices.compactMap { index in keys[index].map { ($0, values[index].unsafelyUnwrapped) } }
        }

        private mutating func grow() {
            let old = pairs
            keys = Array(repeating: nil, count: keys.count * 2)
            values = Array(repeating: nil, count: keys.count)
            count = 0
            for pair in old { insert(pair.key, pair.scope) }
        }
    }
}

/// The one directory of identified scopes.
let scopeDirectory = ScopeDirectory()
