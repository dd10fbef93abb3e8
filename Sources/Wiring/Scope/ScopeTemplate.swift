internal import _WiringShims

/// One `scope(S.self) { … }` of a container: its definitions, and the registry that every scope
/// opened from it shares, built by the first `openScope`.
///
/// Opening a scope then builds no entries, tables or blocks: the scope is a container over this
/// registry with a ``ScopeState`` that keeps, in its slots, what each entry holds for that scope
/// (KOIN's `ScopeDefinition` and `Scope`).
final class ScopeTemplate: @unchecked Sendable {
    // `built` is only written under `lock`, a leaf lock (building the registry takes no other
    // lock and runs no user code), once; `published` mirrors it for readers without the lock;
    // everything else is immutable.
    let id: ScopeID
    let definitions: [Definition]
    private let lock = Lock()
    private var built: Built?
    /// `built`, unretained, stored with release ordering once it is set and read with acquire
    /// ordering: a scope opened after the first one reads its registry with one load, not the
    /// lock. Invariant: non-nil only once `built` is set, which is never changed afterwards and
    /// keeps the object alive as long as this template.
    private let published = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)

    /// What every scope opened from the template shares (a class: handed out without copying
    /// the registry).
    final class Built: Sendable {
        let registry: Registry
        let definitions: [Definition]
        let parts: [Part]

        init(registry: Registry, definitions: [Definition], parts: [Part]) {
            self.registry = registry
            self.definitions = definitions
            self.parts = parts
        }
    }

    init(id: ScopeID, definitions: [Definition]) {
        self.id = id
        self.definitions = definitions
        published.initialize(to: nil)
    }

    deinit {
        published.deallocate()
    }

    /// The shared registry, built on the first call; throws what keeps the definitions from
    /// making one (a duplicate), every time it is asked.
    func registry() throws(WiringError) -> Built {
        if let address = wiring_atomic_load_acquire(published) {
            return Unmanaged<Built>.fromOpaque(address).takeUnretainedValue()
        }
        return try lock.withLock { () throws(WiringError) -> Built in
            if let built { return built }
            let registry = try Registry.build(definitions: definitions, scope: id, sharedByScopes: true)
            let made = Built(registry: registry, definitions: definitions, parts: definitions.isEmpty ? [] : [.definitions(definitions)])
            built = made
            wiring_atomic_store_release(published, Unmanaged.passUnretained(made).toOpaque())
            return made
        }
    }

    /// Whether `definitions` are exactly this template's (a root rebuilt by `load` or `unload`
    /// keeps the template, and so its built registry, when its scope did not change).
    /// The scopes each scope of this definition is declared linked to (`linked(to:)`).
    var staticLinks: [ScopeID] {
        definitions.compactMap(\.linkTarget)
    }

    func hasSameDefinitions(as definitions: [Definition]) -> Bool {
        self.definitions.count == definitions.count
            && zip(self.definitions, definitions).allSatisfy { $0.info === $1.info }
    }
}
