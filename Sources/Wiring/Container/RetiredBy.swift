/// Why an entry resolves no more: its module was unloaded, or its container closed.
enum RetiredBy {
    case unload
    case close

    /// The error a resolve of `type`, defined at `site`, gets.
    func error(for type: Any.Type, definedAt site: CodeLocation?) -> WiringError {
        switch self {
        case .unload: .moduleUnloaded(type: typeName(type), definedAt: site, requestedAt: nil)
        case .close: .containerClosed(type: typeName(type), requestedAt: nil)
        }
    }
}
