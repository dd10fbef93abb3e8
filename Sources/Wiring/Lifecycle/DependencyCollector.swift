#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the kept build running on this thread has resolved so far (see ``Dependencies``): a
/// value on that build's stack, found through a thread-local pointer. Only a build that keeps
/// its instance installs one; a factory's resolves are noted in the kept build it is part of.
///
/// Not a field of ``ResolutionFrame``: every level of a deep graph of factories carries a frame,
/// and a word more there costs each level 32 bytes of stack.
struct DependencyCollector {
    var direct: [UInt64] = []
    var late: LateDependencies?
    /// The definition being built, for the lazy dependencies' owner.
    let record: UnsafeMutablePointer<DefinitionRecord>

    /// The thread-local slot. Invariant: it points to a collector on the stack of a call of
    /// ``collecting(for:_:)`` on this thread that has not returned, or is `nil`. `nil` when the
    /// process has no key left: then nothing is collected, and instances close newest first.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    private static var current: UnsafeMutablePointer<DependencyCollector>? {
        guard let key else { return nil }
        return pthread_getspecific(key)?.assumingMemoryBound(to: DependencyCollector.self)
    }

    /// Runs `body` with a collector for the definition at `record` installed on this thread, and
    /// hands back what it noted.
    static func collecting(
        for record: UnsafeMutablePointer<DefinitionRecord>, _ body: () throws(WiringError) -> Void
    ) throws(WiringError) -> Dependencies {
        guard let key else {
            try body()
            return Dependencies()
        }
        var collector = DependencyCollector(record: record)
        return try withUnsafeMutablePointer(to: &collector) { (pointer) throws(WiringError) -> Dependencies in
            let previous = pthread_getspecific(key)
            pthread_setspecific(key, pointer)
            defer { pthread_setspecific(key, previous) }
            try body()
            return Dependencies(direct: pointer.pointee.direct, late: pointer.pointee.late)
        }
    }

    /// Notes, in the kept build running on this thread (if any), that it resolved the kept
    /// instance created as `sequence`.
    static func note(_ sequence: UInt64) {
        // 0: built in a verification sandbox, which numbers nothing.
        guard sequence != 0, let collector = current else { return }
        collector.pointee.direct.append(sequence)
    }

    /// The lazy dependencies of the kept build running on this thread, made on first use: a
    /// `@LazyInject` made there reports what it resolves later.
    static func lateDependencies() -> LateDependencies? {
        guard let collector = current else { return nil }
        if let late = collector.pointee.late { return late }
        let late = LateDependencies(owner: DefinitionInfo(record: collector.pointee.record))
        collector.pointee.late = late
        return late
    }
}
