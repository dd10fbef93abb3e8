internal import _WiringShims

/// Where a registry's singletons are marked published, in one block: a flag word for each entry.
/// The value is in the entry itself (a ``TypedEntry``); a word of its own was an allocation per
/// singleton, and a box holding its value another.
///
/// Publication of a singleton, the one invariant every lock-free read of it relies on:
/// - The entry's value is written once, by the build that claimed the entry (see ``BuildGate``),
///   before the release store of its flag (``publish(at:)``, under `stateLock`); never again
///   while the flag is set.
/// - A reader reads the value only after an acquire load finds the flag set
///   (``isPublished(_:)``), inside a read section, copying it (retained) before the section
///   ends; or under `stateLock`. No reader keeps the entry to read its value later.
/// - Retiring the entry clears the flag under `stateLock` (``unpublish(at:)``); the value is
///   dropped only after that, once no read section that could have seen the flag set is running
///   (its ``Released`` is freed after ``ReadSection/synchronize()``), or with the entry.
/// - A flag is never set again once cleared: nothing is published into a retired entry, and a
///   retired singleton is never revived. A definition that comes back gets a new entry.
///
/// A reader copies the flag's address out of the entry before it loads it: the load is a C
/// call, across which the compiler would keep an entry it no longer uses alive with a retain,
/// which writes the reference count every resolving thread shares.
///
/// Lifetime: each word is used by one entry, which keeps this object (and so the block) alive
/// for as long as it exists; the block is freed only when the last of them is gone. An entry
/// reused by a later registry (a `load` or an `unload` keeps the entries it shares) keeps the
/// block of the registry that made it.
final class PublishedWords: @unchecked Sendable {
    // Immutable; the flags are only read and written atomically.
    private let base: PublishedWord
    private let count: Int

    /// A block for `count` entries, none published.
    init(count: Int) {
        self.count = count
        let words = max(count, 1)
        base = RawBlock.allocate(bytes: words * MemoryLayout<PublishedWord.Pointee>.size)
            .initializeMemory(as: PublishedWord.Pointee.self, repeating: nil, count: words)
    }

    deinit {
        RawBlock.release(base)
    }

    /// The flag of the entry at `index`, for that entry alone.
    func word(_ index: Int) -> PublishedWord {
        precondition(index >= 0 && index < count, "Wiring: published word \(index) of \(count)")
        return base + index
    }

    /// Whether `flag` is set (an acquire load: the value written before it was set is seen).
    @inline(__always)
    static func isPublished(_ flag: PublishedWord) -> Bool {
        wiring_atomic_load_acquire(flag) != nil
    }

    /// Sets `flag`, which is not set: the release store that publishes the value written before;
    /// under `stateLock`.
    static func publish(at flag: PublishedWord) {
        // Any non-nil value sets it: the flag's own address is at hand.
        _ = wiring_atomic_exchange(flag, flag)
    }

    /// Clears `flag`; whether it was set. Under `stateLock`.
    static func unpublish(at flag: PublishedWord) -> Bool {
        wiring_atomic_exchange(flag, nil) != nil
    }
}
