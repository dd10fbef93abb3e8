internal import _WiringShims

/// The type of ``stateLock``: a lock that is a C global (`wiring_state_word`), with one
/// condition of its own (a build another thread claimed has ended). On Linux it is a futex lock
/// whose uncontended paths are inlined: taking and giving it back cost one atomic instruction
/// each, with no call; elsewhere a pthread mutex, initialized statically. A scope's request
/// takes it a dozen times. The invariants it keeps are written beside it, in `WiringShims.h`.
struct StateLock: Sendable {
    @inline(__always)
    @discardableResult
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        wiring_state_lock()
        defer { wiring_state_unlock() }
        return try body()
    }

    /// Waits for a ``broadcast()``, releasing the lock meanwhile; call only inside ``withLock(_:)``,
    /// and re-check what is waited for after waking (a wake may be spurious).
    func wait() {
        wiring_state_wait()
    }

    /// Wakes every thread in ``wait()``; call only inside ``withLock(_:)``.
    func broadcast() {
        wiring_state_broadcast()
    }
}
