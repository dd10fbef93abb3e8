/// The records of definitions made together: a module's plain lines, or one definition alone.
///
/// Records are written once, by `make`, before the group is shared, and never after; they are
/// freed with the group. Safe to share between threads, though `ManagedBuffer` cannot say so.
final class DefinitionGroup: ManagedBuffer<DefinitionGroup.Header, DefinitionRecord> {
    struct Header {
        /// How many records are initialized.
        var count: Int
        /// The tag of the group's records, which is one: a group is one definition and its
        /// bindings, which have its tag, or plain lines, which have none (then a placeholder,
        /// which no record points at). Records point here (``DefinitionRecord/tagAddress``);
        /// it never changes, and goes with the group, after them.
        let tag: Tag
    }

    /// A group of the one record `make` returns, which is built in place (not copied in), given
    /// the address of the group's copy of `tag` if there is one.
    @inline(__always)
    static func make(tag: Tag? = nil, one make: (UnsafePointer<Tag>?) -> DefinitionRecord) -> DefinitionGroup {
        self.make(count: 1, tag: tag) { record, tag in record.initialize(to: make(tag)) }
    }

    /// A group of `count` records, which `initialize` writes from the first element's address,
    /// each exactly once, given the address of the group's copy of `tag` if there is one (for
    /// the records' ``DefinitionRecord/tagAddress``). Invariant: the header's count of
    /// initialized records is set only after `initialize` returns, so `deinit` never reads an
    /// unwritten record; the tag is set before, and never moves (a class's header does not).
    static func make(
        count: Int, tag: Tag?, _ initialize: (UnsafeMutablePointer<DefinitionRecord>, UnsafePointer<Tag>?) -> Void
    ) -> DefinitionGroup {
        let group = unsafeDowncast(
            DefinitionGroup.create(minimumCapacity: count) { _ in Header(count: 0, tag: tag ?? Tag(false)) },
            to: DefinitionGroup.self)
        group.withUnsafeMutablePointers { header, records in
            let tagAddress = tag == nil
                ? nil
                : UnsafePointer((UnsafeMutableRawPointer(header) + MemoryLayout<Header>.offset(of: \.tag).unsafelyUnwrapped)
                    .assumingMemoryBound(to: Tag.self))
            initialize(records, tagAddress)
            header.pointee.count = count
        }
        return group
    }

    deinit {
        withUnsafeMutablePointers { header, records in
            let builderOffset = MemoryLayout<DefinitionRecord>.offset(of: \.builder).unsafelyUnwrapped
            for index in 0..<header.pointee.count {
                let record = records + index
                guard record.pointee.isLine else {
                    record.deinitialize(count: 1)
                    continue
                }
                // A line's record owns nothing but its builder (see `DefinitionRecord.isLine`):
                // only that is destroyed, without the outlined destroy of the whole record (an
                // optional site, the extras), several calls per line. And
                // only if it captured something: a closure is its function and its context (the
                // layout `DefinitionRecord.isSameLine` relies on), and one without a context
                // owns nothing, so dropping it would be an outlined call that releases nothing.
                let builder = UnsafeMutableRawPointer(record) + builderOffset
                guard builder.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self) != 0 else { continue }
                builder.assumingMemoryBound(to: StoredBuilder.self).deinitialize(count: 1)
            }
        }
    }
}
