internal import _WiringShims

/// An instance that Wiring lets go of (a scope closes, a module is unloaded), with the
/// `.onClose { }` callback of its definition: released outside every lock, newest first.
struct Released {
    /// The instance, or how to reach it before its storage is freed.
    let value: Any
    /// When it was built (or, for a scope's own callback, registered): callbacks run newest first.
    let sequence: UInt64
    let onClose: (@Sendable (Any) -> Void)?

    /// Runs the callbacks of `released`, newest first, then drops the instances. Sorts only
    /// when there are two callbacks or more (a request scope usually has none, or one).
    static func finish(_ released: consuming [Released]) {
        var callbacks = 0
        for index in released.indices where released[index].onClose != nil { callbacks += 1 }
        guard callbacks > 1 else {
            for index in released.indices { released[index].onClose?(released[index].value) }
            return
        }
        var released = released
        released.sort { $0.sequence > $1.sequence }  // in place: the array is this call's own
        for index in released.indices {
            released[index].onClose?(released[index].value)
        }
    }
}

/// Instances a scope lets go of as it closes, gathered in memory of the caller's (see
/// `ScopeState.close`), spilling into an array past its capacity.
struct ReleasedList: ~Copyable {
    private let buffer: UnsafeMutableBufferPointer<Released>
    /// How many of `buffer`'s first elements are initialized.
    private var count = 0
    private var spilled: [Released] = []

    /// Gathers into `buffer`, uninitialized memory the caller frees after ``finish()``.
    init(_ buffer: UnsafeMutableBufferPointer<Released>) {
        self.buffer = buffer
    }

    mutating func append(_ released: consuming Released) {
        guard count < buffer.count else { return spilled.append(released) }
        (buffer.baseAddress.unsafelyUnwrapped + count).initialize(to: released)
        count += 1
    }

    /// Runs the callbacks, newest first, then drops the instances (see ``Released/finish(_:)``),
    /// leaving `buffer` uninitialized.
    consuming func finish() {
        var gathered = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        defer { gathered.deinitialize() }
        guard spilled.isEmpty else {
            Released.finish(Array(gathered) + spilled)
            return
        }
        var callbacks = 0
        for index in gathered.indices where gathered[index].onClose != nil { callbacks += 1 }
        if callbacks > 1 { gathered.sort { $0.sequence > $1.sequence } }
        for index in gathered.indices { gathered[index].onClose?(gathered[index].value) }
    }
}

/// The next creation number: instances built later get larger ones. Call under ``stateLock``,
/// which guards the counter.
@inline(__always)
func nextCreationSequence() -> UInt64 {
    stateLock.nextSequenceLocked()
}

/// ``nextCreationSequence()`` for a build that holds no lock (a verification sandbox's).
func nextCreationSequenceTakingLock() -> UInt64 {
    stateLock.withLock { nextCreationSequence() }
}
