/// What the kept build running on this thread has resolved so far (see ``Dependencies``), on the
/// thread's ``ThreadResolution``. Only a build that keeps its instance installs one; a factory's
/// resolves are noted in the kept build it is part of.
struct DependencyCollector {
    var direct = Dependencies.Sequences()
    var late: LateDependencies?
    /// The definition being built, for the lazy dependencies' owner.
    let definition: DefinitionInfo

    /// Runs `body` with a collector for `definition` installed on this thread, and hands back
    /// what it noted.
    @inline(__always)
    static func collecting(
        for definition: DefinitionInfo, _ body: () throws(WiringError) -> Void
    ) throws(WiringError) -> Dependencies {
        let thread = ThreadResolution.mine
        thread.collectors.append(DependencyCollector(definition: definition))
        do {
            try body()
        } catch {
            thread.collectors.removeLast()
            throw error
        }
        let collector = thread.collectors.removeLast()
        return Dependencies(direct: collector.direct, late: collector.late)
    }

    /// Notes, in the kept build running on this thread (if any), that it resolved the kept
    /// instance created as `sequence`.
    static func note(_ sequence: UInt64) {
        // 0: built in a verification sandbox, which numbers nothing.
        guard sequence != 0, ThreadResolution.isCollecting, let thread = ThreadResolution.current else { return }
        let innermost = thread.collectors.count - 1
        thread.collectors[innermost].direct.append(sequence)
    }

    /// The lazy dependencies of the kept build running on this thread, made on first use: a
    /// `@LazyInject` made there reports what it resolves later.
    static func lateDependencies() -> LateDependencies? {
        guard ThreadResolution.isCollecting, let thread = ThreadResolution.current, let innermost = thread.collectors.indices.last else { return nil }
        if let late = thread.collectors[innermost].late { return late }
        let late = LateDependencies(owner: thread.collectors[innermost].definition)
        thread.collectors[innermost].late = late
        return late
    }
}
