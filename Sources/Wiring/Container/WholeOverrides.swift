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
        // First by type alone, which hashes cheaply: most overrides name no type of a definition
        // with bindings, and then there is nothing to do.
        var overriddenTypes: Set<ObjectIdentifier> = []
        for definition in definitions where definition.info.isOverride && definition.info.buildsWithBuilder {
            forEachKey(of: definition.info) { overriddenTypes.insert($0.type) }
        }
        guard !overriddenTypes.isEmpty,
            definitions.contains(where: { definition in
                let info = definition.info
                return !info.bindings.isEmpty && !info.isOverride
                    && (overriddenTypes.contains(info.typeID) || info.bindings.contains { overriddenTypes.contains($0.typeID) })
            })
        else { return (definitions, [:]) }
        // The keys of the overrides (few), each to the overrides claiming it, in order.
        var overridden: [DefinitionKey: [Int]] = [:]
        for (index, definition) in definitions.enumerated() where definition.info.isOverride && definition.info.buildsWithBuilder {
            forEachKey(of: definition.info) { overridden[$0, default: []].append(index) }
        }
        var gone: Set<DefinitionID> = []
        var primaries: [DefinitionID: DefinitionID] = [:]
        // Only a definition with bindings can be replaced in part; the first override after it
        // that names one of its types decides.
        for (index, definition) in definitions.enumerated()
        where definition.info.buildsWithBuilder && !definition.info.bindings.isEmpty && !definition.info.isOverride {
            let info = definition.info
            var first: Int?
            forEachKey(of: info) { key in
                if let later = overridden[key]?.first(where: { $0 > index }), later < (first ?? .max) { first = later }
            }
            guard let first, !gone.contains(info.id), primaries[info.id] == nil else { continue }
            let override = definitions[first].info
            if overridden[key(info)]?.contains(first) == true {
                primaries[info.id] = override.id
            } else {
                gone.insert(info.id)
            }
        }
        return (gone.isEmpty ? definitions : definitions.filter { !gone.contains($0.info.id) }, primaries)
    }

    /// Calls `body` with the key of `info`'s own type, then of each type it is bound to.
    private static func forEachKey(of info: DefinitionInfo, _ body: (DefinitionKey) -> Void) {
        body(key(info))
        for binding in info.bindings { body(key(binding)) }
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
