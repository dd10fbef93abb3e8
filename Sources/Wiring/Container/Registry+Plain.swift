extension Registry {
    /// The registry of a module made only of plain definitions (no scope, binding, override,
    /// async builder or include), each of its own type and tag: most modules, and
    /// what every container build would otherwise pay the general path's bookkeeping for.
    ///
    /// One pass: each definition's entry goes straight into the tables. A tagged definition is
    /// compared with `==` to the others of its type. `nil` as soon as a definition is
    /// not plain, or its type and tag are taken already (a duplicate, an override, or a module
    /// listed twice): the general path then builds the registry, and says what is wrong.
    static func plain(_ definitions: [AnyDefinition], mode: EntryMode) -> Registry? {
        // A module whose first definition is not plain (a binding, an override, a scope marker)
        // goes to the general path before anything is made for this one.
        if let first = definitions.first, !isPlainCandidate(first.info) { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(definitions.count)
        var untagged: [(ObjectIdentifier, Entry)] = []
        untagged.reserveCapacity(definitions.count)
        var eager: [Entry] = []
        var tagged = TaggedEntries(checkingDuplicatesAmong: definitions.count)
        let words = PublishedWords(count: definitions.count)
        for (index, definition) in definitions.enumerated() {
            let info = definition.info
            guard isPlainCandidate(info) else { return nil }
            let entry = Entry.make(info: info, mode: mode, words: (words, index))
            let id = ObjectIdentifier(info.type)
            if info.isPlain {
                untagged.append((id, entry))
            } else {
                // Not plain but unscoped and not an injection: tagged.
                guard tagged.insert(entry, tag: info.presentTag, of: id) else { return nil }
            }
            entries.append(entry)
            if entry.isCreatedAtStart { eager.append(entry) }
        }
        // A type given twice (a duplicate, or a module listed twice): the general path says which.
        guard let table = TypeTable(uniquely: untagged) else { return nil }
        return Registry(
            entries: entries, untagged: table, tagged: tagged.table, injections: [:],
            eagerEntries: eager, scopes: [:], slotCount: 0, declarations: [])
    }

    /// Whether the definition may go in a plain registry: no scope, not an injection, no
    /// override, no bindings, a builder.
    @inline(__always)
    private static func isPlainCandidate(_ info: DefinitionInfo) -> Bool {
        !info.isOverride && info.lifetime != .scoped && info.bindings.isEmpty && info.scope == nil
            && !info.isInjection && info.buildsWithBuilder
    }
}
