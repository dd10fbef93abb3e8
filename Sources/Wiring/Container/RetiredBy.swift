/// Why an entry resolves no more: its module was unloaded, or its container closed.
enum RetiredBy {
    case unload
    case close

    /// Whether a resolve still builds from the retired entry, for itself alone: a resolve nested
    /// in a build that began on the root before the unload sees that root whole ("one root per
    /// resolve"), so what it needs of the unloaded module is built, handed to it and released at
    /// once, never kept. The outermost resolve gets the error, and starts again on the root as it
    /// is now.
    var buildsForNestedResolve: Bool {
        self == .unload && ThreadResolution.isResolving
    }

    /// The error a resolve of `type`, defined at `site`, gets.
    func error(for type: Any.Type, definedAt site: CodeLocation?) -> WiringError {
        switch self {
        case .unload: .moduleUnloaded(type: typeName(type), definedAt: site, requestedAt: nil)
        case .close: .containerClosed(type: typeName(type), requestedAt: nil)
        }
    }

    /// Throws what a resolve of `info` gets, unless it builds for a nested resolve (see
    /// ``buildsForNestedResolve``).
    func check(_ info: DefinitionInfo) throws(WiringError) {
        if !buildsForNestedResolve { throw error(for: info.type, definedAt: info.site) }
    }
}
