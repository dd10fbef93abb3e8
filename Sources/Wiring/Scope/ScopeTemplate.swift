/// One `scope(S.self) { … }` of a container: its definitions, and the registry that every scope
/// opened from it shares, built by the first `openScope`.
///
/// Opening a scope then builds no entries, tables or blocks: the scope is a container over this
/// registry with a ``ScopeState`` that keeps, in its slots, what each entry holds for that scope
/// (KOIN's `ScopeDefinition` and `Scope`).
final class ScopeTemplate: @unchecked Sendable {
    // `built` is published once, under `lock` (a leaf lock: building the registry takes no other
    // lock and runs no user code), and read lock-free with acquire ordering; everything else is
    // immutable.
    let id: ScopeID
    let definitions: [AnyDefinition]
    private let lock = Lock()
    private let built = AtomicReference<Built>()

    /// What every scope opened from the template shares (a class: handed out without copying
    /// the registry).
    final class Built: Sendable {
        let registry: Registry
        let definitions: [AnyDefinition]
        let parts: [Part]

        init(registry: Registry, definitions: [AnyDefinition], parts: [Part]) {
            self.registry = registry
            self.definitions = definitions
            self.parts = parts
        }
    }

    init(id: ScopeID, definitions: [AnyDefinition]) {
        self.id = id
        self.definitions = definitions
    }

    /// The shared registry, built on the first call; throws what keeps the definitions from
    /// making one (a duplicate), every time it is asked.
    func registry() throws(WiringError) -> Built {
        // This template keeps `Built` alive for as long as the caller uses it.
        if let made = built.load() { return made.object }
        return try lock.withLock { () throws(WiringError) -> Built in
            if let made = built.load() { return made.object }
            let registry = try Registry.build(definitions: definitions, scope: id, sharedByScopes: true)
            let made = Built(registry: registry, definitions: definitions, parts: definitions.isEmpty ? [] : [.definitions(definitions)])
            _ = built.exchange(made)  // nothing was published before: nothing to release
            return made
        }
    }

    var staticLinks: [ScopeID] {
        definitions.compactMap(\.linkTarget)
    }

    func hasSameDefinitions(as definitions: [AnyDefinition]) -> Bool {
        self.definitions.count == definitions.count
            && zip(self.definitions, definitions).allSatisfy { $0.info === $1.info }
    }
}
