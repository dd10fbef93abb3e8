/// The global root container: set once at start-up, then read on every free `resolve()`.
///
/// Reading is one acquire load and no retain. Because readers hold the root unretained, a root
/// that is replaced (only by the library's own test hook) is kept alive, never released.
final class RootState: @unchecked Sendable {
    // `definedAt` and `retired` are only touched under `lock`; `current` is written under
    // `lock` and read lock-free with acquire ordering.
    private let lock = Lock()
    private let current = AtomicReference<DependencyContainer>()
    private var definedAt: CodeLocation?
    private var retired: [Unmanaged<DependencyContainer>] = []

    /// The root, unretained: the current task's scoped root (see `ScopedRoot`), else the
    /// global one, or `nil` before `defined(by:)`.
    @inline(__always)
    var container: Unmanaged<DependencyContainer>? {
        if let scoped = ScopedRoot.current { return .passUnretained(scoped) }
        return current.load()
    }

    /// Installs `container` as the root, once.
    func define(_ container: DependencyContainer, at site: CodeLocation) throws(WiringError) {
        try lock.withLock { () throws(WiringError) in
            if current.load() != nil {
                throw WiringError.rootAlreadyDefined(first: definedAt, second: site)
            }
            definedAt = site
            if let previous = current.exchange(container) { retired.append(previous) }
        }
    }

    /// Removes the root so that it can be defined again (the library's own tests only).
    func reset() {
        lock.withLock {
            definedAt = nil
            if let previous = current.exchange(nil) { retired.append(previous) }
        }
    }
}

/// The one global root.
let root = RootState()

/// Serializes the tests that define the global root, across test targets.
let exclusiveRootLock = Lock()
