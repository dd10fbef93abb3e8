/// A container's definitions, frozen into lookup tables when the container is built.
///
/// Untagged definitions sit in one table keyed by type; tagged ones in a second table keyed by
/// type, each holding the (few) tagged entries of that type, compared tag by tag. Nothing here
/// changes after `init`, so resolving reads it without a lock.
struct Registry: Sendable {
    let entries: [any AnyEntry]
    private let untagged: TypeTable<any AnyEntry>
    private let tagged: TypeTable<[any AnyEntry]>
    /// `injection(for:)` definitions by class, untagged and tagged together.
    private let injections: [ObjectIdentifier: [Injection]]

    /// Builds the tables, or throws ``WiringError/duplicateDefinition(type:tag:first:second:)``
    /// for the first type and tag defined twice. A verification sandbox passes `sandboxed`.
    init(definitions: [Definition], sandboxed: Bool = false) throws(WiringError) {
        var seen: [DefinitionKey: DefinitionInfo] = [:]
        for definition in definitions {
            let info = definition.info
            let key = info.key
            if let first = seen[key] {
                if first === info {
                    throw .definitionComposedTwice(type: typeName(info.type), tag: info.tag?.description, site: info.site)
                }
                throw .duplicateDefinition(
                    type: typeName(info.type), tag: info.tag?.description, first: first.site, second: info.site)
            }
            seen[key] = info
        }
        var injections: [ObjectIdentifier: [Injection]] = [:]
        for case let .injection(injection) in definitions.map(\.payload) {
            injections[injection.info.typeID, default: []].append(injection)
        }
        self.injections = injections
        let entries = definitions.compactMap { definition -> (any AnyEntry)? in
            guard case let .builder(makeEntry) = definition.payload else { return nil }
            return makeEntry(sandboxed)
        }
        var untagged: [(ObjectIdentifier, any AnyEntry)] = []
        var tagged: [ObjectIdentifier: [any AnyEntry]] = [:]
        var taggedOrder: [ObjectIdentifier] = []
        for entry in entries {
            let id = entry.info.typeID
            if entry.info.tag == nil {
                untagged.append((id, entry))
            } else {
                if tagged[id] == nil { taggedOrder.append(id) }
                tagged[id, default: []].append(entry)
            }
        }
        self.entries = entries
        self.untagged = TypeTable(untagged)
        self.tagged = TypeTable(taggedOrder.map { ($0, tagged[$0]!) })
    }

    @inline(__always)
    func entry(for type: ObjectIdentifier) -> (any AnyEntry)? {
        untagged[type]
    }

    @inline(__always)
    func entry<Tag: Hashable>(for type: ObjectIdentifier, tag: Tag) -> (any AnyEntry)? {
        guard let candidates = tagged[type] else { return nil }
        for entry in candidates where entry.info.tag.unsafelyUnwrapped.matches(tag) {
            return entry
        }
        return nil
    }

    /// The injection for exactly `type` with `tag`, else the untagged one.
    func injection(for type: ObjectIdentifier, tag: Tag?) -> Injection? {
        guard let candidates = injections[type] else { return nil }
        if let tag, let tagged = candidates.first(where: { $0.info.tag == tag }) { return tagged }
        return candidates.first { $0.info.tag == nil }
    }

    /// Every definition of `type`, untagged first, then tagged in declaration order.
    func definitions(of type: ObjectIdentifier) -> [DefinitionInfo] {
        ((untagged[type].map { [$0] } ?? []) + (tagged[type] ?? [])).map(\.info)
    }
}

/// The identity of a definition within one container: its type, its tag, and whether it is an
/// injection (which may sit beside a definition of the same class).
struct DefinitionKey: Hashable {
    let type: ObjectIdentifier
    let tag: Tag?
    var isInjection = false
}
