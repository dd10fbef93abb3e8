/// A value built at most once, then read without a lock.
///
/// The value is built by one thread while others asking wait for it (see ``BuildGate``; the
/// build runs without any lock), boxed and published with release ordering; reads are one
/// acquire load. `@LazyInject` uses this. Once published, the box is never replaced, so a
/// reader needs no read section: the owner keeps it alive.
struct OnceValue<Value>: ~Copyable {
    private let published = AtomicReference<TypedInstance<Value>>()
    /// The thread building the value now, if any.
    private let building = InstanceState()

    /// The value, if it is built.
    @inline(__always)
    var value: Value? {
        published.load()?.object.value
    }

    /// Whether the value is built: checked on every resolve of a container with eager singletons,
    /// without retaining the box.
    @inline(__always)
    var isBuilt: Bool {
        published.load() != nil
    }

    /// The value, built by `build` if no thread has built it yet. `locked: false` is for a
    /// verification sandbox, which builds on one thread at a time without the lock.
    @inline(never)
    func initialize(locked: Bool = true, _ build: () throws(WiringError) -> Value) throws(WiringError) -> Value {
        try BuildGate.build(
            building, unlocked: !locked, existing: { value },
            cycle: { .cycle(path: ResolutionFrame.currentPath.map(\.step), requestedAt: nil) }, build: build,
            keep: { built in
                _ = published.exchange(TypedInstance(built))  // built once: nothing was published
                return nil
            })
    }
}
