internal import _WiringShims

/// What the resolve fast path may know about a scope without taking `stateLock`: whether it is
/// closed, whether it links to other scopes, and which types it may have declared values of.
///
/// One word, at the head of the scope's slot memory (see `ScopeState`).
///
/// Invariants:
/// - It is written only under `stateLock` (`declare`, `link`, `close`), with release ordering,
///   and read without the lock, with acquire ordering.
/// - Bits are only ever added. A declared type's bit stays when the value is replaced, and the
///   link bit stays after `unlink`. So a clear bit is a proof: as of the last write this
///   thread can see, the scope is open, has never linked, or has never declared a value of a
///   type with that bit. A set bit proves nothing, and the fast path leaves those resolves to
///   the slow path, which looks under the lock.
/// - A resolve racing a `declare`, `link` or `close` on another thread may read the word from
///   before the change. That resolve is then ordered before the change, which it may be anyway.
///   A thread always sees its own earlier writes.
struct ScopeSummary {
    private let word: UnsafeMutablePointer<UInt>

    /// The scope is closed.
    static let closed: UInt = 1 << 63
    /// The scope links, or once linked, to other scopes.
    static let linked: UInt = 1 << 62

    init(_ word: UnsafeMutablePointer<UInt>) {
        self.word = word
    }

    /// The bit of declared values of `type`: one of 62, by a multiplicative hash of its identity.
    @inline(__always)
    static func declared(_ type: ObjectIdentifier) -> UInt {
        1 << (((UInt(bitPattern: type) &* 0x9E37_79B9_7F4A_7C15) >> 58) % 62)
    }

    /// The word as it is now (acquire), for the fast path.
    @inline(__always)
    var current: UInt {
        wiring_word_load_acquire(word)
    }

    /// Adds `bits`; call under `stateLock`.
    func insert(_ bits: UInt) {
        wiring_word_store_release(word, word.pointee | bits)
    }
}
