internal import _WiringShims

/// A strong reference that is published with release ordering and read with acquire ordering.
///
/// Wiring writes each of these rarely (once per singleton, once per root) and reads them on every
/// resolve, so reads take no lock and do not retain: ``load()`` hands out an unretained reference
/// that stays valid while this reference (or the caller) keeps the object alive.
struct AtomicReference<Object: AnyObject>: ~Copyable {
    private let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// Whether `word` was allocated here (else it is static storage, which lives forever).
    private let ownsWord: Bool

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: nil)
        ownsWord = true
    }

    /// A reference kept in `word`, static storage that holds `nil` and that nothing else writes:
    /// what the global root publishes its container in (`wiring_global_root`).
    init(at word: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        self.word = word
        ownsWord = false
    }

    deinit {
        if let raw = word.pointee { Unmanaged<Object>.fromOpaque(raw).release() }
        if ownsWord { word.deallocate() } else { word.pointee = nil }
    }

    /// The published object, unretained, or `nil` if none was published yet.
    @inline(__always)
    func load() -> Unmanaged<Object>? {
        wiring_atomic_load_acquire(word).map { Unmanaged<Object>.fromOpaque($0) }
    }

    /// Publishes `object` (retaining it) and returns the previous object, still retained.
    ///
    /// The caller owns the returned reference. Readers on other threads may still be using the
    /// previous object unretained, so the caller must keep it alive rather than release it.
    func exchange(_ object: Object?) -> Unmanaged<Object>? {
        let new = object.map { Unmanaged.passRetained($0).toOpaque() }
        return wiring_atomic_exchange(word, new).map { Unmanaged<Object>.fromOpaque($0) }
    }
}
