internal import _WiringShims

/// What the kept build running on this thread has resolved so far (see ``Dependencies``): a
/// value on that build's stack, found through a thread-local pointer. Only a build that keeps
/// its instance installs one; a factory's resolves are noted in the kept build it is part of.
///
/// Not a field of ``ResolutionFrame``: every level of a deep graph of factories carries a frame,
/// and a word more there costs each level 32 bytes of stack. A slot of the thread's reader
/// record, beside its innermost frame.
struct DependencyCollector {
    /// `nil` until the first note: most builds resolve nothing kept, and an empty array would
    /// still be retained and released.
    var direct: [UInt64]?
    var late: LateDependencies?
    /// The definition being built, for the lazy dependencies' owner (the caller of
    /// ``collecting(for:_:)`` keeps it alive meanwhile).
    let definition: Unmanaged<DefinitionInfo>

    /// The thread's collector: slot 2 of its reader record. Invariant: it points to a collector
    /// on the stack of a call of ``collecting(for:_:)`` on this thread that has not returned, or
    /// is `nil`.
    @inline(__always)
    private static var current: UnsafeMutablePointer<DependencyCollector>? {
        wiring_slot(2)?.assumingMemoryBound(to: DependencyCollector.self)
    }

    /// Runs `body` with a collector for `definition` (which the caller keeps alive) installed on this thread, and
    /// hands back what it noted.
    @inline(__always)
    static func collecting(
        for definition: Unmanaged<DefinitionInfo>, _ body: () throws(WiringError) -> Void
    ) throws(WiringError) -> Dependencies {
        var collector = DependencyCollector(definition: definition)
        return try withUnsafeMutablePointer(to: &collector) { (pointer) throws(WiringError) -> Dependencies in
            let previous = wiring_slot(2)
            wiring_set_slot(2, pointer)
            defer { wiring_set_slot(2, previous) }
            try body()
            return Dependencies(direct: pointer.pointee.direct, late: pointer.pointee.late)
        }
    }

    /// Notes, in the kept build running on this thread (if any), that it resolved the kept
    /// instance created as `sequence`.
    static func note(_ sequence: UInt64) {
        // 0: built in a verification sandbox, which numbers nothing.
        guard sequence != 0, let collector = current else { return }
        if collector.pointee.direct == nil { collector.pointee.direct = [sequence] } else { collector.pointee.direct!.append(sequence) }
    }

    /// The lazy dependencies of the kept build running on this thread, made on first use: a
    /// `@LazyInject` made there reports what it resolves later.
    static func lateDependencies() -> LateDependencies? {
        guard let collector = current else { return nil }
        if let late = collector.pointee.late { return late }
        let late = LateDependencies(owner: collector.pointee.definition.takeUnretainedValue())
        collector.pointee.late = late
        return late
    }
}
