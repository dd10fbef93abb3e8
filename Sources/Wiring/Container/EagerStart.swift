/// The `createdAtStart()` singletons of one container, built once, in declaration order, before
/// the container's first resolve (or when it becomes the root).
final class EagerStart: @unchecked Sendable {
    // `started` is only touched under `creationLock`; `finished` publishes with atomics;
    // `entries` is immutable.
    private let entries: [Entry]
    private let finished = OnceValue<Bool>()
    private var started = false

    /// - Parameter entries: The container's `createdAtStart()` entries; `nil` if there are none.
    init?(entries: [Entry]) {
        guard !entries.isEmpty else { return nil }
        self.entries = entries
    }

    /// Whether the eager singletons are built.
    var isFinished: Bool { finished.value != nil }

    /// Builds the eager singletons unless this already happened (or is happening further up
    /// this thread's stack).
    func start(in container: DependencyContainer) throws(WiringError) {
        if finished.value != nil { return }
        try creationLock.withLock { () throws(WiringError) in
            guard !started else { return }
            started = true
            for entry in entries {
                try entry.build(in: container)
            }
            _ = try finished.initialize { true }
        }
    }
}
