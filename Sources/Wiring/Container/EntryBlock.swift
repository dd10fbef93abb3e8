/// What an entry holds for one instance of its container: the thread building it, and the
/// instance it keeps. An entry of a plain container holds its own (`EntryStorage.own`); an entry
/// a scope definition shares between all the scopes opened from it finds each scope's in that
/// scope's slots (see ``ScopeState``), so opening a scope builds no entries.
///
/// Every field is only touched under `stateLock` (or, in a verification sandbox, by the one
/// thread that verifies at a time).
struct InstanceState {
    /// The thread building the entry now, if any: a ``BuildGate`` cell.
    var buildingThread: UnsafeRawPointer?
    /// The instance of a `.weak` definition while anyone holds it.
    var weakInstance: WeakReference?
    /// The instance of a `.scoped` definition until its scope closes or its module is unloaded:
    /// a class instance here, any other value in `heldInstance`.
    var heldObject: AnyObject?
    var heldInstance: HeldValue?
    /// When the held or published instance was built (see `Released`).
    var sequence: UInt64 = 0

    /// Where `buildingThread` sits.
    /// (A computed property, which the optimizer folds to a constant: a `static let` would be
    /// a lazily initialized global, checked on every build.)
    static var buildingThreadOffset: Int {
        @inline(__always) get { MemoryLayout<InstanceState>.offset(of: \.buildingThread)! }
    }
}

/// The state of one ``Entry``, an element of an ``EntryBlock``.
///
/// `own`, `inlineUsed` and `retiredBy` are only touched under `stateLock` (or, in a
/// verification sandbox, by the one thread that verifies at a time); `words.0` is read and
/// written with atomics; everything else is immutable once the block is shared.
struct EntryStorage {
    /// The definition's record, which holds its builder, in `group`: the group is kept alive by
    /// the block (the first entry of each run of entries of one group retains it, see
    /// `retainsGroup`), and read without retaining it, which a strong field read through a
    /// pointer would.
    let record: UnsafeMutablePointer<DefinitionRecord>
    let group: Unmanaged<DefinitionGroup>
    /// For a binding, the entry it builds from (in `primaryBlock`).
    let primary: UnsafeMutableRawPointer?
    /// The record's lifetime, read without a second load. (Its layout is read from the record:
    /// a copy here would be a third of the element, and only builds and releases read it.)
    let lifetime: Lifetime
    let mode: EntryMode
    /// Whether this entry holds the block's retain of `group`, which the entries after it of
    /// the same group share; released when the block goes.
    let retainsGroup: Bool
    /// For an entry of a scope definition, shared by every scope opened from it: the index of
    /// its ``InstanceState`` among each scope's slots. `-1`: the entry holds its own (`own`).
    let slot: Int32
    /// The block this entry lives in, which its holders keep alive. Unmanaged: read without a
    /// retain (an `unowned(unsafe)` reference read as a reference is retained).
    let block: Unmanaged<EntryBlock>
    /// For a binding, the block of the entry it builds from: whoever keeps this entry alive
    /// keeps that block alive too.
    let primaryBlock: Unmanaged<EntryBlock>?
    /// The instance state of an entry that holds its own (`slot == -1`).
    var own = InstanceState()
    /// Whether the inline storage held a value once: after an unload it may still be waiting to
    /// be freed, so a singleton built again goes to storage of its own.
    var inlineUsed = false
    /// Set when the entry's module is unloaded, or its container closed.
    var retiredBy: RetiredBy?
    /// A singleton's published word (the address of its value, or `nil`), then two words of
    /// inline storage for a value that fits: a class reference, a class-bound existential.
    var words: (UnsafeMutableRawPointer?, UInt, UInt) = (nil, 0, 0)
}

/// The entries a registry makes, in one allocation rather than one object each.
///
/// An ``Entry`` is a pointer to its element here. Registries keep the blocks of the entries they
/// hold alive (their own, those they reuse from the registry before them on `load`/`unload`, and
/// those their bindings build from); a retired singleton's storage keeps its block alive until
/// it is freed. When the block goes, it frees the singletons still published in it.
final class EntryBlock: ManagedBuffer<EntryBlock.Header, EntryStorage> {
    struct Header {
        var count: Int
        let capacity: Int
        /// The group of the last entry made: the next entry of the same group (a module's lines
        /// share one) does not retain it again (see `EntryStorage.retainsGroup`). Invariant: an
        /// entry of this block holds a retain of it, so it lives as long as the block and its
        /// address is not reused meanwhile: an equal address is the same group.
        var lastGroup: UnsafeRawPointer?
    }

    /// Where `words` sits in an element.
    static var wordsOffset: Int {
        @inline(__always) get { MemoryLayout<EntryStorage>.offset(of: \.words)! }
    }
    /// Where `own` sits in an element (folded to a constant, as `InstanceState.buildingThreadOffset`).
    static var ownOffset: Int {
        @inline(__always) get { MemoryLayout<EntryStorage>.offset(of: \.own)! }
    }

    /// A block with room for `capacity` entries.
    static func make(capacity: Int) -> EntryBlock {
        let block = EntryBlock.create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
        return unsafeDowncast(block, to: EntryBlock.self)
    }

    /// A new entry in the next free element, for the record at `record` in `group`, which the
    /// caller holds for the call (a registry being built reads its definitions in place,
    /// without making an info, which would retain the group).
    /// - Parameters:
    ///   - primary: For a binding, the entry it builds from.
    ///   - slot: The index of its state among a scope's slots, or `-1` if it holds its own.
    func makeEntry(
        group: Unmanaged<DefinitionGroup>, record: UnsafeMutablePointer<DefinitionRecord>, mode: EntryMode,
        primary: Entry? = nil, slot: Int32 = -1
    ) -> Entry {
        withUnsafeMutablePointers { header, elements in
            precondition(header.pointee.count < header.pointee.capacity, "Wiring: an entry block overflowed")
            let storage = elements + header.pointee.count
            header.pointee.count += 1
            let retainsGroup = header.pointee.lastGroup != UnsafeRawPointer(group.toOpaque())
            if retainsGroup {
                _ = group.retain()
                header.pointee.lastGroup = UnsafeRawPointer(group.toOpaque())
            }
            storage.initialize(
                to: EntryStorage(
                    record: record, group: group, primary: primary?.opaque, lifetime: record.pointee.lifetime,
                    mode: mode, retainsGroup: retainsGroup, slot: slot, block: .passUnretained(self),
                    primaryBlock: primary?.storage.pointee.block))
            return Entry(storage)
        }
    }

    deinit {
        withUnsafeMutablePointers { header, elements in
            for index in 0..<header.pointee.count {
                let element = elements + index
                Entry(element).freePublished()
                // Invariant: the references in `own` are an element's only fields that own
                // anything (the rest are pointers, unmanaged references, metatypes and plain
                // values). So an element whose `own` holds none (every
                // singleton and factory, and a scoped or weak entry not holding an instance)
                // owns nothing, and is left as it is: its memory goes with the block. This
                // saves the outlined destroy a `deinitialize` runs on every element, a release
                // of each `nil` reference.
                let own = element.pointee.own
                if own.weakInstance != nil || own.heldObject != nil || own.heldInstance != nil {
                    element.deinitialize(count: 1)
                }
            }
            // Only now the groups: freeing an entry's value reads its record (the layout), and
            // the entries after the one holding a group's retain read that group's records.
            for index in 0..<header.pointee.count where elements[index].retainsGroup {
                elements[index].group.release()
            }
        }
    }
}

/// The blocks a registry's entries live in, each once.
struct EntryOwners {
    private(set) var blocks: [EntryBlock] = []
    private var seen: Set<ObjectIdentifier> = []
    /// The block kept last, by address: consecutive entries mostly share a block, and are told
    /// so without hashing.
    private var last: UnsafeRawPointer?

    /// Keeps `entry`'s block, and its primary's, alive.
    mutating func keep(_ entry: Entry) {
        keep(unmanaged: entry.storage.pointee.block)
        if let primary = entry.storage.pointee.primaryBlock { keep(unmanaged: primary) }
    }

    mutating func keep(_ block: EntryBlock) {
        keep(unmanaged: .passUnretained(block))
    }

    /// Keeps `block`, which the caller's entry keeps alive.
    private mutating func keep(unmanaged block: Unmanaged<EntryBlock>) {
        let address = UnsafeRawPointer(block.toOpaque())
        if last == address { return }
        last = address
        if seen.insert(ObjectIdentifier(block.takeUnretainedValue())).inserted {
            blocks.append(block.takeUnretainedValue())
        }
    }
}

/// The instance of a `.weak` definition, held weakly.
final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
