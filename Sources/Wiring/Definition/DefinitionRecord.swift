/// A builder held in a struct of its own, so that a record's builder has an offset to read its
/// words at (a key path to a closure has none: it would reabstract).
struct StoredBuilder: Sendable {
    let function: Builder
}

/// One definition's description, in its group: what ``DefinitionInfo`` reads.
///
/// Its type, its site (a file's address and a line), its index in its group, its binding
/// count, its lifetime and its ``RecordFlags``, its group, then its builder. What few
/// definitions have (a tag, ``Extras``) is kept once in its group, which a record names
/// (``group``). Fields are in this order so that the 32-bit ones fill the site's last word.
struct DefinitionRecord: Sendable {
    let type: Any.Type
    /// Where the definition was written, stored without the optional (see ``site``).
    private let storedSite: CodeLocation
    /// This record's place among its group's records, set by ``DefinitionGroup/make(count:tagFrom:extras:bindingExtras:_:)``
    /// once the records are written.
    var indexInGroup: UInt32 = 0
    /// The group this record lives in, set with `indexInGroup`, so that an entry and a resolution
    /// frame need not keep the group beside the record.
    ///
    /// Invariant: a record is read only in place, through a pointer into the group it names,
    /// by a reader that keeps that group alive (an entry's block keeps the groups of its
    /// entries, a definition its group). So the group outlives every read of this reference,
    /// and it need not be counted (a counted one would be a cycle: the group holds the record).
    nonisolated(unsafe) unowned(unsafe) var group: DefinitionGroup? = nil
    /// How many bindings (``Definition/bind(_:file:line:)``) this definition has. Invariant: they
    /// are the records right after this one, in the same group, in the order bound; a binding's
    /// own count is 0. So `bind(_:)` makes one group for the definition and its bindings, and
    /// no array: reading a binding is `record + n`, and the group that keeps the definition
    /// keeps its bindings (a ``Definition/Binding`` holds that group too, which holds no
    /// binding: no cycle).
    private let storedBindingCount: UInt32
    let lifetime: Lifetime
    /// Everything else about the definition, in two bytes (see ``RecordFlags``).
    let flags: RecordFlags
    /// Builds the value, for a definition with a builder (`single`, `factory`, a binding); read by
    /// each entry made from this definition, in every container it is composed into. Not
    /// optional: a closure in an `Optional` is stored at the generic enum's abstraction, and
    /// every call through it would allocate a reabstraction thunk.
    let builder: StoredBuilder

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

    /// The tag of the record at `record`, which is tagged (`flags.isTagged`): kept once, in its
    /// group's header (see ``DefinitionGroup/Header``), which every record of a group shares,
    /// since a group's records are one definition and its bindings (one tag) or plain lines
    /// (none). Not in the record: an existential is 40 bytes, which every record of a module's
    /// lines would carry, and not its address either (8 bytes of every record): the record
    /// finds its group.
    @inline(__always)
    static func tag(at record: UnsafePointer<DefinitionRecord>) -> Tag {
        tagAddress(at: record).pointee
    }

    /// Where the tag of the record at `record`, which is tagged, lives: its group's copy, valid
    /// as long as the group.
    @inline(__always)
    static func tagAddress(at record: UnsafePointer<DefinitionRecord>) -> UnsafePointer<Tag> {
        assert(record.pointee.flags.isTagged, "Wiring: the tag of an untagged definition was read")
        return record.pointee.group.unsafelyUnwrapped.tag
    }

    /// The scope, close callback and payload of the record at `record`, or `nil` for most
    /// definitions (a `single` or `factory` without a scope, a close callback or a payload).
    /// Kept in its group (``DefinitionGroup/Header/extras``), as its tag is: 8 bytes of every
    /// record otherwise, which a module's lines never use. Only a record that `flags.hasExtras`
    /// reads its group, so a record copied out of its group (a line's, on the stack) may be
    /// asked too: it has none.
    @inline(__always)
    static func extras(at record: UnsafePointer<DefinitionRecord>) -> Extras? {
        guard record.pointee.flags.hasExtras else { return nil }
        let index = Int(record.pointee.indexInGroup)
        return record.pointee.group.unsafelyUnwrapped.extras(ofRecordAt: index)
    }

    /// The close callback of the record at `record`, if it has one, told from its flags first:
    /// every release of a scoped instance asks.
    @inline(__always)
    static func hooks(at record: UnsafePointer<DefinitionRecord>) -> LifecycleHooks? {
        record.pointee.flags.hasCloseCallback ? extras(at: record)?.hooks : nil
    }

    /// How values of the record at `record`'s type are laid out and copied, for the storage an
    /// entry builds them in.
    ///
    /// A class instance is one reference; any other value's stride and alignment are its type's
    /// `MemoryLayout`, asked when needed (by builds and releases), not kept in the record.
    /// Reads two fields in place: a
    /// computed property of the record (passed indirectly, since it holds an existential) would
    /// copy the whole record first.
    @inline(__always)
    static func layout(at record: UnsafePointer<DefinitionRecord>) -> ValueLayout {
        ValueLayout(type: record.pointee.type, isObject: record.pointee.flags.valueIsObject)
    }

    /// The scope, close callback and payload of a definition that has any. Kept in its group's
    /// header, not in its record (see ``extras(at:)``).
    final class Extras: Sendable {
        let scope: ScopeID?
        let hooks: LifecycleHooks?
        let payload: Definition.Payload

        init(scope: ScopeID?, hooks: LifecycleHooks?, payload: Definition.Payload) {
            self.scope = scope
            self.hooks = hooks
            self.payload = payload
        }

        /// Whether the payload is other than a builder (see ``RecordFlags/hasPayload``).
        var hasPayload: Bool {
            if case .builder = payload { return false }
            return true
        }

        /// The scope a `linked(to:)` marker names; `nil` for anything else.
        var linkTarget: ScopeID? {
            if case let .linkMarker(target) = payload { return target }
            return nil
        }

        /// Whether this is a marker (of a declared scope, or of a link), not a definition.
        var isMarker: Bool {
            switch payload {
            case .scopeMarker, .linkMarker: true
            default: false
            }
        }

        /// Extras for these, or `nil` when there is nothing to hold (most definitions).
        static func holding(
            scope: ScopeID?, hooks: LifecycleHooks?, payload: Definition.Payload
        ) -> Extras? {
            var isBuilder = false
            if case .builder = payload { isBuilder = true }
            return scope == nil && hooks == nil && isBuilder
                ? nil : Extras(scope: scope, hooks: hooks, payload: payload)
        }

        /// The extras of a copy of the record at `base` with what is given changed (see
        /// `DefinitionInfo.copying`): a binding (a new type) never carries the close callback
        /// (its primary runs it once) and builds with its own builder.
        static func copied(
            from base: UnsafePointer<DefinitionRecord>, type newType: Any.Type?, scope newScope: ScopeID?,
            hooks newHooks: LifecycleHooks?, payload newPayload: Definition.Payload?
        ) -> Extras? {
            let extras = DefinitionRecord.extras(at: base)
            let scope = newScope ?? extras?.scope
            let hooks = newType != nil ? nil : (newHooks ?? extras?.hooks)
            let payload = newPayload ?? (newType != nil ? .builder : extras?.payload ?? .builder)
            return holding(scope: scope, hooks: hooks, payload: payload)
        }
    }

    /// The record of a plain `single { … }` or `factory { … }`: no tag, no scope, no flags.
    init(plainType type: Any.Type, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder) {
        self.init(
            simpleType: type, isTagged: false, keyIsExact: false, lifetime: lifetime, site: site,
            builder: StoredBuilder(function: build))
    }

    /// The record of a `single` or `factory` under a tag (its group's, see ``tag(at:)``) and
    /// nothing else (no scope, no flags).
    init(
        taggedType type: Any.Type, keyIsExact: Bool, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder
    ) {
        self.init(
            simpleType: type, isTagged: true, keyIsExact: keyIsExact, lifetime: lifetime, site: site,
            builder: StoredBuilder(function: build))
    }

    /// A `single` or `factory` without scope, flags or extras, tagged or not.
    @inline(__always)
    private init(
        simpleType type: Any.Type, isTagged: Bool, keyIsExact: Bool, lifetime: Lifetime, site: CodeLocation,
        builder: StoredBuilder
    ) {
        self.type = type
        storedSite = site
        storedBindingCount = 0
        self.lifetime = lifetime
        flags = RecordFlags(
            valueIsObject: ValueLayout.isObject(type), isPlain: !isTagged, tagKeyIsExact: keyIsExact,
            isTagged: isTagged)
        self.builder = builder
    }

    /// - Parameters:
    ///   - isTagged: Whether the record has a tag, which its group holds (see ``tag(at:)``).
    ///   - extras: Its extras, which its group holds (see ``extras(at:)``): the record keeps
    ///     only whether it has any.
    init(
        type: Any.Type, isTagged: Bool, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false, extras: Extras?, isAsync: Bool = false,
        build: @escaping Builder = DefinitionRecord.noBuilder
    ) {
        self.type = type
        storedSite = site ?? .absent
        storedBindingCount = 0
        self.lifetime = lifetime
        flags = RecordFlags(
            valueIsObject: ValueLayout.isObject(type), isInjection: isInjection, isOverride: isOverride,
            createdAtStart: createdAtStart, isAsync: isAsync,
            isPlain: !isTagged && extras?.scope == nil && !isInjection, isTagged: isTagged, hasExtras: extras != nil,
            hasPayload: extras?.hasPayload ?? false, hasCloseCallback: extras?.hooks != nil)
        builder = StoredBuilder(function: build)
    }

    /// `base` with what is given changed (see `DefinitionInfo.with(type:…)`), followed in its
    /// group by `bindingCount` bindings (see ``bindingCount``; a binding, of a new type, has none),
    /// built by `newBuilder` if given (a binding's). `extras` are the copy's, which its new
    /// group holds (see `Extras.copied`). Copies the
    /// layout unless the type changes: the modifiers (`.bind`, `.override()`, a scope) make one
    /// of these per definition they touch.
    init(
        copying base: UnsafePointer<DefinitionRecord>, type newType: Any.Type?, lifetime: Lifetime?, isOverride: Bool?,
        createdAtStart: Bool?, extras: Extras?, builder newBuilder: StoredBuilder?, bindingCount: Int
    ) {
        type = newType ?? base.pointee.type
        storedSite = base.pointee.storedSite
        precondition(bindingCount <= Int(UInt32.max), "Wiring: more bindings of one definition than can be counted")
        storedBindingCount = newType != nil ? 0 : UInt32(truncatingIfNeeded: bindingCount)
        self.lifetime = lifetime ?? base.pointee.lifetime
        let flags = base.pointee.flags
        self.flags = flags.copied(
            valueIsObject: newType.map { ValueLayout.isObject($0) } ?? flags.valueIsObject,
            isOverride: isOverride ?? flags.isOverride, createdAtStart: createdAtStart ?? flags.createdAtStart,
            isPlain: !flags.isTagged && extras?.scope == nil && !flags.isInjection, isTagged: flags.isTagged,
            hasExtras: extras != nil, hasPayload: extras?.hasPayload ?? false, hasCloseCallback: extras?.hooks != nil)
        // Only a binding (a new type) gets a builder of its own; every other copy keeps this one.
        // Branches, not `??`: a closure passed through a generic function (or kept in an
        // `Optional`) is reabstracted, and each conversion is a heap-allocated thunk, which the
        // optimizer removes only where it inlines everything. A `StoredBuilder` keeps its closure
        // at its own abstraction, optional or not.
        if let newBuilder {
            builder = newBuilder
        } else if newType != nil {
            builder = StoredBuilder(function: DefinitionRecord.noBuilder)
        } else {
            builder = base.pointee.builder
        }
    }

    /// Whether the record at `record` is built by its builder (no extras, or a `.builder`
    /// payload), told from its flags: inlined into the registry build's loop, where a call
    /// that reads the group would keep the optimizer from proving its arrays unique.
    @inline(__always)
    static func hasBuilderPayload(_ record: UnsafePointer<DefinitionRecord>) -> Bool {
        !record.pointee.flags.hasPayload
    }

    /// Whether the records at `record` and `other` are one definition's (``DefinitionInfo``'s
    /// `===`, without an info to make).
    static func isSame(_ record: UnsafePointer<DefinitionRecord>, as other: UnsafePointer<DefinitionRecord>) -> Bool {
        record == other
    }

    /// The builder of a definition that builds nothing itself (an injection, a declared value, a
    /// marker): no entry is ever made for one.
    static let noBuilder: Builder = { _, _ in
        preconditionFailure("Wiring: an entry was made for a definition without a builder")
    }
}
