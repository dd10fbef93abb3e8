/// A scope type, by identity and by name (for messages).
struct ScopeID: Hashable, Sendable {
    let type: Any.Type
    /// The scopes this one is declared inside, outermost first (it is opened from them).
    let outer: [ScopeID]

    var id: ObjectIdentifier { ObjectIdentifier(type) }
    /// The name, made only for a message: opening a scope builds no string.
    var name: String { typeName(type) }

    init(_ type: Any.Type) {
        self.type = type
        outer = []
    }

    private init(type: Any.Type, outer: [ScopeID]) {
        self.type = type
        self.outer = outer
    }

    /// This scope, declared inside `scope`.
    func nested(in scope: ScopeID) -> ScopeID {
        ScopeID(type: type, outer: [scope] + outer)
    }

    static func == (lhs: ScopeID, rhs: ScopeID) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
