/// What a definition is, for lookups and for messages: its type, tag, lifetime and site.
///
/// One instance per definition, shared by every container the definition is composed into.
final class DefinitionInfo: Sendable {
    let type: Any.Type
    let tag: Tag?
    let lifetime: Lifetime
    let site: CodeLocation?

    init(type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?) {
        self.type = type
        self.tag = tag
        self.lifetime = lifetime
        self.site = site
    }

    var typeID: ObjectIdentifier { ObjectIdentifier(type) }

    /// `Backend` or `LocalStorageProtocol (tag: StorageContext.userdata)`, as in a resolution path.
    var pathComponent: String {
        DefinitionInfo.pathComponent(type: type, tag: tag)
    }

    static func pathComponent(type: Any.Type, tag: Tag?) -> String {
        guard let tag else { return typeName(type) }
        return "\(typeName(type)) (tag: \(tag))"
    }

    /// `single at App/Modules.swift:12`, for listing what is registered.
    var summary: String {
        if let site { return "\(lifetime) at \(site)" }
        return "\(lifetime)"
    }
}
