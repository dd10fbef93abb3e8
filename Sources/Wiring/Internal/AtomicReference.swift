internal import _WiringShims

/// A strong reference that is published with release ordering and read with acquire ordering.
///
/// Wiring writes each of these rarely (once per root, once per module's registry) and reads them on every
/// resolve, so reads take no lock and do not retain. The reference lives in a cell of its own
/// (see ``ReferenceCell``) and the word holds the cell's address: a reader reads the object's fields
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
        word = RawBlock.allocate(bytes: MemoryLayout<PublishedWord.Pointee>.size)
            .initializeMemory(as: PublishedWord.Pointee.self, repeating: nil, count: 1)
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
        if ownsWord { RawBlock.release(word) } else { word.pointee = nil }
    }

    /// The published object's cell, or `nil` if none was published yet.
    @inline(__always)
    func load() -> ReferenceCell<Object>? {
        Self.load(at: word)
    }

    /// What the reference kept in `word` publishes, read without the reference: a free resolve
    /// reads the global root's this way, from static storage, without a Swift global.
    @inline(__always)
    static func load(at word: PublishedWord) -> ReferenceCell<Object>? {
        wiring_atomic_load_acquire(word).map(ReferenceCell.init(address:))
    }

    /// Publishes `object` (in a new cell) and returns the previous one's cell.
    ///
    /// The caller owns the returned cell. Readers on other threads may still be reading it, so
    /// the caller frees it (``ReferenceCell/free()``) only once none can (see ``ReadSection``).
    func exchange(_ object: Object?) -> ReferenceCell<Object>? {
        let new = object.map(ReferenceCell.init(holding:))
        return wiring_atomic_exchange(word, new?.address).map(ReferenceCell.init(address:))
    }
}

/// Where an ``AtomicReference`` publishes: a word holding the address of the current cell, or
/// `nil`.
typealias PublishedWord = UnsafeMutablePointer<UnsafeMutableRawPointer?>
