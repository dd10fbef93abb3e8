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
    /// What the entry keeps of its instance, or `nil`. One reference for the three lifetimes
    /// that keep one here, which never share an entry (a singleton keeps its value in its
    /// entry's words instead), so every entry and every scope's slot stays small.
    ///
    /// Invariant: what it is follows from the entry alone, never from the object:
    /// - a `.weak` entry: a ``WeakReference`` to the instance while anyone holds it;
    /// - a `.scoped` or `.declared` entry of a class type (its layout's `isObject`): the
    ///   instance itself, until its scope closes or its module is unloaded;
    /// - any other `.scoped` or `.declared` entry: a ``HeldValue`` holding the value.
    ///
    /// Only ``Entry`` reads it, through `held(in:)`, which casts by that rule: an object is
    /// never asked what it is (a scoped instance may itself be a `HeldValue` or a
    /// `WeakReference`).
    var held: AnyObject?
    /// When the held or published instance was built (see `Released`).
    var sequence: UInt64 = 0
    /// What the held or published instance resolved (see ``Dependencies``).
    var dependencies = Dependencies()

    /// Where `buildingThread` sits.
    /// (A computed property, which the optimizer folds to a constant: a `static let` would be
    /// a lazily initialized global, checked on every build.)
    static var buildingThreadOffset: Int {
        @inline(__always) get { MemoryLayout<InstanceState>.offset(of: \.buildingThread)! }
    }
}

/// The state of one ``Entry``, an element of an ``EntryBlock``.
///
/// `own` and `marks` are only touched under `stateLock` (or, in a verification sandbox, by the
/// one thread that verifies at a time); `words.0` is read and written with atomics; everything
/// else is immutable once the block is shared.
///
/// The lock-free fast path reads `lifetime`, `mode` and `traits` while a build writes
/// `marks`, which shares their word: distinct bytes (distinct memory locations), so no data
/// race, as long as nothing writes that word whole once the element is made (nothing does:
/// `marks` is written through its own field).
///
/// What few entries need is not kept in every one: a binding finds its primary in its block's list of primaries
/// (``EntryBlock/Header/primaries``), and a shared scope definition's entry keeps its slot in
/// `words.1`, which only a singleton uses (see ``Entry``'s `slot`).
struct EntryStorage {
    /// The definition, which holds its builder. Invariant: the block keeps it alive
    /// (``EntryBlock/Header/definitions``) as long as the element exists, so it is not counted
    /// here, and an element that owns nothing else needs no `deinitialize` (see `deinit`).
    let definition: Unmanaged<DefinitionInfo>
    /// The definition's lifetime, read without a second load.
    let lifetime: Lifetime
    let mode: EntryMode
    /// Whether this entry is a binding, and whether it keeps its instances in each scope's slots.
    let traits: EntryTraits
    /// Whether the entry was retired and whether its inline words were used, in the byte after
    /// `traits` (see the type's note on sharing a word).
    var marks = EntryMarks()
    /// This entry's place among its block's elements, through which it finds its block (see
    /// ``EntryBlock/containing(_:)``). In 32 bits, in what would be padding after the flags.
    let indexInBlock: UInt32
    /// The block this entry lives in. Invariant: an entry is read only in place, through a
    /// pointer into this block, by a reader that keeps the block alive (a registry holds its
    /// blocks, a retired value its block), so the block outlives every read of this reference;
    /// counted, it would be a cycle (the block holds the entry).
    unowned(unsafe) let block: EntryBlock?
    /// The instance state of an entry that holds its own (not `traits.isSlotted`).
    var own = InstanceState()
    /// A singleton's published word (the address of its value, or `nil`), then two words of
    /// inline storage for a value that fits: a class reference, a class-bound existential. An
    /// entry of another lifetime publishes nothing here: a slotted one keeps its slot's index
    /// in `words.1`.
    var words: (UnsafeMutableRawPointer?, UInt, UInt) = (nil, 0, 0)
}

/// What an entry is beyond its lifetime and mode, set when it is made and never changed: one
/// byte of flags.
struct EntryTraits {
    private let bits: UInt8

    private static var isBindingBit: UInt8 { 2 }
    private static var isSlottedBit: UInt8 { 4 }

    init(isBinding: Bool, isSlotted: Bool) {
        bits = (isBinding ? Self.isBindingBit : 0) | (isSlotted ? Self.isSlottedBit : 0)
    }

    /// Whether this is a binding's entry, which builds from a primary (see
    /// ``EntryBlock/Header/primaries``).
    var isBinding: Bool { bits & Self.isBindingBit != 0 }
    /// Whether this is the entry of a scope definition shared by every scope opened from it,
    /// whose instance state lives in each scope's slots (its index in `words.1`), not in `own`.
    var isSlotted: Bool { bits & Self.isSlottedBit != 0 }
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
        /// The definitions this block's entries build, each kept once in a row: they live as
        /// long as the block. Destroyed with the header, after `deinit` has freed the entries'
        /// values (which read their definitions).
        var definitions: [DefinitionInfo]
        /// For each element that is a binding's (`traits.isBinding`), the entry it builds from;
        /// allocated with the block's first binding, `capacity` of them, and freed with the
        /// block. Only a binding's element is ever written or read (`primary(of:)` is only
        /// asked of a binding): the others are left uninitialized, which costs no pass over
        /// the list (the pointers are trivial, so nothing is deinitialized). Whoever keeps a
        /// binding's entry alive keeps its primary's block alive too (see
        /// ``EntryOwners/keep(_:)-(Entry)``). Most blocks have no binding, so this is kept only
        /// where it is used.
        var primaries: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
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
        let block = unsafeDowncast(
            EntryBlock.create(minimumCapacity: capacity) { _ in
                Header(count: 0, capacity: capacity, definitions: [], primaries: nil)
            }, to: EntryBlock.self)
        return block
    }

    /// The block the entry at `storage` lives in (see ``EntryStorage/block``).
    @inline(__always)
    static func containing(_ storage: UnsafePointer<EntryStorage>) -> EntryBlock {
        storage.pointee.block.unsafelyUnwrapped
    }

    /// The entry the binding at `storage` (an element of a block, `traits.isBinding`) builds from.
    static func primary(of storage: UnsafePointer<EntryStorage>) -> Entry {
        assert(storage.pointee.traits.isBinding, "Wiring: the primary of an entry that is not a binding was read")
        let index = Int(storage.pointee.indexInBlock)
        let primary = containing(storage).withUnsafeMutablePointerToHeader {
            $0.pointee.primaries.unsafelyUnwrapped[index]
        }
        return Entry(opaque: primary.unsafelyUnwrapped)
    }

    /// A new entry in the next free element, for `info`.
    /// - Parameters:
    ///   - primary: For a binding, the entry it builds from.
    ///   - slot: The index of its state among a scope's slots, or `-1` if it holds its own.
    func makeEntry(
        info: DefinitionInfo, mode: EntryMode, primary: Entry? = nil, slot: Int32 = -1
    ) -> Entry {
        withUnsafeMutablePointers { header, elements in
            let index = header.pointee.count
            precondition(index < header.pointee.capacity, "Wiring: an entry block overflowed")
            header.pointee.count += 1
            if header.pointee.definitions.last !== info { header.pointee.definitions.append(info) }
            if let primary {
                if header.pointee.primaries == nil {
                    header.pointee.primaries = .allocate(capacity: header.pointee.capacity)
                }
                (header.pointee.primaries.unsafelyUnwrapped + index).initialize(to: primary.opaque)
            }
            let storage = elements + index
            storage.initialize(
                to: EntryStorage(
                    definition: .passUnretained(info), lifetime: info.lifetime, mode: mode,
                    traits: EntryTraits(isBinding: primary != nil, isSlotted: slot >= 0),
                    indexInBlock: UInt32(truncatingIfNeeded: index), block: self))
            if slot >= 0 { storage.pointee.words.1 = UInt(slot) }
            return Entry(storage)
        }
    }

    deinit {
        withUnsafeMutablePointers { header, elements in
            for index in 0..<header.pointee.count {
                let element = elements + index
                Entry(element).freePublished()
                // Invariant: `own.held` and `own.dependencies` are an element's only fields that
                // own anything (the rest are pointers, metatypes and plain values). So an element
                // whose `own` holds neither (a factory, a singleton that resolved nothing kept,
                // a scoped or weak entry not holding an instance) owns nothing, and is left as it
                // is: its memory goes with the block. This saves the outlined destroy a
                // `deinitialize` runs on every element.
                if element.pointee.own.held != nil || !element.pointee.own.dependencies.isEmpty {
                    element.deinitialize(count: 1)
                }
            }
            header.pointee.primaries?.deallocate()
        }
    }
}

/// The blocks a registry's entries live in, each once.
struct EntryOwners {
    private(set) var blocks: [EntryBlock] = []
    private var seen: Set<ObjectIdentifier> = []
    /// Keeps `entry`'s block, and its primary's, alive.
    mutating func keep(_ entry: Entry) {
        keep(EntryBlock.containing(entry.storage))
        if entry.storage.pointee.traits.isBinding {
            keep(EntryBlock.containing(EntryBlock.primary(of: entry.storage).storage))
        }
    }

    mutating func keep(_ block: EntryBlock) {
        // Consecutive entries mostly share a block: told without hashing.
        if blocks.last === block { return }
        if seen.insert(ObjectIdentifier(block)).inserted { blocks.append(block) }
    }
}

/// Whether an entry was retired, and whether its inline words held a value once: one byte,
/// touched only under `stateLock` (see ``EntryStorage``).
struct EntryMarks {
    private var bits: UInt8 = 0

    private static var inlineUsedBit: UInt8 { 1 }
    private static var unloadBit: UInt8 { 2 }
    private static var closeBit: UInt8 { 4 }

    /// Whether the inline storage held a value once: after an unload it may still be waiting to
    /// be freed, so a singleton built again goes to storage of its own.
    var inlineUsed: Bool {
        get { bits & Self.inlineUsedBit != 0 }
        set { bits = newValue ? bits | Self.inlineUsedBit : bits & ~Self.inlineUsedBit }
    }

    /// Set when the entry's module is unloaded, or its container closed.
    var retiredBy: RetiredBy? {
        get {
            if bits & Self.unloadBit != 0 { return .unload }
            if bits & Self.closeBit != 0 { return .close }
            return nil
        }
        set {
            bits &= ~(Self.unloadBit | Self.closeBit)
            switch newValue {
            case .unload: bits |= Self.unloadBit
            case .close: bits |= Self.closeBit
            case nil: break
            }
        }
    }
}

/// The instance of a `.weak` definition, held weakly.
final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
