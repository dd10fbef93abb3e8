/// What a definition is, for lookups and for messages: its type, tag, lifetime and site.
///
/// A reference to the definition's ``DefinitionRecord`` in its ``DefinitionGroup``: a module's
/// plain lines (`single { … }`, `factory { … }`) share one group, made when the module is, so
/// that a definition costs no heap object of its own; any other definition (an override, a
/// scoped or async one) is a group of its own, which also holds its bindings, each a record after
/// it (see ``DefinitionRecord/bindingCount``). Copying an info retains its group.
///
/// Two infos are the same definition (`===`) when they point at the same record, or when both
/// were made from the same plain line: same type, lifetime and site, and the same builder (its
/// code and what it captured). A definition array shared by two modules is packed into each
/// module's group, and stays one definition when the two are composed.
struct DefinitionInfo: Sendable {
    /// Keeps the record alive. Immutable once made (see ``DefinitionGroup``), so shared between
    /// threads safely, though `ManagedBuffer` cannot say so.
    nonisolated(unsafe) let group: DefinitionGroup
    /// The record's index in `group`.
    let index: Int

    /// The record. Valid while `group` is: read through it, never kept beyond this info.
    var record: UnsafeMutablePointer<DefinitionRecord> {
        @inline(__always) get { group.withUnsafeMutablePointerToElements { $0 + index } }
    }

    /// The info of the record at `record`, in the group it lives in (see
    /// ``DefinitionRecord/group``), which the caller keeps alive meanwhile.
    @inline(__always)
    init(record: UnsafePointer<DefinitionRecord>) {
        group = record.pointee.group.unsafelyUnwrapped
        index = Int(record.pointee.indexInGroup)
    }

    init(group: DefinitionGroup, index: Int) {
        self.group = group
        self.index = index
    }

    /// The info of the untagged record `make` returns, alone in a group of its own, which holds
    /// `extras`, if given (the record keeps only whether it has any, see
    /// ``DefinitionRecord/extras(at:)``).
    @inline(__always)
    init(extras: DefinitionRecord.Extras? = nil, making make: () -> DefinitionRecord) {
        self.init(group: DefinitionGroup.make(extras: extras, one: make), index: 0)
    }

    /// The info of the record `make` returns, alone in a group of its own, which holds `tag`
    /// and `extras`, if given (see ``DefinitionRecord/tag(at:)``).
    @inline(__always)
    init(tag: Tag, extras: DefinitionRecord.Extras? = nil, making make: () -> DefinitionRecord) {
        self.init(group: DefinitionGroup.make(tag: tag, extras: extras, one: make), index: 0)
    }

    // Each reads a stored field of the record in place. (A computed property of the record,
    // which holds an existential and so is passed indirectly, would copy the whole record.)
    var type: Any.Type { record.pointee.type }
    /// The tag, if any (a copy: test ``isTagged`` first on a hot path).
    var tag: Tag? { record.pointee.flags.isTagged ? DefinitionRecord.tag(at: record) : nil }
    /// The tag of a definition that ``isTagged``, read without wrapping it in an optional.
    var presentTag: Tag {
        assert(isTagged, "Wiring: presentTag read on an untagged definition")
        return DefinitionRecord.tag(at: record)
    }
    var lifetime: Lifetime { record.pointee.lifetime }
    var site: CodeLocation? { record.pointee.site }
    var isInjection: Bool { record.pointee.flags.isInjection }
    var isOverride: Bool { record.pointee.flags.isOverride }
    var createdAtStart: Bool { record.pointee.flags.createdAtStart }
    var isAsync: Bool { record.pointee.flags.isAsync }
    var isPlain: Bool { record.pointee.flags.isPlain }
    var isTagged: Bool { record.pointee.flags.isTagged }
    var tagKeyIsExact: Bool { record.pointee.flags.tagKeyIsExact }
    var layout: ValueLayout { DefinitionRecord.layout(at: record) }
    var build: Builder { record.pointee.builder.function }
    /// The scope type this definition belongs to (`scope(S.self) { … }`), if any.
    var scope: ScopeID? { DefinitionRecord.extras(at: record)?.scope }
    /// Runs on an instance when Wiring releases it (`.onClose { }`): scope close, module unload.
    var hooks: LifecycleHooks? { DefinitionRecord.hooks(at: record) }
    /// What the definition builds, or what else it stands for (see ``Definition/Payload``).
    var payload: Definition.Payload { DefinitionRecord.extras(at: record)?.payload ?? .builder }
    /// Secondary types the definition also answers for (``Definition/bind(_:file:line:)``): the
    /// records after this one in its group (see ``DefinitionRecord/bindingCount``). An array
    /// made on each read: a hot path reads ``bindingCount`` and ``binding(_:)`` instead.
    var bindings: [Definition.Binding] {
        (0..<bindingCount).map { Definition.Binding(info: binding($0)) }
    }
    /// How many bindings the definition has.
    var bindingCount: Int { record.pointee.bindingCount }
    /// The info of binding `offset` (from 0), in this info's group.
    func binding(_ offset: Int) -> DefinitionInfo {
        precondition(offset >= 0 && offset < bindingCount, "Wiring: no binding \(offset) of \(typeName(type))")
        return DefinitionInfo(group: group, index: index + 1 + offset)
    }
    /// Whether the definition has a scope, a close callback or a payload.
    var hasExtras: Bool { record.pointee.flags.hasExtras }

    /// The info of a `single` or `factory` under `tag` and nothing else (no scope, no flags), as
    /// the DSL makes one per line. The tag is boxed once, in the group's room (see
    /// `DefinitionGroup.make(tagValue:one:)`).
    init<TagValue: Hashable & Sendable>(
        taggedType type: Any.Type, tag: TagValue, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder
    ) {
        let keyIsExact = Tag.keyIsExact(TagValue.self)
        self.init(
            group: DefinitionGroup.make(tagValue: tag) {
                DefinitionRecord(taggedType: type, keyIsExact: keyIsExact, lifetime: lifetime, site: site, build: build)
            }, index: 0)
    }

    init(
        type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false, scope: ScopeID? = nil,
        hooks: LifecycleHooks? = nil, isAsync: Bool = false,
        build: @escaping Builder = DefinitionRecord.noBuilder, payload: Definition.Payload = .builder
    ) {
        let extras = DefinitionRecord.Extras.holding(scope: scope, hooks: hooks, payload: payload)
        func record(isTagged: Bool) -> DefinitionRecord {
            DefinitionRecord(
                type: type, isTagged: isTagged, lifetime: lifetime, site: site, isInjection: isInjection,
                isOverride: isOverride, createdAtStart: createdAtStart, extras: extras, isAsync: isAsync, build: build)
        }
        if let tag {
            self.init(tag: tag, extras: extras) { record(isTagged: true) }
        } else {
            self.init(extras: extras) { record(isTagged: false) }
        }
    }

    /// A copy for another type (which never carries the `onClose` callback: the primary runs
    /// it once), or with other flags. A copy of the
    /// same type keeps its bindings; with `changingBindings`, each gets the same `lifetime`,
    /// `isOverride` and `scope` (`.override()`, a scope's definitions).
    func with(
        type: Any.Type? = nil, lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil,
        scope: ScopeID? = nil, hooks: LifecycleHooks? = nil, payload: Definition.Payload? = nil,
        changingBindings: Bool = false
    ) -> DefinitionInfo {
        withExtendedLifetime(group) {
            DefinitionInfo.copying(
                record, type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart,
                scope: scope, hooks: hooks, payload: payload, changingBindings: changingBindings)
        }
    }

    /// The info of a copy of the record at `base` with what is given changed (see `with(type:…)`),
    /// in a group of its own, followed by copies of its bindings (none for a new type), and then
    /// by a binding to `addedBinding` built by `bindingBuild`, if one is given (`bind(_:)`).
    /// `base` is followed by its bindings in memory (see ``DefinitionRecord/bindingCount``): a
    /// record in a group, or a line's record alone (which has none).
    static func copying(
        _ base: UnsafePointer<DefinitionRecord>, type: Any.Type?, lifetime: Lifetime?, isOverride: Bool?,
        createdAtStart: Bool?, scope: ScopeID?, hooks: LifecycleHooks?,
        payload: Definition.Payload?, changingBindings: Bool = false,
        addedBinding: Any.Type? = nil, bindingBuilder: StoredBuilder? = nil
    ) -> DefinitionInfo {
        // A binding is added alone (`bind(_:)`): its scope is its definition's, as every kept
        // binding's is, so one set of extras serves all the group's bindings (see
        // `DefinitionGroup.Header.extras`).
        precondition(addedBinding == nil || (scope == nil && !changingBindings), "Wiring: a binding added with a scope")
        let kept = type == nil ? base.pointee.bindingCount : 0
        let bindingCount = kept + (addedBinding == nil ? 0 : 1)
        // The new group holds its own copy of the tag and its own extras, which its records
        // find through it.
        let baseTag = base.pointee.flags.isTagged ? DefinitionRecord.tagAddress(at: base) : nil
        // Most copies (`.bind`, `.override()` of a plain definition) have no extras and add
        // none: told here, without a call.
        let baseHasExtras = base.pointee.flags.hasExtras
        let extras =
            baseHasExtras || scope != nil || hooks != nil || payload != nil
            ? DefinitionRecord.Extras.copied(from: base, type: type, scope: scope, hooks: hooks, payload: payload)
            : nil
        let bindingExtras: DefinitionRecord.Extras?
        if kept > 0 {
            // A binding copied as it is keeps its extras (its old group's); a changed one gets
            // the definition's new scope.
            let binding = base + 1
            if !changingBindings {
                bindingExtras = DefinitionRecord.extras(at: binding)
            } else if binding.pointee.flags.hasExtras || scope != nil {
                bindingExtras = DefinitionRecord.Extras.copied(
                    from: binding, type: nil, scope: scope, hooks: nil, payload: nil)
            } else {
                bindingExtras = nil
            }
        } else if let addedBinding, baseHasExtras {
            // A binding has its definition's scope, and no close callback or payload.
            bindingExtras = DefinitionRecord.Extras.copied(
                from: base, type: addedBinding, scope: nil, hooks: nil, payload: nil)
        } else {
            bindingExtras = nil
        }
        let group = DefinitionGroup.make(
            count: 1 + bindingCount, tagFrom: baseTag, extras: extras, bindingExtras: bindingExtras
        ) { records, _ in
            records.initialize(
                to: DefinitionRecord(
                    copying: base, type: type, lifetime: lifetime, isOverride: isOverride,
                    createdAtStart: createdAtStart, extras: extras, builder: nil, bindingCount: bindingCount))
            for offset in 0..<kept {
                let binding = base + 1 + offset
                if changingBindings {
                    (records + 1 + offset).initialize(
                        to: DefinitionRecord(
                            copying: binding, type: nil, lifetime: lifetime, isOverride: isOverride,
                            createdAtStart: nil, extras: bindingExtras, builder: nil, bindingCount: 0))
                } else {
                    // A copy as it is: it finds its tag and extras, and `make` sets its index, in
                    // this group.
                    (records + 1 + offset).initialize(to: binding.pointee)
                }
            }
            if addedBinding != nil {
                // Made from the definition as it was: a binding has its lifetime, tag and scope.
                (records + 1 + kept).initialize(
                    to: DefinitionRecord(
                        copying: base, type: addedBinding, lifetime: nil, isOverride: nil, createdAtStart: nil,
                        extras: bindingExtras, builder: bindingBuilder, bindingCount: 0))
            }
        }
        return DefinitionInfo(group: group, index: 0)
    }

    /// The same definition: the same record, or two records of one plain line (see above).
    static func === (lhs: DefinitionInfo, rhs: DefinitionInfo) -> Bool {
        lhs.group === rhs.group && lhs.index == rhs.index
    }

    static func !== (lhs: DefinitionInfo, rhs: DefinitionInfo) -> Bool { !(lhs === rhs) }

    /// The record's identity, for sets and maps of definitions within one container (where each
    /// definition has one record).
    var id: DefinitionID { DefinitionID(address: UnsafeRawPointer(record)) }

    var typeID: ObjectIdentifier { ObjectIdentifier(type) }

    /// What makes two definitions the same within one container: type and tag.
    var key: DefinitionKey {
        isPlain
            ? DefinitionKey(type: typeID, tag: nil)
            : DefinitionKey(type: typeID, tag: tag, isInjection: isInjection, scope: scope)
    }

    /// This definition as a step of a resolution path.
    var step: ResolutionStep { ResolutionStep(self) }
}

/// The identity of a definition's record (see ``DefinitionInfo/id``).
struct DefinitionID: Hashable {
    let address: UnsafeRawPointer
}

/// A scope type, by identity and by name (for messages).
struct ScopeID: Hashable, Sendable {
    let type: Any.Type
    /// The scopes this one is declared inside, outermost first (it is opened from them).
    let outer: [ScopeID]

    var id: ObjectIdentifier { ObjectIdentifier(type) }
    /// The name, made only for a message: opening a scope builds no string.
    var name: String { typeName(type) }

    init(_ type: Any.Type) {
        self.type = type
        outer = []
    }

    private init(type: Any.Type, outer: [ScopeID]) {
        self.type = type
        self.outer = outer
    }

    /// This scope, declared inside `scope`.
    func nested(in scope: ScopeID) -> ScopeID {
        ScopeID(type: type, outer: [scope] + outer)
    }

    static func == (lhs: ScopeID, rhs: ScopeID) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
