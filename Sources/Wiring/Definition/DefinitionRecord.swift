/// A builder held in a struct of its own, so that a record's builder has an offset to read its
/// words at (a key path to a closure has none: it would reabstract).
struct StoredBuilder: Sendable {
    let function: Builder
}

/// One definition's description, in its group: what ``DefinitionInfo`` reads.
struct DefinitionRecord: Sendable {
    let type: Any.Type
    /// The tag of the record at `record`, which ``isTagged``: kept once, in its group's header
    /// (see ``DefinitionGroup/Header``), which every record of a group shares, since a group's
    /// records are one definition and its bindings (one tag) or plain lines (none). Not in the
    /// record: an existential is 40 bytes, which every record of a module's lines would carry,
    /// and not its address either (8 bytes of every record): the record finds its group.
    @inline(__always)
    static func tag(at record: UnsafePointer<DefinitionRecord>) -> Tag {
        tagAddress(at: record).pointee
    }

    /// Where the tag of the record at `record`, which ``isTagged``, lives: its group's copy,
    /// valid as long as the group.
    @inline(__always)
    static func tagAddress(at record: UnsafePointer<DefinitionRecord>) -> UnsafePointer<Tag> {
        assert(record.pointee.isTagged, "Wiring: the tag of an untagged definition was read")
        return DefinitionGroup.containing(record)._withUnsafeGuaranteedRef { $0.tag }
    }

    let lifetime: Lifetime
    /// Whether a value of `type` is one class reference (see ``layout``); in the byte after
    /// `lifetime`.
    private let valueIsObject: Bool
    /// How many bindings (``Definition/bind(_:file:line:)``) this definition has. Invariant: they
    /// are the records right after this one, in the same group, in the order bound; a binding's
    /// own count is 0. So `bind(_:)` makes one group for the definition and its bindings, and
    /// no array or extras: reading a binding is `record + n`, and the group that keeps the
    /// definition keeps its bindings (a ``Definition/Binding`` holds that group too, which
    /// holds no binding: no cycle).
    ///
    /// Stored in 32 bits beside `lifetime`, in what would be padding.
    private let storedBindingCount: UInt32
    var bindingCount: Int {
        @inline(__always) get { Int(storedBindingCount) }
    }
    /// Where the definition was written, if known: `storedSite`, unless it is the absent
    /// placeholder. Stored without the optional: copying an optional site went through the
    /// type's value witnesses (its extra inhabitants are its box reference's), where a site is
    /// copied inline.
    var site: CodeLocation? {
        @inline(__always) get { storedSite.isAbsent ? nil : storedSite }
    }
    private let storedSite: CodeLocation
    /// Whether this is an `injection(for:)`: code run on an existing object, not a builder.
    let isInjection: Bool
    /// Whether this definition deliberately replaces an earlier one of the same type and tag.
    let isOverride: Bool
    /// Whether this singleton is built as soon as its container starts.
    let createdAtStart: Bool
    /// Whether an async factory builds it (`single { await … }`).
    let isAsync: Bool
    /// Whether this definition's key is its type alone: no tag, no scope, not an injection.
    let isPlain: Bool
    /// Whether two tags of this tag's type are equal exactly when their bits are (an integer, a
    /// `Bool`): the resolve table's bitwise key then finds a duplicate tag alone, with no `==`.
    let tagKeyIsExact: Bool
    /// Whether this was made from a plain line (`single { … }`, `factory { … }`, `scoped { … }`
    /// with nothing added): two records of one line are one definition (see ``DefinitionInfo``).
    ///
    /// Invariant: a line's record owns nothing but its builder. It has no tag, its site a literal's (a `StaticString` or
    /// the address of its text, never a `String`), and it has no extras. Only
    /// `init(plainType:…)` makes one, from a `#fileID` literal; ``DefinitionGroup``'s `deinit`
    /// relies on this to destroy only the builder.
    let isLine: Bool
    /// Whether the definition has a tag (``tag(at:)``), which its group holds.
    let isTagged: Bool
    /// This record's place among its group's records, set by ``DefinitionGroup/make(count:tagFrom:_:)``
    /// once the records are written: with it a record tells its group (see
    /// ``DefinitionGroup/containing(_:)``), so that an entry and a resolution frame need not keep
    /// the group beside the record. In 32 bits, in what would be padding after the flags.
    var indexInGroup: UInt32 = 0
    /// How values of the record at `record`'s type are laid out and copied, for the storage an
    /// entry builds them in.
    ///
    /// A class instance is one reference; any other value's stride and alignment are read from
    /// the type's value witness table when asked (by builds and releases), not kept in the
    /// record: 8 bytes of every record, in every module's group. Reads two fields in place: a
    /// computed property of the record (passed indirectly, since it holds an existential) would
    /// copy the whole record first.
    @inline(__always)
    static func layout(at record: UnsafePointer<DefinitionRecord>) -> ValueLayout {
        ValueLayout(type: record.pointee.type, isObject: record.pointee.valueIsObject)
    }
    /// Builds the value, for a definition with a builder (`single`, `factory`, a binding); read by
    /// each entry made from this definition, in every container it is composed into. Not
    /// optional: a closure in an `Optional` is stored at the generic enum's abstraction, and
    /// every call through it would allocate a reabstraction thunk.
    let builder: StoredBuilder
    /// What few definitions have: `nil` for a `single` or `factory` without a scope, a close
    /// callback or payload, which so costs less to make, holds less and frees faster (a payload
    /// enum is an outlined copy and destroy).
    let extras: Extras?

    /// The scope, close callback and payload of a definition that has any.
    final class Extras: Sendable {
        let scope: ScopeID?
        let onClose: (@Sendable (Any) -> Void)?
        let payload: Definition.Payload

        init(scope: ScopeID?, onClose: (@Sendable (Any) -> Void)?, payload: Definition.Payload) {
            self.scope = scope
            self.onClose = onClose
            self.payload = payload
        }

        /// Extras for these, or `nil` when there is nothing to hold (most definitions).
        static func holding(
            scope: ScopeID?, onClose: (@Sendable (Any) -> Void)?, payload: Definition.Payload
        ) -> Extras? {
            var isBuilder = false
            if case .builder = payload { isBuilder = true }
            return scope == nil && onClose == nil && isBuilder
                ? nil : Extras(scope: scope, onClose: onClose, payload: payload)
        }
    }

    /// The record of a plain line: no tag, no scope, no flags. It stores no tag rather than
    /// copying an absent one, which for an optional existential is an outlined copy.
    init(plainType type: Any.Type, lifetime: Lifetime, site: CodeLocation, isLine: Bool, build: @escaping Builder) {
        self.init(plainType: type, lifetime: lifetime, site: site, isLine: isLine, builder: StoredBuilder(function: build))
    }

    /// The record of a plain line whose builder is stored already.
    init(plainType type: Any.Type, lifetime: Lifetime, site: CodeLocation, isLine: Bool, builder: StoredBuilder) {
        self.init(
            simpleType: type, tagAddress: nil, keyIsExact: false, lifetime: lifetime, site: site, isLine: isLine,
            builder: builder)
    }

    /// The record of a `single` or `factory` under the tag at `tag` (its group's) and nothing else
    /// (no scope, no flags).
    init(
        taggedType type: Any.Type, tag: UnsafePointer<Tag>, keyIsExact: Bool, lifetime: Lifetime, site: CodeLocation,
        build: @escaping Builder
    ) {
        self.init(
            simpleType: type, tagAddress: tag, keyIsExact: keyIsExact, lifetime: lifetime, site: site, isLine: false,
            builder: StoredBuilder(function: build))
    }

    /// A `single` or `factory` without scope, flags or extras, tagged or not.
    @inline(__always)
    private init(
        simpleType type: Any.Type, tagAddress: UnsafePointer<Tag>?, keyIsExact: Bool, lifetime: Lifetime,
        site: CodeLocation, isLine: Bool, builder: StoredBuilder
    ) {
        self.type = type
        isTagged = tagAddress != nil
        self.lifetime = lifetime
        storedSite = site
        isInjection = false
        isOverride = false
        createdAtStart = false
        isAsync = false
        self.builder = builder
        extras = nil
        valueIsObject = ValueLayout.isObject(type)
        isPlain = tagAddress == nil
        tagKeyIsExact = keyIsExact
        self.isLine = isLine
        storedBindingCount = 0
    }

    /// - Parameter tag: The tag's address in the record's group, if it has one: the record keeps
    ///   only whether it does, and finds the tag through its group (see ``tag(at:)``).
    init(
        type: Any.Type, tag: UnsafePointer<Tag>?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false, scope: ScopeID? = nil,
        onClose: (@Sendable (Any) -> Void)? = nil, isAsync: Bool = false,
        build: @escaping Builder = DefinitionRecord.noBuilder, payload: Definition.Payload = .builder
    ) {
        self.type = type
        isTagged = tag != nil
        self.lifetime = lifetime
        storedSite = site ?? .absent
        self.isInjection = isInjection
        self.isOverride = isOverride
        self.createdAtStart = createdAtStart
        self.isAsync = isAsync
        builder = StoredBuilder(function: build)
        extras = Extras.holding(scope: scope, onClose: onClose, payload: payload)
        valueIsObject = ValueLayout.isObject(type)
        isPlain = tag == nil && scope == nil && !isInjection
        tagKeyIsExact = false
        isLine = false
        storedBindingCount = 0
    }

    /// `base` with what is given changed (see `DefinitionInfo.with(type:…)`), followed in its
    /// group by `bindingCount` bindings (see ``bindingCount``; a binding, of a new type, has none).
    /// `tag` is the address of the new group's copy of `base`'s tag, if it has one.
    /// Copies the tag only when there is one, and the layout unless the type changes: the
    /// modifiers (`.bind`, `.override()`, a scope) make one of these per definition they touch.
    init(
        copying base: UnsafePointer<DefinitionRecord>, type newType: Any.Type?, lifetime: Lifetime?, isOverride: Bool?,
        createdAtStart: Bool?, scope newScope: ScopeID?, onClose newOnClose: (@Sendable (Any) -> Void)?,
        build newBuild: Builder?, payload newPayload: Definition.Payload?, bindingCount: Int,
        tag: UnsafePointer<Tag>?
    ) {
        precondition((tag != nil) == base.pointee.isTagged, "Wiring: a record copied without its tag")
        type = newType ?? base.pointee.type
        isTagged = tag != nil
        self.lifetime = lifetime ?? base.pointee.lifetime
        storedSite = base.pointee.storedSite
        isInjection = base.pointee.isInjection
        self.isOverride = isOverride ?? base.pointee.isOverride
        self.createdAtStart = createdAtStart ?? base.pointee.createdAtStart
        isAsync = base.pointee.isAsync
        // Only a binding (a new type) gets a builder of its own; every other copy keeps this one.
        builder = StoredBuilder(function: newBuild ?? (newType != nil ? DefinitionRecord.noBuilder : base.pointee.builder.function))
        let scope = newScope ?? base.pointee.extras?.scope
        // A binding never carries the close callback (its primary runs it once), nor bindings.
        let onClose = newType != nil ? nil : (newOnClose ?? base.pointee.extras?.onClose)
        let payload = newPayload ?? (newType != nil ? .builder : base.pointee.extras?.payload ?? .builder)
        extras = Extras.holding(scope: scope, onClose: onClose, payload: payload)
        precondition(bindingCount <= Int(UInt32.max), "Wiring: more bindings of one definition than can be counted")
        storedBindingCount = newType != nil ? 0 : UInt32(truncatingIfNeeded: bindingCount)
        valueIsObject = newType.map { ValueLayout.isObject($0) } ?? base.pointee.valueIsObject
        isPlain = tag == nil && scope == nil && !isInjection
        tagKeyIsExact = base.pointee.tagKeyIsExact
        isLine = false
    }

    /// Whether the records at `record` and `other` were made from the same plain line: same
    /// type, lifetime and site, and the same builder, code and captures alike (a builder that
    /// captures nothing is the same code; one that captures differs by what it captured).
    static func isSameLine(_ record: UnsafePointer<DefinitionRecord>, as other: UnsafePointer<DefinitionRecord>) -> Bool {
        guard record.pointee.isLine, other.pointee.isLine, record.pointee.type == other.pointee.type,
            record.pointee.lifetime == other.pointee.lifetime, let site = record.pointee.site,
            let otherSite = other.pointee.site, site.isSame(as: otherSite)
        else { return false }
        // The builders' words (code and captures), read in place: copies of one builder hold
        // the same two words, while a closure read as a value of a generic type is reabstracted
        // through a thunk of its own. So two lines written on one source line differ by their
        // code even when neither captures anything. Invariant: `StoredBuilder` is the closure's
        // two words, function then context.
        let offset = MemoryLayout<DefinitionRecord>.offset(of: \.builder).unsafelyUnwrapped
        let mine = (UnsafeRawPointer(record) + offset).loadUnaligned(as: (UInt, UInt).self)
        let theirs = (UnsafeRawPointer(other) + offset).loadUnaligned(as: (UInt, UInt).self)
        return mine == theirs
    }

    /// Whether the record at `record` is built by its builder (no extras, or a `.builder`
    /// payload), told without copying the payload out.
    static func hasBuilderPayload(_ record: UnsafePointer<DefinitionRecord>) -> Bool {
        guard let extras = record.pointee.extras else { return true }
        if case .builder = extras.payload { return true }
        return false
    }

    /// Whether the records at `record` and `other` are one definition's: the same record, or
    /// two records of one plain line (``DefinitionInfo``'s `===`, without an info to make).
    static func isSame(_ record: UnsafePointer<DefinitionRecord>, as other: UnsafePointer<DefinitionRecord>) -> Bool {
        record == other || isSameLine(record, as: other)
    }

    /// The builder of a definition that builds nothing itself (an injection, a declared value, a
    /// marker): no entry is ever made for one.
    static let noBuilder: Builder = { _, _ in
        preconditionFailure("Wiring: an entry was made for a definition without a builder")
    }
}
