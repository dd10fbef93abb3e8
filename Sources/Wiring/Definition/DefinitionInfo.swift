/// What a definition is, for lookups and for messages: its type, tag, lifetime and site.
///
/// A reference to the definition's ``DefinitionRecord`` in its ``DefinitionGroup``: a module's
/// plain lines (`single { … }`, `factory { … }`) share one group, made when the module is, so
/// that a definition costs no heap object of its own; any other definition (a binding, an
/// override, a scoped or async one) is a group of one. Copying an info retains its group.
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

    /// The info of the record at `record`, which lives in `group`.
    @inline(__always)
    init(group: DefinitionGroup, record: UnsafeMutablePointer<DefinitionRecord>) {
        self.group = group
        index = group.withUnsafeMutablePointerToElements { record - $0 }
    }

    init(group: DefinitionGroup, index: Int) {
        self.group = group
        self.index = index
    }

    /// The info of the record `make` returns, alone in a group of its own.
    @inline(__always)
    init(making make: () -> DefinitionRecord) {
        self.init(group: DefinitionGroup.make(one: make), index: 0)
    }

    // Each reads a stored field of the record in place. (A computed property of the record,
    // which holds an existential and so is passed indirectly, would copy the whole record.)
    var type: Any.Type { record.pointee.type }
    /// The tag, if any (a copy: test ``isTagged`` first on a hot path).
    var tag: Tag? { record.pointee.isTagged ? record.pointee.storedTag : nil }
    /// The tag of a definition that ``isTagged``, read without wrapping it in an optional.
    var presentTag: Tag {
        assert(isTagged, "Wiring: presentTag read on an untagged definition")
        return record.pointee.storedTag
    }
    var lifetime: Lifetime { record.pointee.lifetime }
    var site: CodeLocation? { record.pointee.site }
    var isInjection: Bool { record.pointee.isInjection }
    var isOverride: Bool { record.pointee.isOverride }
    var createdAtStart: Bool { record.pointee.createdAtStart }
    var isAsync: Bool { record.pointee.isAsync }
    var isPlain: Bool { record.pointee.isPlain }
    var isTagged: Bool { record.pointee.isTagged }
    var tagKeyIsExact: Bool { record.pointee.tagKeyIsExact }
    var layout: ValueLayout { record.pointee.layout }
    var build: Builder { record.pointee.builder.function }
    /// The scope type this definition belongs to (`scope(S.self) { … }`), if any.
    var scope: ScopeID? { record.pointee.extras?.scope }
    /// Runs on an instance when Wiring releases it (`.onClose { }`): scope close, module unload.
    var onClose: (@Sendable (Any) -> Void)? { record.pointee.extras?.onClose }
    /// What the definition builds, or what else it stands for (see ``Definition/Payload``).
    var payload: Definition.Payload { record.pointee.extras?.payload ?? .builder }
    /// Secondary types the definition also answers for (``Definition/bind(_:file:line:)``).
    var bindings: [Definition.Binding] { record.pointee.extras?.bindings ?? [] }
    /// Whether the definition has a scope, a close callback, a payload or bindings.
    var hasExtras: Bool { record.pointee.extras != nil }

    /// The info of a `single` or `factory` under `tag` and nothing else (no scope, no flags), as
    /// the DSL makes one per line.
    init(taggedType type: Any.Type, tag: Tag, keyIsExact: Bool, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder) {
        self.init {
            DefinitionRecord(
                taggedType: type, tag: tag, keyIsExact: keyIsExact, lifetime: lifetime, site: site, build: build)
        }
    }

    init(
        type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false, scope: ScopeID? = nil,
        onClose: (@Sendable (Any) -> Void)? = nil, isAsync: Bool = false,
        build: @escaping Builder = DefinitionRecord.noBuilder, payload: Definition.Payload = .builder,
        bindings: [Definition.Binding] = []
    ) {
        self.init {
            DefinitionRecord(
                type: type, tag: tag, lifetime: lifetime, site: site, isInjection: isInjection, isOverride: isOverride,
                createdAtStart: createdAtStart, scope: scope, onClose: onClose, isAsync: isAsync, build: build,
                payload: payload, bindings: bindings)
        }
    }

    /// A copy for another type (a binding, which never carries the `onClose` callback: the
    /// primary runs it once, and which builds with `build`), or with other flags.
    func with(
        type: Any.Type? = nil, lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil,
        scope: ScopeID? = nil, onClose: (@Sendable (Any) -> Void)? = nil, build: Builder? = nil,
        payload: Definition.Payload? = nil, bindings: [Definition.Binding]? = nil
    ) -> DefinitionInfo {
        withExtendedLifetime(group) {
            DefinitionInfo.copying(
                record, type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart,
                scope: scope, onClose: onClose, build: build, payload: payload, bindings: bindings)
        }
    }

    /// The info of a copy of the record at `base` with what is given changed (see `with(type:…)`),
    /// alone in a group of its own.
    static func copying(
        _ base: UnsafePointer<DefinitionRecord>, type: Any.Type?, lifetime: Lifetime?, isOverride: Bool?,
        createdAtStart: Bool?, scope: ScopeID?, onClose: (@Sendable (Any) -> Void)?, build: Builder?,
        payload: Definition.Payload?, bindings: [Definition.Binding]?
    ) -> DefinitionInfo {
        DefinitionInfo {
            DefinitionRecord(
                copying: base, type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart,
                scope: scope, onClose: onClose, build: build, payload: payload, bindings: bindings)
        }
    }

    /// The same definition: the same record, or two records of one plain line (see above).
    static func === (lhs: DefinitionInfo, rhs: DefinitionInfo) -> Bool {
        if lhs.group === rhs.group, lhs.index == rhs.index { return true }
        return DefinitionRecord.isSameLine(lhs.record, as: rhs.record)
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
