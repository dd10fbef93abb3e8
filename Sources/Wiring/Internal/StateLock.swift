internal import _WiringShims

/// The type of ``stateLock``: a pthread mutex that is a C global (`wiring_state_mutex`),
/// initialized statically. Taking it costs one call: no lazily initialized Swift global to
/// check first, no object to read the mutex's address from. A scope's request takes it a dozen
/// times. Used through ``withLock(_:)`` only (and ``Condition/wait(releasing:)-(StateLock)``).
struct StateLock: Sendable {
    @inline(__always)
    @discardableResult
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        wiring_state_lock()
        defer { wiring_state_unlock() }
        return try body()
    }
}
