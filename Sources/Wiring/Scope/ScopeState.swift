/// What makes a container a scope: its scope type, the container it was opened from, whether it
/// is closed, and the scopes opened from it (closed with it).
final class ScopeState: @unchecked Sendable {
    // `closed` and `children` are only touched under `creationLock`, which also guards every
    // scoped instance, so closing and building never interleave. The rest is immutable.
    let id: ScopeID
    let parent: DependencyContainer
    let openedAt: CodeLocation
    private var closed = false
    private var children: [WeakContainer] = []

    init(id: ScopeID, parent: DependencyContainer, openedAt: CodeLocation) {
        self.id = id
        self.parent = parent
        self.openedAt = openedAt
    }

    /// Whether the scope is closed; call under `creationLock`.
    var isClosedLocked: Bool { closed }

    var isClosed: Bool { creationLock.withLock { closed } }

    /// Throws ``WiringError/scopeClosed(scope:type:requestedAt:)`` once the scope is closed.
    func checkOpen(for type: Any.Type) throws(WiringError) {
        if isClosed { throw .scopeClosed(scope: id.name, type: typeName(type), requestedAt: nil) }
    }

    func adopt(_ child: DependencyContainer) {
        creationLock.withLock {
            children.removeAll { $0.container == nil }
            children.append(WeakContainer(container: child))
        }
    }

    /// Marks the scope closed and hands back what it held, to be released outside the lock.
    func close(entries: [any AnyEntry]) -> (released: [Any], children: [DependencyContainer]) {
        creationLock.withLock {
            guard !closed else { return ([], []) }
            closed = true
            let released = entries.compactMap { $0.takeHeldInstance() }
            let open = children.compactMap(\.container)
            children = []
            return (released, open)
        }
    }

    private struct WeakContainer {
        weak var container: DependencyContainer?
    }
}
