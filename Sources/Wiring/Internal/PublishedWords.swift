internal import _WiringShims

/// Where a registry's singletons are published, in one block: for each entry, a flag word and,
/// beside it, a slot holding the entry's built ``Instance``. A singleton's word was an
/// allocation of its own, and a cell holding its instance another, two of the five a definition
/// cost from `module { }` to its first resolve.
///
/// Publication of a singleton, the one invariant every lock-free read of it relies on:
/// - The slot is written once, under `stateLock`, before the release store of its flag
///   (``publish(_:at:)``); never again while the flag is set.
/// - A reader reads the slot only after an acquire load finds the flag set (``instance(at:)``),
///   inside a read section, retaining what it reads before the section ends; or under
///   `stateLock`.
/// - Retiring the entry clears the flag under `stateLock` (``unpublish(at:)``); the slot is
///   dropped (``drop(at:)``) only after that, once no read section that could have seen the
///   flag set is running (its ``Released`` is freed after ``ReadSection/synchronize()``). An
///   entry dropped while published drops its slot in its deinit, when no reader can reach it.
/// - A flag is never set again once cleared: nothing is published into a retired entry, and a
///   retired singleton is never revived. A definition that comes back gets a new entry.
///
/// A reader copies the flag's address out of the entry before it loads it: the load is a C
/// call, across which the compiler would keep an entry it still uses alive with a retain, which
/// writes the reference count every resolving thread shares. The slot is then read through the
/// block, in place, as ``ReferenceCell`` reads its object.
///
/// Lifetime: each pair of words is used by one entry, which keeps this object (and so the block)
/// alive for as long as it exists; the block is freed only when the last of them is gone. An
/// entry reused by a later registry (a `load` or an `unload` keeps the entries it shares) keeps
/// the block of the registry that made it.
final class PublishedWords: @unchecked Sendable {
    // Immutable; the flags are only read and written atomically, the slots as the invariant says.
    private let base: PublishedWord
    private let count: Int

    /// A block for `count` entries, none published.
    init(count: Int) {
        self.count = count
        let words = 2 * max(count, 1)
        base = RawBlock.allocate(bytes: words * MemoryLayout<PublishedWord.Pointee>.size)
            .initializeMemory(as: PublishedWord.Pointee.self, repeating: nil, count: words)
    }

    deinit {
        RawBlock.release(base)
    }

    /// The flag of the entry at `index`, for that entry alone.
    func word(_ index: Int) -> PublishedWord {
        precondition(index >= 0 && index < count, "Wiring: published word \(index) of \(count)")
        return base + 2 * index
    }

    /// The instance published at `flag`, if it is (an acquire load, then the slot beside it,
    /// retained); inside a read section, or under `stateLock`.
    @inline(__always)
    static func instance(at flag: PublishedWord) -> Instance? {
        guard wiring_atomic_load_acquire(flag) != nil else { return nil }
        return (flag + 1).withMemoryRebound(to: Instance.self, capacity: 1) { $0.pointee }
    }

    /// Publishes `value` at `flag`, which is not set; under `stateLock`.
    static func publish(_ value: Instance, at flag: PublishedWord) {
        (flag + 1).withMemoryRebound(to: Instance.self, capacity: 1) { $0.initialize(to: value) }
        // The release store: a reader that sees the flag set sees the slot (any non-nil sets it).
        _ = wiring_atomic_exchange(flag, flag)
    }

    /// Clears `flag` and returns the instance its slot still holds, if it was set; under
    /// `stateLock`. The slot is dropped later, by ``drop(at:)``.
    static func unpublish(at flag: PublishedWord) -> Instance? {
        guard wiring_atomic_exchange(flag, nil) != nil else { return nil }
        return (flag + 1).withMemoryRebound(to: Instance.self, capacity: 1) { $0.pointee }
    }

    /// Releases the instance in the slot beside `flag`, cleared by ``unpublish(at:)``; once,
    /// when no reader can read the slot any more.
    static func drop(at flag: PublishedWord) {
        (flag + 1).withMemoryRebound(to: Instance.self, capacity: 1) { _ = $0.deinitialize(count: 1) }
        (flag + 1).pointee = nil
    }
}
