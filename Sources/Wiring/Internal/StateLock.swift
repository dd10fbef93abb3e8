/// The lock that guards every piece of build state (see ``stateLock``), with the condition its
/// waiters sleep on and the creation counter it guards.
final class StateLock: @unchecked Sendable {
    // `sequence` is only touched under `lock`; `lock` and `condition` are thread-safe themselves.
    private let lock = Lock()
    private let condition = Condition()
    private var sequence: UInt64 = 0

    @inline(__always)
    @discardableResult
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock(body)
    }

    /// Waits for a ``broadcast()``, releasing the lock meanwhile; call with it held, and
    /// re-check what is waited for after it returns (it may return without a broadcast).
    func wait() {
        condition.wait(releasing: lock)
    }

    /// Wakes every thread in ``wait()``; call with the lock held.
    func broadcast() {
        condition.broadcast()
    }

    /// The next creation number (instances built later get larger ones); call with the lock held.
    @inline(__always)
    func nextSequenceLocked() -> UInt64 {
        sequence += 1
        return sequence
    }
}
