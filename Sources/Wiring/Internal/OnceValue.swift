internal import _WiringShims

/// A value built at most once, then read without a lock.
///
/// The value is built under the re-entrant `creationLock`, moved into storage of its own and
/// published with release ordering; reads are one acquire load. Singletons and `@LazyInject`
/// use this. The published address never changes, so the resolve fast path can read the value
/// straight from it (see `existingInstance`).
struct OnceValue<Value>: ~Copyable {
    /// Holds `nil`, or the address of the built value, written once.
    let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>

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
    /// `build` runs under `creationLock`, so threads asking at the same moment wait for the one
    /// that builds and then all see its value. A verification sandbox, which only ever builds on
    /// one thread at a time, passes `locked: false` (see `Verification`).
    @inline(never)
    func initialize(locked: Bool = true, _ build: () throws(WiringError) -> Value) throws(WiringError) -> Value {
        guard locked else { return try publish(build) }
        return try creationLock.withLock { () throws(WiringError) -> Value in try publish(build) }
    }

    private func publish(_ build: () throws(WiringError) -> Value) throws(WiringError) -> Value {
        if let value { return value }
        let value = try build()
        let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        storage.initialize(to: value)
        wiring_atomic_store_release(word, UnsafeMutableRawPointer(storage))
        return value
    }
}

/// Reads the address an `OnceValue` published, or `nil` before it is built.
@inline(__always)
func publishedAddress(_ word: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UnsafeRawPointer? {
    wiring_atomic_load_acquire(word).map { UnsafeRawPointer($0) }
}
