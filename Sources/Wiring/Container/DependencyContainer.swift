/// A set of definitions and the instances built from them.
///
/// Declare containers as modules with ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)``, compose them with
/// ``modules(file:line:_:)`` and install the result as the global root with
/// ``defined(by:file:line:)-(DependencyContainer,_,_)``:
///
/// ```swift
/// extension DependencyContainer {
///     static let backend = module {
///         single { Backend() as BackendProtocol }
///     }
///     static let app = module {
///         single { AppState() as AppStateProtocol }
///         factory { StopWatch() as StopWatchProtocol }
///     }
/// }
///
/// DependencyContainer.defined(by: modules { .backend; .app })
/// ```
///
/// A container's definitions are fixed once it is built. Singletons are built on first use, once
/// per container, and any thread may resolve from a container at any time.
public final class DependencyContainer: Sendable {
    /// Every definition in declaration order, included modules' in place, each module's once (a
    /// definition placed in two modules is listed twice; its registry claims it once).
    let definitions: [Definition]
    /// Its own definitions and the modules it includes, as declared.
    let parts: [Part]
    /// The registry of a container built at once (a root, a scope, a sandbox). A module's is
    /// built on first use, in `lazy`; until then this is an empty one. Read ``registry``, which
    /// knows which.
    let ownRegistry: Registry
    /// Set only on a module (`module { }`, `modules { }`, a bootstrap closure): its registry,
    /// built when something first needs it.
    let lazy: LazyRegistry?
    let site: CodeLocation?
    /// Set only on the container handed to a DIKit-style bootstrap closure.
    private let collector: DefinitionCollector?
    /// Set only on the sandbox of a verification, which records every resolve.
    let verification: Verification?
    /// The `createdAtStart()` singletons of a container built at once, if any.
    private let ownEager: EagerStart?
    /// Set only on a scope opened with `openScope(_:)`.
    let scope: ScopeState?
    /// Whether this is a version of a root: of the global root, built by `defined(by:)`, `load`
    /// or `unload`, or (with `task`) of a task's own root, built by `load` or `unload` in it.
    let isRoot: Bool
    /// For a version of a task's root: what its versions share.
    let task: TaskRootLink?

    /// The root this container is a version of: the global one, or a task's own while that
    /// task's root lives; `nil` for any other container.
    var rootState: RootState? {
        guard isRoot else { return nil }
        guard let task else { return root }
        return task.state
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
        isRoot ? task?.owner : ObjectIdentifier(self)
    }

    /// A module of `definitions` (`module { }`, a bootstrap closure): its registry is built on
    /// first use.
    convenience init(definitions: [Definition], site: CodeLocation?) {
        self.init(moduleOf: Part.parts(of: definitions), site: site)
    }

    /// A module made of `parts` (`modules { }`, `derive(from:)`, `includes(_:)`): its registry is
    /// built on first use.
    convenience init(moduleOf parts: [Part], site: CodeLocation?) {
        self.init(definitions: parts.flattened(), parts: parts, registry: .empty, lazy: LazyRegistry(), site: site)
    }

    /// The one initializer every other calls: a container of `definitions` (its `parts`
    /// flattened) over `registry`, or, with `lazy`, over the registry built on first use.
    private init(
        definitions: [Definition], parts: [Part], registry: Registry, lazy: LazyRegistry? = nil, site: CodeLocation?,
        collector: DefinitionCollector? = nil, verification: Verification? = nil, eager: EagerStart? = nil,
        scope: ScopeState? = nil, isRoot: Bool = false, task: TaskRootLink? = nil
    ) {
        self.definitions = definitions
        self.parts = parts
        ownRegistry = registry
        self.lazy = lazy
        self.site = site
        self.collector = collector
        self.verification = verification
        ownEager = eager
        self.scope = scope
        self.isRoot = isRoot
        self.task = task
    }

    /// The registry resolves read: built at init, or on first use for a module. (A plain getter:
    /// a `_read` accessor that is not inlined allocates its coroutine frame, on every resolve.)
    var registry: Registry {
        @inline(__always) get {
            if let lazy { return lazy.built(for: self).registry }
            return ownRegistry
        }
    }

    /// `body`'s result for ``registry``, which it is given without a retain: this container
    /// keeps its own registry, and a module's built one (published once, never replaced), for as
    /// long as it resolves. For a path that reads the registry once per resolve, where the
    /// getter's retains of the module's holder and registry are most of its cost.
    @inline(__always)
    func withRegistry<Result>(_ body: (Registry) -> Result) -> Result {
        guard let lazy else { return body(ownRegistry) }
        return body(lazy.built(for: self).registry)
    }

    /// The `createdAtStart()` singletons, if any.
    var eager: EagerStart? {
        @inline(__always) get {
            if let lazy { return lazy.built(for: self).eager }
            return ownEager
        }
    }

    /// A container of `parts`, or the error that keeps them from making one (a duplicate).
    convenience init(
        validating definitions: [Definition],
        site: CodeLocation?,
        reusing previous: Registry? = nil,
        isRoot: Bool = false
    ) throws(WiringError) {
        try self.init(validating: [.definitions(definitions)], site: site, reusing: previous, isRoot: isRoot, task: nil)
    }

    convenience init(
        validating parts: [Part],
        site: CodeLocation?,
        scope: ScopeState? = nil,
        mode: EntryMode = .published,
        reusing previous: Registry? = nil,
        isRoot: Bool = false,
        task: TaskRootLink? = nil,
        startingOnly starting: Set<DefinitionID>? = nil
    ) throws(WiringError) {
        let definitions = parts.flattened()
        let registry = try Registry.build(definitions: definitions, scope: scope?.id, mode: mode, reusing: previous)
        // A root version made by `load` starts only what the loaded module brought, and one made
        // by `unload` nothing: the rest was started by whatever brought it.
        let eager = starting.map { ids in registry.eagerEntries.filter { ids.contains($0.info.id) } } ?? registry.eagerEntries
        self.init(
            definitions: definitions, parts: parts, registry: registry, site: site,
            eager: EagerStart.of(eager), scope: scope, isRoot: isRoot, task: task)
    }

    /// A scope opened from a scope definition: a container over the registry every scope of
    /// that definition shares, with `scope` keeping what it holds.
    convenience init(scopeOver shared: ScopeTemplate.Built, scope: ScopeState) {
        let registry = shared.registry.forScopeInstance()
        self.init(
            definitions: shared.definitions, parts: shared.parts, registry: registry, site: scope.openedAt,
            eager: registry.eagerEntries.isEmpty ? nil : EagerStart.of(registry.eagerEntries), scope: scope)
    }

    private convenience init(collector: DefinitionCollector) {
        self.init(definitions: [], parts: [], registry: .empty, site: nil, collector: collector)
    }

    /// A sandbox with `container`'s definitions and instances of its own, for `verification`.
    convenience init(sandboxFor container: DependencyContainer, verification: Verification) {
        let definitions = container.definitions
        self.init(
            definitions: definitions, parts: container.parts,
            registry: try! Registry.build(definitions: definitions, scope: container.scope?.id, mode: .sandboxed),
            site: container.site, verification: verification, scope: container.scope)
    }

    /// A sandbox instance of a scope, for `verification`.
    convenience init(sandboxScope definitions: [Definition], scope: ScopeState, verification: Verification) {
        self.init(
            definitions: definitions, parts: [.definitions(definitions)],
            registry: try! Registry.build(definitions: definitions, scope: scope.id, mode: .sandboxed), site: nil,
            verification: verification, scope: scope)
        // The values each scope gets at run time: their examples stand in for them.
        for declaration in registry.declarations {
            try? scope.declare(declaration.example(), as: declaration.info, replacing: true)
        }
    }

    deinit {
        // A scope dropped without `close()`: the lists that reach open scopes forget it.
        // `close()` has forgotten a closed scope already.
        guard let scope, !scope.isClosed else { return }
        forgetScope(scope)
        if verification == nil, let report = UnclosedScopeObserver.shared.current {
            report(UnclosedScope(scope: scope.id.name, openedAt: scope.openedAt))
        }
    }

    /// Builds the `createdAtStart()` singletons, once, before this container's first resolve.
    /// Not from inside a build on this container: that build may be of one of them (a resolve
    /// that needs no start, `resolveOptional`, began it), which would then wait for itself.
    func startEagerSingletons() throws(WiringError) {
        guard let eager, !eager.isFinished, !isBuildingOnThisThread else { return }
        try eager.start(in: self)
    }

    /// Creates a container from the definitions a closure registers (DIKit's way).
    ///
    /// ```swift
    /// let container = DependencyContainer { c in
    ///     c.register { Backend() as BackendProtocol }
    ///     c.register(lifetime: .factory, tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
    /// }
    /// ```
    ///
    /// - Parameter bootstrapBlock: Registers every definition with
    ///   ``register(lifetime:file:line:_:)``. After it returns, the definitions are fixed.
    public convenience init(bootstrapBlock: (DependencyContainer) -> Void = { _ in }) {
        let collector = DefinitionCollector()
        bootstrapBlock(DependencyContainer(collector: collector))
        self.init(definitions: collector.seal(), site: nil)
    }

    /// Adds a definition while the container is being built by a bootstrap closure.
    func append(_ definition: Definition, at location: CodeLocation) {
        guard let collector, collector.append(definition) else {
            wiringFailure(.definitionsFixed(type: typeName(definition.info.type), requestedAt: location))
        }
    }
}

/// Stops the program with the error's full message; on a verification's worker thread, records
/// the error and parks the worker instead (see `Verification`).
func wiringFailure(_ error: WiringError) -> Never {
    if let verification = Verification.ofCurrentWorker {
        verification.abandonWorker(with: error)
    }
    fatalError(error.description)
}

/// Collects the definitions a DIKit-style bootstrap closure registers.
final class DefinitionCollector: @unchecked Sendable {
    // `definitions` and `isSealed` are only touched under `lock`.
    private let lock = Lock()
    private var definitions: [Definition] = []
    private var isSealed = false

    /// Adds `definition`, or returns `false` once the container is built.
    func append(_ definition: Definition) -> Bool {
        lock.withLock {
            guard !isSealed else { return false }
            definitions.append(definition)
            return true
        }
    }

    /// Ends collection and returns what was collected.
    func seal() -> [Definition] {
        lock.withLock {
            isSealed = true
            return definitions
        }
    }
}
