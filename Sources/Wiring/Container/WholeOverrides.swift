/// How an override replaces a definition that answers for several types (its own and those it
/// is bound to): whole, whichever of them it overrides. Overriding the definition's own type
/// carries its bindings over to the override (`resolve() as P` gives the override's instance);
/// overriding one of its bound types removes the rest of it, and resolving what is left says so
/// (``WiringError/replacedByOverride(type:tag:definedAt:overriddenAt:overriding:requestedAt:)``).
/// Never half: a definition whose binding answered with the real instance while its start hook
/// was gone is what this prevents.
enum WholeOverrides {
    /// `definitions` without those an override of one of their bound types replaced, and, for
    /// each definition whose own type an override replaced, that override: its bindings' entries
    /// build from the override's entry. (Its binding definitions stay as they are, so that their
    /// entries, and instances, survive a load or an unload.) Definitions of one type only are
    /// left to ``Claims``, which replaces them as before.
    static func applied(to definitions: [AnyDefinition]) -> (definitions: [AnyDefinition], primaries: [DefinitionID: DefinitionID]) {
        guard definitions.contains(where: { $0.info.isOverride && $0.info.buildsWithBuilder }) else { return (definitions, [:]) }
        var gone: Set<DefinitionID> = []
        var primaries: [DefinitionID: DefinitionID] = [:]
        for index in definitions.indices where definitions[index].info.isOverride && definitions[index].info.buildsWithBuilder {
            let override = definitions[index].info
            let keys = Set(definitions[index].slots.map(key))
            for earlier in definitions[..<index] where earlier.info.buildsWithBuilder && !earlier.info.bindings.isEmpty {
                let info = earlier.info
                guard info !== override, !gone.contains(info.id), primaries[info.id] == nil,
                    earlier.slots.contains(where: { keys.contains(key($0)) })
                else { continue }
                if keys.contains(key(info)) {
                    primaries[info.id] = override.id
                } else {
                    gone.insert(info.id)
                }
            }
        }
        return (gone.isEmpty ? definitions : definitions.filter { !gone.contains($0.info.id) }, primaries)
    }

    /// What replaced the definition of `type` and `tag` whole in `definitions`, if an override
    /// did: the definition, and the override's slot that matched it. A missing definition's
    /// message asks this, on its cold path.
    static func replacement(
        of type: ObjectIdentifier, tag: Tag?, in definitions: [AnyDefinition]
    ) -> (original: DefinitionInfo, override: DefinitionInfo)? {
        for (index, definition) in definitions.enumerated() where definition.info.isOverride {
            let keys = Set(definition.slots.map(key))
            for earlier in definitions[..<index] where !earlier.info.bindings.isEmpty {
                guard earlier.slots.contains(where: { $0.typeID == type && $0.tag == tag }),
                    let matched = earlier.slots.first(where: { keys.contains(key($0)) })
                else { continue }
                let slot = definition.slots.first { key($0) == key(matched) } ?? definition.info
                return (earlier.info, slot)
            }
        }
        return nil
    }

    private static func key(_ info: DefinitionInfo) -> DefinitionKey {
        DefinitionKey(type: info.typeID, tag: info.tag, isInjection: info.isInjection, scope: info.scope)
    }
}
