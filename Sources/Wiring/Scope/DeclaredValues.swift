extension ScopeState {
    /// A value given to `declare(_:)`, with what it is for messages and the graph. Copied as a
    /// few words and references (a ``Tag`` is one).
    struct Declared {
        /// The value, as the declaring code gave it.
        let value: Instance
        let type: Any.Type
        /// The tag it was declared with; `nil` for an untagged value.
        let tag: Tag?
        let site: CodeLocation
        /// The info a verification sandbox declares its examples with; made on demand otherwise.
        let known: DefinitionInfo?
        let sequence: UInt64

        var info: DefinitionInfo {
            known ?? DefinitionInfo(type: type, tag: tag, lifetime: .scoped, site: site)
        }

        /// Whether this is the value declared for `type` without a tag.
        @inline(__always)
        func isUntagged(_ type: ObjectIdentifier) -> Bool {
            ObjectIdentifier(self.type) == type && tag == nil
        }

        /// Whether this is the value declared for `type` with `tag` (without one, if `nil`).
        func isDeclared(_ type: ObjectIdentifier, tag: Tag?) -> Bool {
            guard ObjectIdentifier(self.type) == type else { return false }
            guard let tag else { return self.tag == nil }
            return self.tag == tag
        }
    }

    /// A scope's declared values, in declaration order.
    struct DeclaredValues {
        private var list: [Declared] = []

        /// Where the value declared as `type` without a tag is, if any.
        func index(untagged type: ObjectIdentifier) -> Int? {
            list.firstIndex { $0.isUntagged(type) }
        }

        /// Where the value declared as `type` with `tag` (or none) is, if any.
        func index(of type: ObjectIdentifier, tag: Tag?) -> Int? {
            list.firstIndex { $0.isDeclared(type, tag: tag) }
        }

        /// What ``ScopeState/passing(_:)`` says of `type` in a scope that declared these values.
        func passing(_ type: ObjectIdentifier, linked: Bool) -> Passing {
            // Copying the value (a retain) runs no user code.
            if let index = index(untagged: type) { return .declared(list[index].value) }
            return linked ? .stop : .pass
        }

        subscript(index: Int) -> Declared {
            get { list[index] }
            set { list[index] = newValue }
        }

        mutating func append(_ value: Declared) {
            list.append(value)
        }

        /// The values declared as `type`, under any tag, in declaration order.
        func values(of type: ObjectIdentifier) -> [Any] {
            list.filter { ObjectIdentifier($0.type) == type }.map(\.value.any)
        }

        /// Every value, leaving none (a closing scope releases them after the lock).
        mutating func takeAll() -> DeclaredValues {
            var taken = DeclaredValues()
            swap(&taken, &self)
            return taken
        }
    }
}
