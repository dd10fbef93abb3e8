/// What a ``DefinitionRecord`` is beyond its type, lifetime and site: eleven flags in two bytes,
/// set when the record is made and never changed.
///
/// One field rather than eleven `Bool`s, sharing a word with the record's index, binding count
/// and lifetime. Read through the record's stored `flags` (`record.pointee.flags.isTagged`), never through a
/// computed property of the record, which would copy the whole record first.
struct RecordFlags: Sendable, Equatable {
    private let bits: UInt16

    // Computed, folded to constants (a `static let` would be a lazily initialized global).
    private static var valueIsObjectBit: UInt16 { 1 << 0 }
    private static var isInjectionBit: UInt16 { 1 << 1 }
    private static var isOverrideBit: UInt16 { 1 << 2 }
    private static var createdAtStartBit: UInt16 { 1 << 3 }
    private static var isAsyncBit: UInt16 { 1 << 4 }
    private static var isPlainBit: UInt16 { 1 << 5 }
    private static var tagKeyIsExactBit: UInt16 { 1 << 6 }
    private static var isTaggedBit: UInt16 { 1 << 8 }
    private static var hasExtrasBit: UInt16 { 1 << 9 }
    private static var hasPayloadBit: UInt16 { 1 << 10 }
    private static var hasCloseCallbackBit: UInt16 { 1 << 11 }

    @inline(__always)
    init(
        valueIsObject: Bool, isInjection: Bool = false, isOverride: Bool = false, createdAtStart: Bool = false,
        isAsync: Bool = false, isPlain: Bool, tagKeyIsExact: Bool = false, isTagged: Bool,
        hasExtras: Bool = false, hasPayload: Bool = false, hasCloseCallback: Bool = false
    ) {
        var bits: UInt16 = valueIsObject ? Self.valueIsObjectBit : 0
        if isInjection { bits |= Self.isInjectionBit }
        if isOverride { bits |= Self.isOverrideBit }
        if createdAtStart { bits |= Self.createdAtStartBit }
        if isAsync { bits |= Self.isAsyncBit }
        if isPlain { bits |= Self.isPlainBit }
        if tagKeyIsExact { bits |= Self.tagKeyIsExactBit }
        if isTagged { bits |= Self.isTaggedBit }
        if hasExtras { bits |= Self.hasExtrasBit }
        if hasPayload { bits |= Self.hasPayloadBit }
        if hasCloseCallback { bits |= Self.hasCloseCallbackBit }
        self.bits = bits
    }

    /// Whether a value of the record's type is one class reference (see
    /// `DefinitionRecord.layout(at:)`).
    var valueIsObject: Bool { bits & Self.valueIsObjectBit != 0 }
    /// Whether this is an `injection(for:)`: code run on an existing object, not a builder.
    var isInjection: Bool { bits & Self.isInjectionBit != 0 }
    /// Whether this definition deliberately replaces an earlier one of the same type and tag.
    var isOverride: Bool { bits & Self.isOverrideBit != 0 }
    /// Whether this singleton is built as soon as its container starts.
    var createdAtStart: Bool { bits & Self.createdAtStartBit != 0 }
    /// Whether an async factory builds it (`single { await … }`).
    var isAsync: Bool { bits & Self.isAsyncBit != 0 }
    /// Whether this definition's key is its type alone: no tag, no scope, not an injection.
    var isPlain: Bool { bits & Self.isPlainBit != 0 }
    /// Whether two tags of this tag's type are equal exactly when their bits are (an integer, a
    /// `Bool`): the resolve table's bitwise key then finds a duplicate tag alone, with no `==`.
    var tagKeyIsExact: Bool { bits & Self.tagKeyIsExactBit != 0 }
    /// Whether the definition has a tag (`DefinitionRecord.tag(at:)`), which its group holds.
    var isTagged: Bool { bits & Self.isTaggedBit != 0 }
    /// Whether the definition has a scope, a close callback or a payload
    /// (`DefinitionRecord.Extras`), which its group holds (`DefinitionRecord.extras(at:)`).
    var hasExtras: Bool { bits & Self.hasExtrasBit != 0 }
    /// Whether its extras' payload is other than a builder (a marker, an include, an injection, a
    /// parameterized, async or declared definition): what the registry build asks of every
    /// definition, told without reading the group (see `DefinitionRecord.hasBuilderPayload`).
    var hasPayload: Bool { bits & Self.hasPayloadBit != 0 }
    /// Whether its extras hold a close callback (`.onClose { … }`): what every release of a
    /// scoped instance asks, told without reading the group (see `DefinitionRecord.onClose(at:)`).
    var hasCloseCallback: Bool { bits & Self.hasCloseCallbackBit != 0 }

    /// These flags with `isOverride` and `createdAtStart` as given (a modifier's copy), and the
    /// rest that depend on the copy's type, tag, scope and extras recomputed.
    @inline(__always)
    func copied(
        valueIsObject: Bool, isOverride: Bool, createdAtStart: Bool, isPlain: Bool, isTagged: Bool, hasExtras: Bool,
        hasPayload: Bool, hasCloseCallback: Bool
    ) -> RecordFlags {
        RecordFlags(
            valueIsObject: valueIsObject, isInjection: isInjection, isOverride: isOverride,
            createdAtStart: createdAtStart, isAsync: isAsync, isPlain: isPlain, tagKeyIsExact: tagKeyIsExact,
            isTagged: isTagged, hasExtras: hasExtras, hasPayload: hasPayload,
            hasCloseCallback: hasCloseCallback)
    }
}
