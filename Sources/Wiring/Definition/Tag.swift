/// A registration tag of any `Hashable & Sendable` type, boxed so definitions can hold it.
///
/// The box is an object, so a definition's tag is copied by a retain, and a resolve compares
/// the tag it is given with the one stored without hashing either: the box, which knows its
/// value's type, takes the given tag as that type or answers that they differ.
struct Tag: Sendable, Hashable, CustomStringConvertible {
    private let box: any TagBox

    init(_ value: some Hashable & Sendable) {
        box = TypedTag(value)
    }

    /// The tag as it was given.
    var value: any Hashable & Sendable { box.value }

    /// Whether this tag is `other`: the same type and an equal value.
    @inline(__always)
    func matches<Other: Hashable>(_ other: Other) -> Bool {
        box.matches(other)
    }

    static func == (lhs: Tag, rhs: Tag) -> Bool {
        lhs.box === rhs.box || rhs.box.matches(lhs.value)
    }

    func hash(into hasher: inout Hasher) {
        box.hash(into: &hasher)
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

/// A tag's value, boxed with its type (see ``Tag``).
private protocol TagBox: AnyObject, Sendable {
    var value: any Hashable & Sendable { get }
    func matches<Other: Hashable>(_ other: Other) -> Bool
    func hash(into hasher: inout Hasher)
}

private final class TypedTag<Value: Hashable & Sendable>: TagBox {
    let stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: any Hashable & Sendable { stored }

    func matches<Other: Hashable>(_ other: Other) -> Bool {
        guard Other.self == Value.self else { return false }
        // The same type: `other` read as a `Value` is `other` itself. (A dynamic cast, `as? Value`,
        // would cost a resolve more than the rest of the comparison.)
        return withUnsafePointer(to: other) { other in
            other.withMemoryRebound(to: Value.self, capacity: 1) { $0.pointee == stored }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Value.self))
        hasher.combine(stored)
    }
}
