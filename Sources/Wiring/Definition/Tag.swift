/// A registration tag of any `Hashable & Sendable` type, boxed so definitions can hold it.
///
/// Resolving compares tags without hashing and without a dynamic cast: the stored tag's
/// type is opened and compared by metatype first.
struct Tag: Sendable, Hashable, CustomStringConvertible {
    let value: any Hashable & Sendable

    init(_ value: some Hashable & Sendable) {
        self.value = value
    }

    /// Whether this tag is `other`: the same type and an equal value.
    @inline(__always)
    func matches<Other: Hashable>(_ other: Other) -> Bool {
        func compare<Stored: Hashable>(_ stored: Stored) -> Bool {
            guard Stored.self == Other.self else { return false }
            // The same type: `other` read as a `Stored` is `other` itself, without a dynamic cast.
            return withUnsafePointer(to: other) { other in
                other.withMemoryRebound(to: Stored.self, capacity: 1) { stored == $0.pointee }
            }
        }
        return compare(value)
    }

    static func == (lhs: Tag, rhs: Tag) -> Bool {
        func compare<Stored: Hashable>(_ stored: Stored) -> Bool { rhs.matches(stored) }
        return compare(lhs.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: value)))
        hasher.combine(value)
    }

    /// `StorageContext.userdata` for an enum case, `"name"` for a string, the value otherwise.
    var description: String { Tag.describe(value) }

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
