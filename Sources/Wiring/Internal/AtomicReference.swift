internal import _WiringShims

/// A strong reference that is published with release ordering and read with acquire ordering.
///
/// Wiring writes each of these rarely (once per singleton, once per root) and reads them on every
/// resolve, so reads take no lock and do not retain. The reference lives in a cell of its own
/// (see ``Published``) and the word holds the cell's address: a reader reads the object's fields
/// through the cell, in place, where a retain would write the object's reference count, which
/// every thread resolving it shares: two threads resolving one singleton would each wait for the
/// other's write on every resolve.
struct AtomicReference<Object: AnyObject>: ~Copyable {
    /// Where the cell's address is published. A lock-free reader copies it out of the object
    /// holding this reference before it loads (``load(at:)``): the compiler keeps an object it
    /// is reading alive across the load, an opaque C call, with a retain and a release.
    let word: PublishedWord
    /// Whether `word` was allocated here (else it is static storage, which lives forever).
    private let ownsWord: Bool

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: nil)
        ownsWord = true
    }

    /// A reference kept in `word`, static storage that holds `nil` and that nothing else writes:
    /// what the global root publishes its container in (`wiring_global_root`).
    init(at word: PublishedWord) {
        self.word = word
        ownsWord = false
    }

    deinit {
        load()?.free()
        if ownsWord { word.deallocate() } else { word.pointee = nil }
    }

    /// The published object's cell, or `nil` if none was published yet.
    @inline(__always)
    func load() -> Published<Object>? {
        Self.load(at: word)
    }

    /// What the reference kept in `word` publishes, read without the reference: a free resolve
    /// reads the global root's this way, from static storage, without a Swift global.
    @inline(__always)
    static func load(at word: PublishedWord) -> Published<Object>? {
        wiring_atomic_load_acquire(word).map(Published.init(cell:))
    }

    /// Publishes `object` (in a new cell) and returns the previous one's cell.
    ///
    /// The caller owns the returned cell. Readers on other threads may still be reading it, so
    /// the caller frees it (``Published/free()``) only once none can (see ``ReadSection``).
    func exchange(_ object: Object?) -> Published<Object>? {
        let new = object.map(Published.holding)
        return wiring_atomic_exchange(word, new?.cell).map(Published.init(cell:))
    }
}

/// Where an ``AtomicReference`` publishes: a word holding the address of the current cell, or
/// `nil`.
typealias PublishedWord = UnsafeMutablePointer<UnsafeMutableRawPointer?>

/// A reference published by an ``AtomicReference``: a cell of raw memory holding the object,
/// strongly, until ``free()``.
///
/// Invariant: a cell is written once, before its address is published (release ordering), and
/// freed only once no reader can still have its address (its owner's deinit, or after
/// ``ReadSection/synchronize()``). Reading ``object``'s fields through it, inside that window,
/// costs loads only: the compiler reads them from the cell without retaining the object.
struct Published<Object: AnyObject> {
    fileprivate let cell: UnsafeMutableRawPointer

    fileprivate init(cell: UnsafeMutableRawPointer) {
        self.cell = cell
    }

    /// A new cell holding `object` (retained).
    fileprivate static func holding(_ object: Object) -> Published {
        let cell = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Object>.size, alignment: MemoryLayout<Object>.alignment)
        cell.initializeMemory(as: Object.self, repeating: object, count: 1)
        return Published(cell: cell)
    }

    /// The object. Reading a field through it (`published.object.field`) reads the cell in place;
    /// keeping the object beyond the reader's section retains it.
    @inline(__always)
    var object: Object { cell.load(as: Object.self) }

    /// Whether this cell holds `other`.
    func holds(_ other: Object) -> Bool { object === other }

    /// Releases the object and frees the cell; only once no reader can reach it.
    func free() {
        cell.withMemoryRebound(to: Object.self, capacity: 1) { _ = $0.deinitialize(count: 1) }
        cell.deallocate()
    }
}
