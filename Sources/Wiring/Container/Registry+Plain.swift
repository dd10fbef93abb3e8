extension Registry {
    /// The registry of a module made only of plain definitions (no scope, binding, override,
    /// parameters, async builder or include), each of its own type and tag: most modules, and
    /// what every container build would otherwise pay the general path's bookkeeping for.
    ///
    /// One pass: each definition's entry goes straight into the resolve table. Reading the
    /// definitions through a buffer pointer copies no `Definition` (which would retain its
    /// fields). A tagged definition is also listed under its type, and compared with `==` to the
    /// others of its type, since equal tags may differ in bits. `nil` as soon as a definition is
    /// not plain, or its type and tag are taken already (a duplicate, an override, or a module
    /// listed twice): the general path then builds the registry, and says what is wrong.
    static func plain(_ definitions: [Definition], mode: EntryMode) -> Registry? {
        definitions.withUnsafeBufferPointer { definitions in plain(definitions, mode: mode) }
    }

    private static func plain(_ definitions: UnsafeBufferPointer<Definition>, mode: EntryMode) -> Registry? {
        // A module whose first definition is not plain (a binding, an override, a scope marker)
        // goes to the general path before any table is allocated for this one.
        if let first = definitions.first, !isPlainCandidate(first.info) { return nil }
        let count = definitions.count
        // Each kind of key gets a table sized for it (see `ResolveTable`): a tagged definition's
        // key goes in the tagged table if its tag has a fast key, so counting them all is an
        // upper bound.
        var taggedCount = 0
        for index in definitions.indices where !definitions[index].info.isPlain { taggedCount += 1 }
        let table = ResolveTable.empty(untagged: count - taggedCount, tagged: taggedCount)
        var eager: [Entry] = []
        var tagged = TaggedEntries(checkingDuplicatesAmong: count)
        let block = EntryBlock.make(capacity: count)
        for index in definitions.indices {
            let info = definitions[index].info
            guard isPlainCandidate(info) else { return nil }
            let entry = block.makeEntry(info: info, mode: mode)
            let id = ObjectIdentifier(info.type)
            if info.isPlain {
                guard table.insert(id, tag: .none, entry: entry) else { return nil }
            } else {
                // Not plain but unscoped and not an injection: tagged. (Reading the tag
                // costs an existential copy, which untagged definitions do not pay.)
                let tag = info.presentTag
                if info.tagKeyIsExact {
                    // Equal bits are equal tags: the table alone finds a duplicate.
                    tagged.append(entry, of: id)
                    guard table.insert(id, tag: tag.fastKey.unsafelyUnwrapped, entry: entry) else { return nil }
                } else {
                    guard tagged.insert(entry, tag: tag, of: id) else { return nil }
                    if let key = tag.fastKey, !table.insert(id, tag: key, entry: entry) { return nil }
                }
            }
            if info.createdAtStart { eager.append(entry) }
        }
        return Registry(
            entries: RegistryEntries(filled: block), owners: [block], table: table, tagged: tagged.table,
            injections: [:], parameterized: [:], asyncEntries: [:], eagerEntries: eager, scopes: [:], slotCount: 0,
            declarations: [])
    }

    /// Whether the definition may go in a plain registry: no scope, not an injection, no
    /// override, no bindings, a builder.
    @inline(__always)
    private static func isPlainCandidate(_ info: DefinitionInfo) -> Bool {
        !info.isOverride && info.lifetime != .scoped && info.bindings.isEmpty && info.scope == nil
            && !info.isInjection && info.buildsWithBuilder
    }
}
