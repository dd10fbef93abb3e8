/// A container's definitions, frozen into lookup tables when the container is built.
///
/// Untagged definitions sit in one table keyed by type; tagged ones in a second table keyed by
/// type, each holding the (few) tagged entries of that type, compared tag by tag. Nothing here
/// changes after it is built, so resolving reads it without a lock.
///
/// A class: a container holds it by one reference, which every scope opened from one scope
/// definition shares, and which a module builds on first use (see ``LazyRegistry``).
final class Registry: Sendable {
    /// Every entry (bindings included), in declaration order; for a type and tag several
    /// definitions bind, all of them, though only the last is resolved.
    let entries: [Entry]
    /// The winner of each type without a tag: what `resolve()` reads first. Wiring's one
    /// hand-written table (see ``TypeTable``): a `Dictionary` lookup runs `Hasher`, which cost
    /// a resolved singleton a third of its instructions.
    let untagged: TypeTable<Entry>
    /// Each type's tagged entries (see ``TaggedList``).
    let tagged: TypeTable<TaggedList>
    /// `injection(for:)` definitions by class, untagged and tagged together.
    let injections: [ObjectIdentifier: [Injection]]
    /// The `createdAtStart()` singletons, in declaration order.
    let eagerEntries: [Entry]

    /// The async definition for `type` and `tag`, if the entry of that type and tag is one.
    func asyncEntry(for type: ObjectIdentifier, tag: Tag?) -> Entry? {
        guard let entry = entry(for: type, boxed: tag), entry.info.isAsync else { return nil }
        return entry
    }

    /// The built async single of `type` without a tag, if there is one and it is built (see
    /// ``Entry/builtAsyncValue(in:)``).
    func builtAsyncSingle(_ type: ObjectIdentifier, in container: DependencyContainer) -> AnyObject? {
        untagged[type]?.builtAsyncValue(in: container)
    }

    /// Each scope declared here: its definitions, and the registry the scopes opened from it
    /// share.
    let scopes: [ScopeID: ScopeTemplate]
    /// `scopes` by the scope type's identity, for `openScope`: a multiplication where the
    /// dictionary would run `Hasher`.
    private let scopeTable: TypeTable<ScopeTemplate>
    /// For a registry shared by the scopes of one scope definition: how many instance states
    /// (``InstanceState``) each scope keeps for it, one per entry that holds an instance.
    let slotCount: Int
    /// Every entry by the identity of its definition's info, for reusing them (load/unload:
    /// built there, once per change, rather than kept by every container).
    func entriesByInfo() -> [DefinitionID: Entry] {
        Dictionary(uniqueKeysWithValues: entries.map { ($0.info.id, $0) })
    }

    /// Builds the tables. A definition marked `.override()` replaces the earlier ones of its
    /// type and tag; a second direct definition of a type and tag otherwise throws
    /// ``WiringError/duplicateDefinition(type:tag:first:second:)``. Bindings (`.bind(_:)`) never
    /// conflict: every definition answering for a type is in `resolveAll`, and `resolve` returns
    /// the last one declared, as KOIN does. A verification sandbox passes `sandboxed`.
    /// - Parameters:
    ///   - mode: How every entry holds its singleton (see ``EntryMode``).
    ///   - reusing: A registry whose entries are kept for the definitions it shares with this
    ///     one, so their singletons survive (`load`/`unload` on the root).
    ///   - sharedByScopes: Whether every scope opened from the scope definition `scope` shares
    ///     this registry: its entries that hold an instance then keep it in each scope's slots.
    static func build(
        definitions: [AnyDefinition],
        scope: ScopeID? = nil,
        mode: EntryMode = .published,
        reusing previous: Registry? = nil,
        sharedByScopes: Bool = false
    ) throws(WiringError) -> Registry {
        if previous == nil, !sharedByScopes, let plain = Registry.plain(definitions, mode: mode) {
            return plain
        }
        return try general(definitions, scope: scope, mode: mode, reusing: previous, sharedByScopes: sharedByScopes)
    }

    /// `build`'s general path: the registry of `definitions` (packed), whatever they hold.
    private static func general(
        _ definitions: [AnyDefinition], scope: ScopeID?, mode: EntryMode, reusing previous: Registry?,
        sharedByScopes: Bool
    ) throws(WiringError) -> Registry {
        let (definitions, replacedPrimaries) = WholeOverrides.applied(to: definitions)
        // Definitions of other scopes wait until their scope is opened. This registry's own are
        // `selected`, by index.
        var scoped: [ScopeID: [AnyDefinition]] = [:]
        var scopedSeen: Set<DefinitionID> = []
        var selected: [Int] = []
        let hasScopes = definitions.contains(where: \.hasScope)
        if hasScopes { selected.reserveCapacity(definitions.count) }
        for index in hasScopes ? definitions.indices : 0..<0 {
            let definition = definitions[index]
            let ownScope = definition.scope
            if definition.lifetime == .scoped, ownScope == nil {
                throw .scopedOutsideScope(type: typeName(definition.type), definedAt: definition.site)
            }
            if ownScope == nil, let target = definition.linkTarget {
                throw .linkOutsideScope(target: target.name, definedAt: definition.site)
            }
            if let other = ownScope, other != scope {
                // Definitions read from several modules' arrays may hold one definition twice:
                // its scope gets it once.
                if !scopedSeen.insert(definition.id).inserted { continue }
                scoped[other, default: []].append(definition)
            } else if definition.isMarker {
                continue  // this registry's own scope's marker, or its links: nothing to build
            } else {
                selected.append(index)
            }
        }
        let scopes: [ScopeID: ScopeTemplate] = scoped.reduce(into: [:]) { templates, scope in
            let kept = previous?.scopes[scope.key]
            templates[scope.key] = kept.flatMap { $0.hasSameDefinitions(as: scope.value) ? $0 : nil }
                ?? ScopeTemplate(id: scope.key, definitions: scope.value)
        }
        var claims = Claims(capacity: hasScopes ? selected.count : definitions.count)
        for position in 0..<(hasScopes ? selected.count : definitions.count) {
            let index = hasScopes ? selected[position] : position
            let info = definitions[index].info
            // The same definition reached twice (a module listed twice) counts once.
            guard try claims.claim(info, definition: index, slot: 0, in: definitions) else { continue }
            for (offset, binding) in info.bindings.enumerated() {
                try claims.claim(binding, definition: index, slot: offset + 1, in: definitions)
            }
        }

        let reusable = previous?.entriesByInfo() ?? [:]
        let hasBindings = definitions.contains(where: \.hasBindings)
        // A claim makes its entry and, at most, its primary (a binding whose definition was overridden).
        var maker = EntryMaker(sharedByScopes: sharedByScopes, capacity: claims.count + definitions.count)
        // The entry of each definition with bindings, which its bindings' entries build from.
        var primaries = [Entry?](repeating: nil, count: hasBindings ? definitions.count : 0)
        // A definition whose own type an override replaced: its bindings build from the override.
        var primaryIndex: [Int: Int] = [:]
        if !replacedPrimaries.isEmpty {
            let indexOf = Dictionary(definitions.indices.map { (definitions[$0].info.id, $0) }, uniquingKeysWith: { $1 })
            for (replaced, override) in replacedPrimaries {
                if let from = indexOf[replaced], let to = indexOf[override] { primaryIndex[from] = to }
            }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(claims.count)
        // A type given twice keeps its last entry, as the table keeps the last of its pairs.
        var untagged: [(ObjectIdentifier, Entry)] = []
        untagged.reserveCapacity(claims.count)
        var tagged = TaggedEntries()
        var injections: [ObjectIdentifier: [Injection]] = [:]
        var declarations: [(info: DefinitionInfo, example: @Sendable () -> Any)] = []
        for (position, claim) in claims.live {
            let info = definitions[claim.definition].info
            let isWinner = claims.isWinner(position)
            if info.buildsWithBuilder {
                let owner = claim.slot == 0 ? claim.definition : primaryIndex[claim.definition] ?? claim.definition
                let ownerInfo = definitions[owner].info
                let primary =
                    (hasBindings ? primaries[owner] : nil)
                    ?? (reusable.isEmpty ? nil : reusable[ownerInfo.id])
                    ?? maker.make(ownerInfo, mode: mode)
                if hasBindings { primaries[owner] = primary }
                let entry: Entry
                let slotInfo = claim.slot == 0 ? info : info.bindings[claim.slot - 1]
                if claim.slot == 0 {
                    entry = primary
                } else {
                    entry =
                        (reusable.isEmpty ? nil : reusable[slotInfo.id])
                        ?? maker.make(slotInfo, mode: mode, primary: primary)
                }
                entries.append(entry)
                if isWinner {
                    let id = slotInfo.typeID
                    if slotInfo.isTagged {
                        tagged.append(entry, of: id)
                    } else {
                        untagged.append((id, entry))
                    }
                }
                continue
            }
            switch info.payload {
            case .builder, .async:
                preconditionFailure("Wiring: a builder's definition was taken for another payload")
            case let .injection(injection):
                injections[injection.info.typeID, default: []].append(injection)
            case .include:
                preconditionFailure("Wiring: an includes(_:) marker reached a registry unexpanded")
            case .scopeMarker:
                preconditionFailure("Wiring: a scope marker reached its scope's entries")
            case let .linkMarker(target):
                // Only a registry without scopes gets here: the marker is outside any scope.
                throw .linkOutsideScope(target: target.name, definedAt: info.site)
            case let .declaration(example):
                declarations.append((info, example))
            }
        }

        return Registry(
            entries: entries, untagged: TypeTable(untagged), tagged: tagged.table,
            injections: injections, eagerEntries: entries.filter(\.isCreatedAtStart),
            scopes: scopes, slotCount: maker.slots, declarations: declarations)
    }

    init(
        entries: [Entry], untagged: TypeTable<Entry>, tagged: TypeTable<TaggedList>,
        injections: [ObjectIdentifier: [Injection]], eagerEntries: [Entry], scopes: [ScopeID: ScopeTemplate],
        slotCount: Int, declarations: [(info: DefinitionInfo, example: @Sendable () -> Any)]
    ) {
        self.entries = entries
        self.untagged = untagged
        self.tagged = tagged
        self.injections = injections
        self.eagerEntries = eagerEntries
        self.scopes = scopes
        scopeTable = TypeTable(scopes.map { ($0.key.id, $0.value) })
        self.slotCount = slotCount
        self.declarations = declarations
        announcedTypes = declarations.map(\.info.typeID)
    }

    /// The scope declared here as `id`, if any.
    @inline(__always)
    func scopeTemplate(for id: ScopeID) -> ScopeTemplate? {
        scopeTable[id.id]
    }

    /// Every entry of `type`, under any tag, in declaration order, but those that take parameters
    /// and the async ones (a scan: `resolveAll` is rare, and a table for it would cost every
    /// container an allocation per type).
    func allEntries(of type: ObjectIdentifier) -> [Entry] {
        entries.filter { $0.info.typeID == type && $0.info.isBuiltByPlainResolve }
    }

    /// A registry of nothing, shared: what a module holds in place of its own until it builds it.
    static let empty = try! Registry.build(definitions: [])

    /// The values announced with `declared(_:example:)`: each scope gets one at run time.
    let declarations: [(info: DefinitionInfo, example: @Sendable () -> Any)]

    /// The types of `declarations`, in order: scanned by a scope's resolves without retaining
    /// anything.
    private let announcedTypes: [ObjectIdentifier]

    /// Whether a value of `type` is announced with `declared(_:example:)`, under any tag.
    @inline(__always)
    func announces(_ type: ObjectIdentifier) -> Bool {
        announcedTypes.contains(type)
    }

    /// Retires every entry whose definition `isGone` picks (all of them by default), collecting
    /// what they held in `retired`: an unload (`closing` false) or a `close()`. Call under
    /// `stateLock`.
    func retire(
        closing: Bool, into retired: inout Retired, where isGone: (DefinitionInfo) -> Bool = { _ in true }
    ) {
        for entry in entries where isGone(entry.info) { retired.take(entry.retire(closing: closing)) }
    }

    /// Makes the entries whose definition `isAdded` resolvable again after a `load` brought
    /// their module back (see ``retire(closing:into:where:)``); call under `stateLock`.
    func revive(where isAdded: (DefinitionInfo) -> Bool) {
        for entry in entries where isAdded(entry.info) { entry.revive() }
    }

    @inline(__always)
    func entry(for type: ObjectIdentifier) -> Entry? {
        untagged[type]
    }

    @inline(__always)
    func entry<Tag: Hashable & Sendable>(for type: ObjectIdentifier, tag: Tag) -> Entry? {
        tagged[type]?.entry(tagged: tag)
    }

    /// The entry of `type` under `tag` as a definition stores it (boxed), or the untagged one for
    /// `nil`: for a caller that no longer has the tag's own type.
    func entry(for type: ObjectIdentifier, boxed tag: Tag?) -> Entry? {
        guard let tag else { return entry(for: type) }
        func find<Value: Hashable & Sendable>(_ value: Value) -> Entry? { entry(for: type, tag: value) }
        return find(tag.value)
    }

    /// The injections to run on an instance of `objectClass`: for it and each superclass that
    /// has any, the one with `tag`, else the untagged one; base class first. (The classes that
    /// cover `objectClass` form a chain, each a subclass of the one before.)
    func injections(applyingTo objectClass: AnyClass, tag: Tag?) -> [Injection] {
        injections.values.compactMap { candidates -> Injection? in
            guard let first = candidates.first, first.covers(objectClass) else { return nil }
            if let tag, let tagged = candidates.first(where: { $0.info.tag == tag }) { return tagged }
            return candidates.first { $0.info.tag == nil }
        }
        .sorted { base, derived in base.covers(derived.objectClass) && !derived.covers(base.objectClass) }
    }

    /// Every definition of `type`, untagged first, then tagged in declaration order.
    func definitions(of type: ObjectIdentifier) -> [DefinitionInfo] {
        ((entry(for: type).map { [$0] } ?? []) + (tagged[type]?.entries ?? [])).map(\.info)
    }
}

/// The identity of a definition within one container: its type, its tag, and whether it is an
/// injection (which may sit beside a definition of the same class).
struct DefinitionKey: Hashable {
    let type: ObjectIdentifier
    let tag: Tag?
    var isInjection = false
    var scope: ScopeID?
}

/// Tagged entries by type, each list in declaration order, collected while a registry is built.
struct TaggedEntries {
    /// Each type's entries, and, once it has many, its tags; in the order its first tagged entry
    /// came.
    private var types: [(type: ObjectIdentifier, entries: [Entry], tags: Set<Tag>?)] = []
    /// Where each type is in `types`.
    private var index: [ObjectIdentifier: Int] = [:]
    /// The type appended to last, and where it is: a module's tagged definitions of one type
    /// usually come together (`for i in 0..<n { single(tag: i) { … } }`), so most appends find
    /// their type without hashing it.
    private var last: (type: ObjectIdentifier, position: Int)?
    /// Below this many tags of one type, comparing one by one is cheaper than hashing.
    private static let hashedFrom = 16
    /// How many definitions the registry has, when `insert` checks duplicates (the one-pass
    /// build): a type's set is made once with room for all of them, not grown tag by tag.
    private let expected: Int?

    /// - Parameter expected: The number of definitions, when duplicates are checked here.
    init(checkingDuplicatesAmong expected: Int? = nil) {
        self.expected = expected
    }

    /// Where `type` is in `types`, made if it is new.
    private mutating func position(of type: ObjectIdentifier) -> Int {
        if let last, last.type == type { return last.position }
        let position: Int
        if let known = index[type] {
            position = known
        } else {
            position = types.count
            types.append((type, [], nil))
            index[type] = position
        }
        last = (type, position)
        return position
    }

    /// Lists `entry` under `type`, unless an entry of `type` with `tag` is listed already: then
    /// returns `false` and lists nothing (the one-pass build's duplicate check, with one hash of
    /// the tag once the type has many).
    mutating func insert(_ entry: Entry, tag: Tag, of type: ObjectIdentifier) -> Bool {
        let position = position(of: type)
        if types[position].tags != nil {
            guard types[position].tags!.insert(tag).inserted else { return false }
        } else {
            if types[position].entries.contains(where: { $0.info.tag == tag }) { return false }
            if types[position].entries.count + 1 >= Self.hashedFrom {
                var set = Set<Tag>(minimumCapacity: expected ?? Self.hashedFrom)
                for earlier in types[position].entries { set.insert(earlier.info.presentTag) }
                set.insert(tag)
                types[position].tags = set
            }
        }
        types[position].entries.append(entry)
        return true
    }

    /// Lists `entry` under `type` (the general build, which checks duplicates with its claims).
    mutating func append(_ entry: Entry, of type: ObjectIdentifier) {
        let position = position(of: type)
        types[position].entries.append(entry)
    }

    /// The lists as the registry's table.
    var table: TypeTable<TaggedList> { TypeTable(types.map { ($0.type, TaggedList($0.entries)) }) }
}

/// One type's tagged entries, in declaration order, one per tag; once there are many, also by
/// the hash of their tag, so that a module of thousands of tags of one type
/// (`for i in 0..<n { single(tag: i) { … } }`) finds each in constant time. An object: a
/// tagged resolve takes it from the registry's table by one reference, not field by field.
final class TaggedList: Sendable {
    let entries: [Entry]
    /// Once there are many: each entry by its tag's hash (see ``Tag/hashValue(of:)``), so that a
    /// lookup hashes the tag it is given as it is, without boxing it in a ``Tag``; and the
    /// entries whose tags share a hash, compared one by one.
    private let hashed: (byHash: [Int: Entry], sharingAHash: [Entry])?
    /// Below this many, comparing tag by tag is cheaper than hashing one.
    private static let hashedFrom = 16

    init(_ entries: [Entry]) {
        self.entries = entries
        guard entries.count >= Self.hashedFrom else {
            hashed = nil
            return
        }
        var byHash = [Int: Entry](minimumCapacity: entries.count)
        var shared: Set<Int> = []
        for entry in entries {
            let hash = entry.info.presentTag.hashValue
            if byHash.updateValue(entry, forKey: hash) != nil { shared.insert(hash) }
        }
        guard !shared.isEmpty else {
            hashed = (byHash, [])
            return
        }
        hashed = (
            byHash.filter { !shared.contains($0.key) },
            entries.filter { shared.contains($0.info.presentTag.hashValue) }
        )
    }

    /// The entry tagged `value`, if any.
    func entry<Value: Hashable & Sendable>(tagged value: Value) -> Entry? {
        guard let hashed else { return entries.first { $0.info.isTagged(value) } }
        if let entry = hashed.byHash[Tag.hashValue(of: value)], entry.info.isTagged(value) { return entry }
        return hashed.sharingAHash.first { $0.info.isTagged(value) }
    }
}

/// Makes a registry's entries, and counts the instance slots of a registry that scopes share.
struct EntryMaker {
    private(set) var slots = 0
    private let sharedByScopes: Bool
    /// The words the singletons are published in, one per entry this makes at most.
    private let words: PublishedWords
    private var made = 0

    /// - Parameter capacity: How many entries it makes at most.
    init(sharedByScopes: Bool, capacity: Int) {
        self.sharedByScopes = sharedByScopes
        words = PublishedWords(count: capacity)
    }

    /// A new entry for `info`; for a binding, `primary` is the entry it builds from.
    mutating func make(_ info: DefinitionInfo, mode: EntryMode, primary: Entry? = nil) -> Entry {
        var slot = -1
        let lifetime = info.lifetime
        if sharedByScopes, lifetime != .factory, lifetime != .singleton {
            slot = slots
            slots += 1
        }
        made += 1
        return Entry.make(info: info, mode: mode, primary: primary, slot: slot, words: (words, made - 1))
    }
}
