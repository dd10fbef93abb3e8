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
    let definitions: [AnyDefinition]
    /// Its own definitions and the modules it includes, as declared.
    let parts: [Part]
    /// The registry of a container built at once (a root version, a scope, a sandbox). A
    /// module's is built on first use, in its ``ContainerRole/module(_:)`` role; until then this
    /// is an empty one. Read ``registry``, which knows which.
    let ownRegistry: Registry
    let site: CodeLocation?
    /// The `createdAtStart()` singletons of a container built at once, if any.
    private let ownEager: EagerStart?
    /// What this container is: a module, a root version, a scope, a sandbox or a DIKit
    /// collector (see ``ContainerRole``).
    let role: ContainerRole

    /// A module of `definitions` (`module { }`, a bootstrap closure): its registry is built on
    /// first use.
    convenience init(definitions: [AnyDefinition], site: CodeLocation?) {
        self.init(moduleOf: Part.parts(of: definitions), site: site)
    }

    /// A module made of `parts` (`modules { }`, `derive(from:)`, `includes(_:)`): its registry is
    /// built on first use.
    convenience init(moduleOf parts: [Part], site: CodeLocation?) {
        self.init(definitions: parts.flattened(), parts: parts, registry: .empty, site: site, role: .module(LazyRegistry()))
    }

    /// The one initializer every other calls.
    private init(
        definitions: [AnyDefinition], parts: [Part], registry: Registry, site: CodeLocation?, eager: EagerStart? = nil,
        role: ContainerRole
    ) {
        self.definitions = definitions
        self.parts = parts
        ownRegistry = registry
        self.site = site
        ownEager = eager
        self.role = role
    }

    /// The registry resolves read: built at init, or on first use for a module. (A plain getter:
    /// a `_read` accessor that is not inlined allocates its coroutine frame, on every resolve.)
    var registry: Registry {
        @inline(__always) get {
            if case .module(let lazy) = role { return lazy.built(for: self).registry }
            return ownRegistry
        }
    }

    /// `body`'s result for ``registry``, which it is given without a retain: this container
    /// keeps its own registry, and a module's built one (published once, never replaced), for as
    /// long as it resolves. For a path that reads the registry once per resolve, where the
    /// getter's retains of the module's holder and registry are most of its cost.
    @inline(__always)
    func withRegistry<Result>(_ body: (Registry) -> Result) -> Result {
        guard case .module(let lazy) = role else { return body(ownRegistry) }
        return lazy.withBuilt(for: self) { body($0.registry) }
    }

    /// The `createdAtStart()` singletons, if any.
    var eager: EagerStart? {
        @inline(__always) get {
            if case .module(let lazy) = role { return lazy.built(for: self).eager }
            return ownEager
        }
    }

    /// Whether `createdAtStart()` singletons wait to be built, read without retaining anything:
    /// every resolve asks, and for a module the `eager` getter retains its holder and the start.
    private var hasEagerToStart: Bool {
        @inline(__always) get {
            guard case .module(let lazy) = role else { return ownEager.map { !$0.isFinished } ?? false }
            return lazy.withBuilt(for: self) { $0.eager.map { !$0.isFinished } ?? false }
        }
    }

    /// A version of a root (of the global root, or with `link` of a task's) made of `parts`, or
    /// the error that keeps them from making one (a duplicate). `previous` is the version it
    /// replaces, whose built singletons it keeps.
    convenience init(
        rootVersionOf parts: [Part], site: CodeLocation?, link: TaskRootLink?, reusing previous: Registry? = nil,
        startingOnly starting: Set<DefinitionID>? = nil
    ) throws(WiringError) {
        let definitions = parts.flattened()
        let registry = try Registry.build(definitions: definitions, reusing: previous)
        // A root version made by `load` starts only what the loaded module brought, and one made
        // by `unload` nothing: the rest was started by whatever brought it.
        let eager = starting.map { ids in registry.eagerEntries.filter { ids.contains($0.info.id) } } ?? registry.eagerEntries
        self.init(
            definitions: definitions, parts: parts, registry: registry, site: site, eager: EagerStart.of(eager),
            role: .rootVersion(link))
    }

    /// A scope opened from a scope definition: a container over the registry every scope of
    /// that definition shares, with `scope` keeping what it holds.
    convenience init(scopeOver shared: ScopeTemplate.Built, scope: ScopeState) {
        let registry = shared.registry
        self.init(
            definitions: shared.definitions, parts: shared.parts, registry: registry, site: scope.openedAt,
            eager: registry.eagerEntries.isEmpty ? nil : EagerStart.of(registry.eagerEntries), role: .scope(scope))
    }

    private convenience init(collector: DefinitionCollector) {
        self.init(definitions: [], parts: [], registry: .empty, site: nil, role: .collecting(collector))
    }

    /// A sandbox with `container`'s definitions and instances of its own, for `verification`.
    convenience init(sandboxFor container: DependencyContainer, verification: Verification) {
        let definitions = container.definitions
        self.init(
            definitions: definitions, parts: container.parts,
            registry: try! Registry.build(definitions: definitions, scope: container.scope?.id, mode: .sandboxed),
            site: container.site, role: .sandbox(verification, scope: container.scope))
    }

    /// A sandbox instance of a scope, for `verification`.
    convenience init(sandboxScope definitions: [AnyDefinition], scope: ScopeState, verification: Verification) {
        self.init(
            definitions: definitions, parts: [.definitions(definitions)],
            registry: try! Registry.build(definitions: definitions, scope: scope.id, mode: .sandboxed), site: nil,
            role: .sandbox(verification, scope: scope))
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
        guard hasEagerToStart, let eager, !isBuildingOnThisThread else { return }
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
    ///   ``register(lifetime:tag:file:line:_:)``. After it returns, the definitions are fixed.
    public convenience init(bootstrapBlock: (DependencyContainer) -> Void = { _ in }) {
        let collector = DefinitionCollector()
        bootstrapBlock(DependencyContainer(collector: collector))
        self.init(definitions: collector.seal(), site: nil)
    }

    /// Adds a definition while the container is being built by a bootstrap closure.
    func append(_ definition: AnyDefinition, at location: CodeLocation) {
        guard case .collecting(let collector) = role, collector.append(definition) else {
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

/// `body`'s value, or a stop with the message of what it threw (said to be requested at `site`,
/// if given): the form of a throwing call for an API that stops instead of throwing.
@inline(__always)
func orStop<T>(at site: CodeLocation? = nil, _ body: () throws(WiringError) -> T) -> T {
    do {
        return try body()
    } catch {
        wiringFailure(site.map { error.requested(at: $0) } ?? error)
    }
}

/// `body`'s value, or what it threw, said to be requested at `site`: the throwing API's own form.
@inline(__always)
func requested<T>(at site: CodeLocation, _ body: () throws(WiringError) -> T) throws(WiringError) -> T {
    do {
        return try body()
    } catch {
        throw error.requested(at: site)
    }
}

/// Collects the definitions a DIKit-style bootstrap closure registers.
final class DefinitionCollector: @unchecked Sendable {
    // `definitions` and `isSealed` are only touched under `lock`.
    private let lock = Lock()
    private var definitions: [AnyDefinition] = []
    private var isSealed = false

    /// Adds `definition`, or returns `false` once the container is built.
    func append(_ definition: AnyDefinition) -> Bool {
        lock.withLock {
            guard !isSealed else { return false }
            definitions.append(definition)
            return true
        }
    }

    /// Ends collection and returns what was collected.
    func seal() -> [AnyDefinition] {
        lock.withLock {
            isSealed = true
            return definitions
        }
    }
}
