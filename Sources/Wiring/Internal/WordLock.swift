internal import _WiringShims

/// A lock that is one 32-bit word (see the word locks in `WiringShims.h`): on Linux a futex
/// lock whose uncontended paths are inlined, one atomic instruction to take it and one to give
/// it back; it spins briefly before it sleeps. On Apple platforms an `os_unfair_lock`. Wiring's
/// lock wherever no condition waits (the scope directory, taken twice per request scope; a
/// scope definition's, a module's, an async definition's, a root's), where a pthread mutex
/// costs two calls. Not re-entrant, and no condition waits on it: use ``Lock`` for that.
final class WordLock: @unchecked Sendable {
    // The word lives at a stable heap address, as the lock requires; only the C lock functions touch it.
    private let word: UnsafeMutablePointer<Int32>

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }

    deinit {
        word.deallocate()
    }

    @inline(__always)
    @discardableResult
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        wiring_word_lock(word)
        defer { wiring_word_unlock(word) }
        return try body()
    }
}
