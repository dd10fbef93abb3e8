/// The `createdAtStart()` singletons of one container, built once, in declaration order, before
/// the container's first resolve (or when it becomes the root).
final class EagerStart: @unchecked Sendable {
    // `finished` publishes with atomics; `building` is a `BuildGate` cell; `entries` is immutable.
    private let entries: [Entry]
    private let finished = OnceValue<Bool>()
    private let building = InstanceState()

    /// The eager start of a container with `entries` (its `createdAtStart()` entries), or `nil`
    /// if there are none: checked before anything is allocated, since most containers have none.
    static func of(_ entries: [Entry]) -> EagerStart? {
        entries.isEmpty ? nil : EagerStart(entries: entries)
    }

    private init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether the eager singletons are built.
    var isFinished: Bool { finished.isBuilt }

    /// Builds the eager singletons unless this already happened, or is happening further up this
    /// thread's stack (an eager singleton's own resolves). Another thread starting them at the
    /// same moment waits for this one. If one fails, the start is not finished: the error goes
    /// to the caller, and the next resolve from the container tries again (those built stay).
    func start(in container: DependencyContainer) throws(WiringError) {
        if finished.value != nil { return }
        let cell = building
        let me = BuildGate.me
        let skip = try stateLock.withLock { () throws(WiringError) -> Bool in
            // This thread is starting them already, further up its stack.
            if cell.builder == me { return true }
            return try BuildGate.claim(
                cell, existing: { finished.value != nil ? true : nil },
                cycle: { .cycle(path: ResolutionFrame.currentPath.map(\.step), requestedAt: nil) }) ?? false
        }
        if skip { return }
        defer { stateLock.withLock { BuildGate.finish(cell) } }
        for entry in entries {
            do {
                try entry.build(in: container)
            } catch .moduleUnloaded {
                // Its module was unloaded before it started: it is simply not started.
            }
        }
        _ = try finished.initialize { true }
    }
}
