/// What a ``DependencyContainer`` is. `DependencyContainer` is the public face (what modules are
/// declared as, what resolves read, DIKit's container); each container has exactly one of these
/// roles, fixed when it is made, and the state of each role is a type of its own. The resolve
/// path asks which role once, rather than testing a field per role.
///
/// ```swift
/// static let backend = module { … }                // .module
/// DependencyContainer.defined(by: .backend)        // installs a .rootVersion
/// let session = try root.openScope(Session.self)   // a .scope
/// root.verify()                                    // resolves from .sandbox copies
/// ```
enum ContainerRole: Sendable {
    /// A module (`module { }`, `modules { }`, a bootstrap closure's result): definitions whose
    /// registry is built when something first resolves from them.
    case module(LazyRegistry)
    /// A version of a root, built at once by `defined(by:)`, `load` or `unload`: of the global
    /// root (`nil`), or of a task's own root (what that root's versions share).
    case rootVersion(TaskRootLink?)
    /// A scope instance opened with `openScope(_:)`; its state holds what it built and declared.
    case scope(ScopeState)
    /// A verification's copy of a container (no scope) or of a scope instance, which builds
    /// instances of its own and records every resolve.
    case sandbox(Verification, scope: ScopeState?)
    /// The container handed to a DIKit-style bootstrap closure, collecting its `register` calls.
    case collecting(DefinitionCollector)
}

extension DependencyContainer {
    /// The state of the scope this container is an instance of (or a sandbox of); `nil` for
    /// any other container.
    var scope: ScopeState? {
        switch role {
        case .scope(let scope): scope
        case .sandbox(_, let scope): scope
        case .module, .rootVersion, .collecting: nil
        }
    }

    /// The verification this container is a sandbox of, which records every resolve.
    var verification: Verification? {
        guard case .sandbox(let verification, _) = role else { return nil }
        return verification
    }

    /// Whether this is a version of a root (see ``ContainerRole/rootVersion(_:)``).
    var isRoot: Bool {
        guard case .rootVersion = role else { return false }
        return true
    }

    /// The root this container is a version of: the global one, or a task's own while that
    /// task's root lives; `nil` for any other container.
    var rootState: RootState? {
        guard case .rootVersion(let link) = role else { return nil }
        guard let link else { return root }
        return link.state
    }

    /// The root this container is a version of, or whose first version it is (the container
    /// the current task's `withRoot` installed); `nil` for any other container.
    var owningRootState: RootState? {
        if let rootState { return rootState }
        guard let state = ScopedRoot.state, state.isFirstVersion(self) else { return nil }
        return state
    }

    /// Where the scope directory files the scopes opened from this container with an id: under
    /// the root it is a version of (`nil` for the global root, the first version's identity for
    /// a task's), so that they outlive `load` and `unload`; else under this container.
    var directoryOwner: ObjectIdentifier? {
        guard case .rootVersion(let link) = role else { return ObjectIdentifier(self) }
        return link?.owner
    }
}
