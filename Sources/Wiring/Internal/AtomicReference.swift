internal import _WiringShims

/// A strong reference that is published with release ordering and read with acquire ordering.
///
/// Wiring writes each of these rarely (once per singleton, once per root) and reads them on every
/// resolve, so reads take no lock and do not retain: ``load()`` hands out an unretained reference
/// that stays valid while this reference (or the caller) keeps the object alive.
struct AtomicReference<Object: AnyObject>: ~Copyable {
    private let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: nil)
    }

    deinit {
        if let raw = word.pointee {
            Unmanaged<Object>.fromOpaque(raw).release()
        }
        word.deallocate()
    }

    /// The published object, unretained, or `nil` if none was published yet.
    @inline(__always)
    func load() -> Unmanaged<Object>? {
        guard let raw = wiring_atomic_load_acquire(word) else { return nil }
        return Unmanaged<Object>.fromOpaque(raw)
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
