#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// A pthread mutex, optionally re-entrant, used through ``withLock(_:)`` only.
///
/// Wiring's one lock type, the same on every platform: no other file calls `lock`/`unlock`
/// directly. A ``Condition`` waits on it (``StateLock``, a verification's workers, the global
/// root's turns, background modules).
final class Lock: @unchecked Sendable {
    // The mutex lives at a stable heap address, as pthread requires; it is only touched through pthread.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : Lock.plainType))
        let status = pthread_mutex_init(mutex, &attributes)
        precondition(status == 0, "Wiring: pthread_mutex_init failed with \(status)")
        pthread_mutexattr_destroy(&attributes)
    }

    /// The type of a lock that is not re-entrant. On Linux, glibc's adaptive mutex, which spins
    /// briefly before it sleeps: the build lock is held for a few loads at a time, many times
    /// per request scope, and a plain mutex put a thread that found it taken to sleep in the
    /// kernel, where two threads serving requests spent more time than resolving.
    #if os(Linux)
    private static let plainType = PTHREAD_MUTEX_ADAPTIVE_NP
    #else
    private static let plainType = PTHREAD_MUTEX_DEFAULT
    #endif

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    @discardableResult
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
