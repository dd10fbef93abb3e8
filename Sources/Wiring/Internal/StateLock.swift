#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// The lock that guards every piece of build state (see ``stateLock``), with the condition its
/// waiters sleep on and the creation counter it guards: a ``Lock`` and a ``Condition`` in one
/// object, since every build takes it several times.
final class StateLock: @unchecked Sendable {
    // `sequence` is only touched under `mutex`; `mutex` and `condition` live at stable heap
    // addresses, as pthread requires, and are only touched through pthread.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var sequence: UInt64 = 0

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        precondition(
            pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0,
            "Wiring: the state lock could not be made")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    @inline(__always)
    @discardableResult
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a ``broadcast()``, releasing the lock meanwhile; call with it held, and
    /// re-check what is waited for after it returns (it may return without a broadcast).
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread in ``wait()``; call with the lock held.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// The next creation number (instances built later get larger ones); call with the lock held.
    @inline(__always)
    func nextSequenceLocked() -> UInt64 {
        sequence += 1
        return sequence
    }
}
