/// A registration tag of any `Hashable & Sendable` type, boxed so definitions can hold it.
///
/// The box is an object, so a definition's tag is copied by a retain. Resolving compares tags
/// without hashing and without a dynamic cast: the stored tag's type is opened and compared by
/// metatype first.
struct Tag: Sendable, Hashable, CustomStringConvertible {
    private let box: Box

    init(_ value: some Hashable & Sendable) {
        box = Box(value)
    }

    /// The tag as it was given.
    var value: any Hashable & Sendable { box.value }

    /// Whether this tag is `other`: the same type and an equal value.
    @inline(__always)
    func matches<Other: Hashable>(_ other: Other) -> Bool {
        func compare<Stored: Hashable>(_ stored: Stored) -> Bool {
            guard Stored.self == Other.self else { return false }
            // The same type: `other` read as a `Stored` is `other` itself. (A dynamic cast,
            // `as? Stored`, would cost a resolve more than the rest of the comparison.)
            return withUnsafePointer(to: other) { other in
                other.withMemoryRebound(to: Stored.self, capacity: 1) { stored == $0.pointee }
            }
        }
        return compare(box.value)
    }

    static func == (lhs: Tag, rhs: Tag) -> Bool {
        func compare<Stored: Hashable>(_ stored: Stored) -> Bool { rhs.matches(stored) }
        return lhs.box === rhs.box || compare(lhs.box.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: box.value)))
        hasher.combine(box.value)
    }

    /// The `hashValue` of a tag of `value`, without making the tag.
    static func hashValue<Value: Hashable>(of value: Value) -> Int {
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(Value.self))
        hasher.combine(value)
        return hasher.finalize()
    }

    /// The value, in an object of a type of its own (not generic: making one looks up no type
    /// at run time).
    private final class Box: Sendable {
        let value: any Hashable & Sendable

        init(_ value: some Hashable & Sendable) {
            self.value = value
        }
    }

    /// `StorageContext.userdata` for an enum case, `"name"` for a string, the value otherwise.
    var description: String { Tag.describe(box.value) }

    static func describe(_ value: Any) -> String {
        if let named = value as? any DescribedTag {
            return named.tagDescription
        }
        if let string = value as? String {
            return "\"\(string)\""
        }
        if Mirror(reflecting: value).displayStyle == .enum {
            return "\(typeName(type(of: value))).\(value)"
        }
        return "\(typeName(type(of: value)))(\(value))"
    }
}

/// A tag of Wiring's own that says how messages should print it.
protocol DescribedTag {
    var tagDescription: String { get }
}
