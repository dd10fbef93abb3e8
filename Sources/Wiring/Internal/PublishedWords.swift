/// The words that say whether each of a registry's singletons is published (see ``Entry``), in
/// one block: a singleton's word was an allocation of its own, and a cell holding its instance
/// another, two of the six a definition cost from `module { }` to its first resolve.
///
/// Invariant: each word is used by one entry, which keeps this object (and so the block) alive
/// for as long as it exists; the block is freed only when the last of them is gone. An entry
/// reused by a later registry (a `load` or an `unload` keeps the entries it shares) keeps the
/// block of the registry that made it.
final class PublishedWords: @unchecked Sendable {
    // Immutable; the words themselves are only read and written atomically, by their entries.
    private let base: PublishedWord
    private let count: Int

    /// A block of `count` words, each `nil`.
    init(count: Int) {
        self.count = count
        base = RawBlock.allocate(bytes: max(count, 1) * MemoryLayout<PublishedWord.Pointee>.size)
            .initializeMemory(as: PublishedWord.Pointee.self, repeating: nil, count: max(count, 1))
    }

    deinit {
        RawBlock.release(base)
    }

    /// The word at `index`, for one reference alone.
    func word(_ index: Int) -> PublishedWord {
        precondition(index >= 0 && index < count, "Wiring: published word \(index) of \(count)")
        return base + index
    }
}
