#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// A pthread condition variable, waited on while holding a ``Lock``.
final class Condition: @unchecked Sendable {
    // The condition lives at a stable heap address, as pthread requires; it is only touched through pthread.
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "Wiring: pthread_cond_init failed with \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Waits for a ``broadcast()``; call only inside `lock.withLock`, and re-check after waking.
    func wait(releasing lock: Lock) {
        pthread_cond_wait(condition, lock.mutex)
    }

    /// Wakes every thread waiting on this condition.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
