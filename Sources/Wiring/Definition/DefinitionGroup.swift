/// The records of definitions made together: a module's plain lines, or one definition alone.
///
/// Records are written once, by `make`, before the group is shared, and never after; they are
/// freed with the group. Safe to share between threads, though `ManagedBuffer` cannot say so.
final class DefinitionGroup: ManagedBuffer<Int, DefinitionRecord> {
    /// A group of the one record `make` returns, which is built in place (not copied in).
    @inline(__always)
    static func make(one make: () -> DefinitionRecord) -> DefinitionGroup {
        self.make(count: 1) { record in record.initialize(to: make()) }
    }

    /// A group of `count` records, which `initialize` writes from the first element's address,
    /// each exactly once. Invariant: the header (the count of initialized records) is set only
    /// after `initialize` returns, so `deinit` never reads an unwritten record.
    static func make(count: Int, _ initialize: (UnsafeMutablePointer<DefinitionRecord>) -> Void) -> DefinitionGroup {
        let group = unsafeDowncast(DefinitionGroup.create(minimumCapacity: count) { _ in 0 }, to: DefinitionGroup.self)
        group.withUnsafeMutablePointers { header, records in
            initialize(records)
            header.pointee = count
        }
        return group
    }

    deinit {
        withUnsafeMutablePointers { header, records in
            let builderOffset = MemoryLayout<DefinitionRecord>.offset(of: \.builder).unsafelyUnwrapped
            for index in 0..<header.pointee {
                let record = records + index
                guard record.pointee.isLine else {
                    record.deinitialize(count: 1)
                    continue
                }
                // A line's record owns nothing but its builder (see `DefinitionRecord.isLine`):
                // only that is destroyed, without the outlined destroy of the whole record (an
                // existential tag, an optional site, the extras), a dozen calls per line. And
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
