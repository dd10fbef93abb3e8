/// Whether a value of one type can ever be seen as another, decided from the types alone, so
/// that `.onClose { (x: T) in … }` and `.bind(T.self)` on a definition of an unrelated type stop
/// where they are written instead of being silently skipped (or failing at the first resolve).
///
/// Conservative: it answers `false` only when both types are concrete (a struct, an enum, a
/// tuple, a function or a Swift class) and neither is the other, nor, for classes, a subclass of
/// the other. Anything involving an existential (`any P`, `Any`), an optional, a metatype or an
/// Objective-C or foreign class may hold, and is left to the cast at run time.
enum TypeRelation {
    /// Whether a value declared as `declared` may be a `wanted` (see ``TypeRelation``).
    static func mayHold(_ declared: Any.Type, as wanted: Any.Type) -> Bool {
        if declared == wanted { return true }
        switch (Kind(declared), Kind(wanted)) {
        case (.swiftClass, .swiftClass):
            return related(declared, wanted)
        case (.swiftClass, .value), (.value, .swiftClass), (.value, .value):
            return false
        default:
            return true
        }
    }

    /// Whether one of two class types inherits from the other.
    private static func related(_ first: Any.Type, _ second: Any.Type) -> Bool {
        func open<First>(_: First.Type) -> Bool {
            func open<Second>(_: Second.Type) -> Bool {
                First.self is Second.Type || Second.self is First.Type
            }
            return open(second)
        }
        return open(first)
    }

    /// What the Swift runtime says a type is, as far as this check needs.
    private enum Kind {
        case swiftClass
        case value
        case other

        /// Reads the first word of `type`'s metadata: its `MetadataKind`, which is part of
        /// Swift's stable ABI (0x200 struct, 0x201 enum, 0x301 tuple, 0x302 function; every
        /// other kind below 0x800 is an existential, optional, metatype or a foreign or
        /// Objective-C type). A Swift class's metadata starts with 0 where there is no
        /// Objective-C interoperability, and with its isa pointer (a value above 0x7FF) where
        /// there is.
        ///
        /// Invariant relied on: every `Any.Type` points at type metadata whose first word is
        /// readable; the word is only compared, never followed.
        init(_ type: Any.Type) {
            let word = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
            switch word {
            case 0, 0x800...: self = .swiftClass
            case 0x200, 0x201, 0x301, 0x302: self = .value
            default: self = .other
            }
        }
    }
}
