/// A value built at most once, then read without a lock.
///
/// The value is built under the re-entrant `creationLock` and published with release ordering;
/// reads are one acquire load. Singletons and `@LazyInject` use this.
struct OnceValue<Value>: ~Copyable {
    private let reference = AtomicReference<ValueBox<Value>>()

    /// The value, if it was built already.
    @inline(__always)
    var value: Value? {
        reference.load()?._withUnsafeGuaranteedRef { $0.value }
    }

    /// The value, building it with `build` if no thread has built it yet.
    ///
    /// `build` runs under `creationLock`, so threads asking at the same moment wait for the one
    /// that builds and then all see its value.
    @inline(never)
    func initialize(_ build: () throws(WiringError) -> Value) throws(WiringError) -> Value {
        try creationLock.withLock { () throws(WiringError) -> Value in
            if let value { return value }
            let value = try build()
            _ = reference.exchange(ValueBox(value))
            return value
        }
    }
}
