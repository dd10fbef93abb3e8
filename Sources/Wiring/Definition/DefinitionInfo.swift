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
    /// Whether this definition deliberately replaces an earlier one of the same type and tag.
    let isOverride: Bool
    /// Whether this singleton is built as soon as its container starts.
    let createdAtStart: Bool

    init(
        type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false
    ) {
        self.type = type
        self.tag = tag
        self.lifetime = lifetime
        self.site = site
        self.isInjection = isInjection
        self.isOverride = isOverride
        self.createdAtStart = createdAtStart
    }

    /// A copy for another type (a binding), or with other flags.
    func with(
        type: Any.Type? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil
    ) -> DefinitionInfo {
        DefinitionInfo(
            type: type ?? self.type, tag: tag, lifetime: lifetime, site: site, isInjection: isInjection,
            isOverride: isOverride ?? self.isOverride, createdAtStart: createdAtStart ?? self.createdAtStart)
    }

    var typeID: ObjectIdentifier { ObjectIdentifier(type) }

    /// What makes two definitions the same within one container: type and tag.
    var key: DefinitionKey { DefinitionKey(type: typeID, tag: tag, isInjection: isInjection) }

    /// This definition as a step of a resolution path.
    var step: ResolutionStep { ResolutionStep(self) }
}
