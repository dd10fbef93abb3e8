/// What a definition is, for lookups and for messages: its type, tag, lifetime and site.
///
/// One instance per definition, shared by every container the definition is composed into.
final class DefinitionInfo: Sendable {
    let type: Any.Type
    let tag: Tag?
    let lifetime: Lifetime
    let site: CodeLocation?
    /// Whether this is an `injection(for:)`: code run on an existing object, not a builder.
    let isInjection: Bool

    init(type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false) {
        self.type = type
        self.tag = tag
        self.lifetime = lifetime
        self.site = site
        self.isInjection = isInjection
    }

    var typeID: ObjectIdentifier { ObjectIdentifier(type) }

    /// What makes two definitions the same within one container: type and tag.
    var key: DefinitionKey { DefinitionKey(type: typeID, tag: tag, isInjection: isInjection) }

    /// This definition as a step of a resolution path.
    var step: ResolutionStep { ResolutionStep(self) }
}
