internal import _WiringShims

/// A lock that is one 32-bit word (see the word locks in `WiringShims.h`): on Linux a futex
/// lock whose uncontended paths are inlined, one atomic instruction to take it and one to give
/// it back; on Apple platforms an `os_unfair_lock`. For Wiring's short leaf locks on hot paths
/// (the scope directory, taken twice per request scope), where a pthread mutex costs two calls.
/// Not re-entrant, and no condition waits on it: use ``Lock`` for those.
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
