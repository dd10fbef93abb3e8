/// A registry's entries, in declaration order: a list, or, for a registry of plain definitions,
/// the elements of its one block, read in place.
///
/// A plain registry makes one entry per definition, in order, in one block (see
/// `Registry.plain`): the block is already the list, and a second one beside it would cost a
/// word and an append per definition, and an allocation per registry.
///
/// Like an ``Entry``, this holds no reference: the registry keeps the blocks its entries live in
/// (`owners`), the block read in place included.
struct RegistryEntries: RandomAccessCollection, Sendable {
    private let list: [Entry]
    /// The first element of the block, when the entries are its elements; `nil` for a list.
    /// Invariant: the block's first `count` elements are initialized entries, and it is never
    /// filled further once the registry is made (its header changes only while it is filled).
    nonisolated(unsafe) private let elements: UnsafeMutablePointer<EntryStorage>?
    let endIndex: Int

    var startIndex: Int { 0 }

    /// The entries of `list`.
    init(_ list: [Entry]) {
        self.list = list
        elements = nil
        endIndex = list.count
    }

    /// Every entry made in `block`, which the registry keeps alive and never fills further.
    init(filled block: EntryBlock) {
        list = []
        (elements, endIndex) = block.withUnsafeMutablePointers { header, elements in (elements, header.pointee.count) }
    }

    subscript(position: Int) -> Entry {
        guard let elements else { return list[position] }
        precondition(position >= 0 && position < endIndex, "Wiring: an entry index out of range")
        return Entry(elements + position)
    }
}
