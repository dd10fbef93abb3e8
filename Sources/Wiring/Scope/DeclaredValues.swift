extension ScopeState {
    /// A value given to `declare(_:)`, with what it is for messages and the graph.
    ///
    /// Copied as a few words and references: its tag, if any, is boxed, so that declaring,
    /// finding and dropping an untagged value never copies an existential.
    /// The info of a sandbox's declared example, in a box of one reference.
    final class KnownInfo: Sendable {
        let info: DefinitionInfo
        init(_ info: DefinitionInfo) { self.info = info }
    }

    struct Declared {
        let stored: Stored
        let type: Any.Type
        /// The tag it was declared with; `nil` for an untagged value.
        let taggedAs: TagBox?
        let site: CodeLocation
        /// The info a verification sandbox declares its examples with; made on demand otherwise.
        /// Boxed: a declared value is copied on every lookup, and an info is two words.
        let known: KnownInfo?
        let sequence: UInt64

        var isTagged: Bool { taggedAs != nil }
        var tag: Tag? { taggedAs?.tag }

        var info: DefinitionInfo {
            known?.info ?? DefinitionInfo(type: type, tag: tag, lifetime: .scoped, site: site)
        }

        /// The value, as resolves copy it: a class instance as its reference, anything else in
        /// storage of its own (copied through its type, with no cast).
        enum Stored {
            case object(AnyObject)
            case held(HeldValue)

            /// `value`, stored for a declared `T` (made where `T` is known: no cast, no box).
            static func make<T>(_ value: T) -> Stored {
                if T.self is AnyClass {
                    // A class reference of any class type is one reference, as `AnyObject` is: read
                    // as one (a retained copy), without `as AnyObject`'s bridging cast.
                    return .object(withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: AnyObject.self) })
                }
                return .held(HeldValue(T.self, holding: value))
            }

            /// `value`, a `type`, stored (a verification sandbox's example).
            static func make(_ value: Any, of type: Any.Type) -> Stored {
                func open<Value>(_: Value.Type) -> Stored {
                    // `value` is a `type`: the cast cannot fail.
                    make(value as! Value)
                }
                return open(type)
            }
        }

        var value: Any {
            switch stored {
            case let .object(object): object
            case let .held(held): held.value
            }
        }

        /// Initializes `buffer`, memory for a value of the declared type, with a copy.
        func copy(into buffer: UnsafeMutableRawPointer) {
            switch stored {
            case let .object(object): buffer.initializeMemory(as: AnyObject.self, repeating: object, count: 1)
            case let .held(held): ErasedValue.copy(held.type, from: held.storage, to: buffer)
            }
        }

        /// The value, retained once for a resolve of it.
        var retained: DeclaredLookup {
            switch stored {
            case let .object(object): .found(Unmanaged.passRetained(object).toOpaque(), isObject: true)
            case let .held(held): .found(Unmanaged.passRetained(held).toOpaque(), isObject: false)
            }
        }

        /// Whether this is the value declared for `type` without a tag.
        @inline(__always)
        func isUntagged(_ type: ObjectIdentifier) -> Bool {
            ObjectIdentifier(self.type) == type && taggedAs == nil
        }

        /// Whether this is the value declared for `type` with `tag` (without one, if `nil`).
        func isDeclared(_ type: ObjectIdentifier, tag: Tag?) -> Bool {
            guard ObjectIdentifier(self.type) == type else { return false }
            guard let tag else { return taggedAs == nil }
            return taggedAs?.tag == tag
        }
    }

    /// A declared value's tag.
    final class TagBox: Sendable {
        let tag: Tag

        init(_ tag: Tag) {
            self.tag = tag
        }
    }

    /// A scope's declared values, in declaration order. The first is held inline, so that a
    /// scope that declares one value (a request) allocates nothing for it; the rest in an array.
    ///
    /// Invariant: `rest` is empty while `first` is `nil` (values are only ever appended, or
    /// replaced in place, or all taken at once).
    struct DeclaredValues {
        private var first: Declared?
        private var rest: [Declared] = []

        /// Where the value declared for `type` without a tag is, if one is.
        @inline(__always)
        func index(untagged type: ObjectIdentifier) -> Int? {
            guard let first else { return nil }
            if first.isUntagged(type) { return 0 }
            return rest.withUnsafeBufferPointer { values in
                for index in values.indices where values[index].isUntagged(type) { return index + 1 }
                return nil
            }
        }

        /// Where the value declared for `type` with `tag` (without one, if `nil`) is, if one is.
        func index(of type: ObjectIdentifier, tag: Tag?) -> Int? {
            guard let first else { return nil }
            if first.isDeclared(type, tag: tag) { return 0 }
            return rest.withUnsafeBufferPointer { values in
                for index in values.indices where values[index].isDeclared(type, tag: tag) { return index + 1 }
                return nil
            }
        }

        /// For the resolve fast path: the value declared for `type` without a tag, retained once
        /// for the caller (a class instance itself, anything else its ``HeldValue`` box), found
        /// and retained in one scan.
        @inline(__always)
        func retained(untagged type: ObjectIdentifier) -> DeclaredLookup {
            guard let first else { return .absent }
            if first.isUntagged(type) { return first.retained }
            return rest.withUnsafeBufferPointer { values in
                for index in values.indices where values[index].isUntagged(type) { return values[index].retained }
                return .absent
            }
        }

        /// The value at `index`, which ``index(untagged:)`` or ``index(of:tag:)`` returned.
        subscript(index: Int) -> Declared {
            get { index == 0 ? first.unsafelyUnwrapped : rest[index - 1] }
            set {
                if index == 0 { first = newValue } else { rest[index - 1] = newValue }
            }
        }

        mutating func append(_ value: consuming Declared) {
            if first == nil { first = value } else { rest.append(value) }
        }

        /// The values declared as `type`, under any tag, in declaration order.
        func values(of type: ObjectIdentifier) -> [Any] {
            guard let first else { return [] }
            return ([first] + rest).filter { ObjectIdentifier($0.type) == type }.map(\.value)
        }

        /// Hands every value over, leaving none.
        mutating func takeAll() -> DeclaredValues {
            var taken = DeclaredValues()
            swap(&taken, &self)
            return taken
        }
    }
}
