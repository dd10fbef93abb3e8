internal import _WiringShims

/// A value built at most once, then read without a lock.
///
/// The value is built by one thread while others asking wait for it (see ``BuildGate``; the
/// build runs without any lock), moved into storage of its own and published with release
/// ordering; reads are one acquire load. `@LazyInject` uses this. The published address never
/// changes.
struct OnceValue<Value>: ~Copyable {
    /// Holds `nil`, or the address of the built value, written once.
    let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The thread building the value now, if any.
    private let building = OwnedBuildCell()

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: nil)
    }

    deinit {
        if let raw = word.pointee {
            let storage = raw.assumingMemoryBound(to: Value.self)
            storage.deinitialize(count: 1)
            storage.deallocate()
        }
        word.deallocate()
    }

    /// The value, if it was built already.
    @inline(__always)
    var value: Value? {
        wiring_atomic_load_acquire(word).map { $0.assumingMemoryBound(to: Value.self).pointee }
    }

    /// The value, building it with `build` if no thread has built it yet.
    ///
    /// Threads asking at the same moment wait for the one that builds and then all see its
    /// value; if that build fails, the next one tries again. A verification sandbox, which only
    /// ever builds on one thread at a time, passes `locked: false` (see `Verification`).
    @inline(never)
    func initialize(locked: Bool = true, _ build: () throws(WiringError) -> Value) throws(WiringError) -> Value {
        try BuildGate.build(
            building.cell, unlocked: !locked, existing: { value },
            cycle: { .cycle(path: ResolutionFrame.currentPath.map(\.step), requestedAt: nil) }, build: build,
            keep: { built in
                let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
                storage.initialize(to: built)
                wiring_atomic_store_release(word, UnsafeMutableRawPointer(storage))
                return nil
            })
    }
}

/// Reads the address an `OnceValue` published, or `nil` before it is built.
@inline(__always)
func publishedAddress(_ word: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UnsafeRawPointer? {
    wiring_atomic_load_acquire(word).map { UnsafeRawPointer($0) }
}
