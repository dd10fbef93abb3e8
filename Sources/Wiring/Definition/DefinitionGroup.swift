/// The records of definitions made together: a module's plain lines, or one definition alone.
///
/// Records are written once, by `make`, before the group is shared, and never after; they are
/// freed with the group. Safe to share between threads, though `ManagedBuffer` cannot say so.
final class DefinitionGroup: ManagedBuffer<Int, DefinitionRecord> {
    /// A group holding `records`, in order.
    static func make(_ records: [DefinitionRecord]) -> DefinitionGroup {
        make(count: records.count) { next in
            records.withUnsafeBufferPointer { source in
                next.initialize(from: source.baseAddress.unsafelyUnwrapped, count: source.count)
            }
        }
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
        _ = withUnsafeMutablePointers { header, records in records.deinitialize(count: header.pointee) }
    }
}
