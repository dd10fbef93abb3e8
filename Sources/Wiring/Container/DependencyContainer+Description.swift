extension DependencyContainer: CustomStringConvertible, CustomDebugStringConvertible {
    /// A one-line summary: what the container is, how many definitions it has, and for a scope
    /// its type, id and whether it is open.
    ///
    /// ```swift
    /// print(session)   // scope UserSession "u42" (open): 3 definitions
    /// ```
    public var description: String {
        let count = definitions.reduce(0) { $0 + ($1.isMarker ? 0 : 1) }
        let definitions = "\(count) definition\(count == 1 ? "" : "s")"
        if let scope { return "scope \(scopeName) (\(scope.isClosed ? "closed" : "open")): \(definitions)" }
        if let state = rootState { return "root container: \(definitions), \(state.openScopeCount()) open scopes" }
        return "container: \(definitions)"
    }

    /// A scope's type and id, as messages name it (`UserSession "u42"`); `container` otherwise.
    var scopeName: String {
        guard let scope else { return "container" }
        return scope.id.name + (scope.filing.map { " \($0.idDescription)" } ?? "")
    }

    /// The summary, then where the container was made.
    ///
    /// ```swift
    /// debugPrint(container)   // container: 12 definitions, made at App/Modules.swift:14
    /// ```
    public var debugDescription: String {
        guard let site else { return description }
        return "\(description), made at \(site)"
    }
}
