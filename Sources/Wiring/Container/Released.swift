/// An instance that Wiring lets go of (a scope closes, a module is unloaded), with the
/// `.onClose { }` callback of its definition: released outside every lock, newest first.
struct Released {
    /// The instance, or how to reach it before its storage is freed.
    let value: Any
    /// When it was built (or, for a scope's own callback, registered): callbacks run newest first.
    let sequence: UInt64
    let onClose: (@Sendable (Any) -> Void)?

    /// Runs the callbacks of `released`, newest first, then drops the instances.
    static func finish(_ released: [Released]) {
        for item in released.sorted(by: { $0.sequence > $1.sequence }) {
            item.onClose?(item.value)
        }
    }
}

/// Numbers instances in the order they are built, for `Released`; only touched under
/// `creationLock`, under which every held instance is built.
nonisolated(unsafe) private var lastSequence: UInt64 = 0

/// The next creation number; call under `creationLock`.
func nextCreationSequence() -> UInt64 {
    lastSequence += 1
    return lastSequence
}
