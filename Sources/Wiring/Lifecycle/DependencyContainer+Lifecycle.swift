extension DependencyContainer {
    /// Closes this container as ``close(file:line:)`` does, but awaits every `.onClose` callback,
    /// async ones included: each instance's before those of what it uses (what its build
    /// resolved, and what its `@LazyInject`s resolved since), whatever order they were built in.
    ///
    /// ```swift
    /// // The server has stopped accepting requests:
    /// try await DependencyContainer.shared.shutdown(timeout: .seconds(10))
    /// ```
    ///
    /// Each callback runs exactly once. One that throws does not stop the others: every failure
    /// is reported together in a ``LifecycleError``. With a `timeout`, callbacks not finished when
    /// it passes are reported as ``LifecycleError/unfinished`` and those not begun are skipped;
    /// their instances are still released. The scopes opened from this container are closed
    /// first, as `close()` closes them. On a scope, its own instances are awaited the same way.
    /// A `shutdown()` called while another of the same container runs waits for it and throws
    /// what it throws; called from one of that container's own callbacks, it returns at once.
    public func shutdown(timeout: Duration? = nil) async throws(LifecycleError) {
        try await shutdownRuns.run(.shutdown(container: ObjectIdentifier(self))) {
            () async throws(LifecycleError) in
            try await shutdownNow(timeout: timeout)
        }
    }

    private func shutdownNow(timeout: Duration?) async throws(LifecycleError) {
        let released: [Released]
        if let scope {
            var taken: [Released] = []
            closeScope(scope, collecting: { taken = $0 })
            released = taken
        } else {
            if let state = owningRootState {
                for scope in state.openScopes { scope.close() }
            }
            var retired = Retired(root: nil)
            stateLock.withLock { registry.retire(closing: true, into: &retired) }
            released = retired.takeForAwaiting()
        }
        let batch = ReleasedBatch(Released.closingOrder(released))
        let ordered = batch.items
        let callbacks = ordered.indices.filter { ordered[$0].onClose != nil }
        let progress = ShutdownProgress()
        let failures = await Deadline.run(timeout) {
            await Released.finishAwaiting(batch.items, progress: progress)
        } onTimeout: {
            progress.cutShort(count: batch.items.count)
        }
        var unfinished: [String] = []
        if case let .timedOut(indices) = failures {
            unfinished = indices.filter { callbacks.contains($0) }.map { typeName(type(of: ordered[$0].value)) }
        }
        let thrown = failures.value ?? []
        guard thrown.isEmpty, unfinished.isEmpty else {
            throw LifecycleError(operation: "shutdown", failures: thrown, unfinished: unfinished)
        }
    }

    /// Builds every singleton that has an `.onStart { }` hook, then awaits the hooks in
    /// dependency order: a hook runs after the hooks of what its instance uses.
    ///
    /// ```swift
    /// app.beforeServerStarts {
    ///     try await DependencyContainer.shared.start(timeout: .seconds(30))
    /// }
    /// ```
    ///
    /// Each instance's hook runs once, however many times `start()` is called: a call that
    /// finds a hook running (another task's `start()`) waits for it before going on to what
    /// depends on it; a hook that calls `start()` itself does not wait for itself. The first
    /// hook that throws stops the start: the hooks after it (which may depend on it) do not run,
    /// and the error is a ``LifecycleError`` naming the instance's type and where the hook is
    /// written; that hook runs again on the next `start()`, so a loop retries a start that failed
    /// because a database was not up yet (see <doc:ServicesAndLifecycle>). A build that fails is
    /// reported the same way, with its ``WiringError``.
    ///
    /// A definition whose type, or a type it is bound to, is replaced by `.override()` or a test
    /// override, is replaced whole: its hook does not run, and what only it used is not built.
    ///
    /// - Parameter timeout: How long the hooks may take, 30 seconds unless given (`nil`: no
    ///   limit). When it passes, the hook still running is cancelled and reported in
    ///   ``LifecycleError/unfinished``, with its type and site; so is one cut short because the
    ///   task that called `start` was cancelled.
    public func start(timeout: Duration? = .seconds(30)) async throws(LifecycleError) {
        let (hooked, _) = try prepareStart()
        try await runStartHooks(of: hooked, timeout: timeout)
    }

    /// Runs (or waits for) the start hooks of everything `instance` uses, not its own: what a
    /// service awaits before it runs, so that it never sees what it uses unprepared (a table
    /// not created yet), while the services those hooks need (a database client) already run.
    ///
    /// ```swift
    /// func run() async throws {
    ///     try await DependencyContainer.shared.start(dependenciesOf: janitor)
    ///     try await janitor.run()
    /// }
    /// ```
    ///
    /// `WiringHummingbird`'s `services(_:)` wraps each service so that it does this first.
    /// An instance this container did not build has nothing to wait for.
    public func start(dependenciesOf instance: Any, timeout: Duration? = .seconds(30)) async throws(LifecycleError) {
        let (hooked, built) = try prepareStart()
        guard let own = built.first(where: { Self.isSame($0.value, instance) }) else { return }
        // What `instance` uses, at any depth, by creation sequence.
        var used: Set<UInt64> = []
        var next = own.dependencies
        let bySequence = Dictionary(built.map { ($0.sequence, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
        while let sequence = next.popLast() {
            guard used.insert(sequence).inserted else { continue }
            next += bySequence[sequence] ?? []
        }
        try await runStartHooks(of: hooked.filter { used.contains($0.sequence) }, timeout: timeout)
    }

    /// Whether `a` and `b` are the same instance (class instances by identity).
    private static func isSame(_ a: Any, _ b: Any) -> Bool {
        guard type(of: a as Any) is AnyClass, type(of: b as Any) is AnyClass else { return false }
        return (a as AnyObject) === (b as AnyObject)
    }

    /// Builds the singletons whose start hooks `start()` runs (those with a hook whose definition
    /// was not replaced); returns them, then every built singleton, each in start order.
    private func prepareStart() throws(LifecycleError) -> (hooked: [BuiltSingleton], built: [BuiltSingleton]) {
        do {
            if let eager { try eager.start(in: self) }
        } catch {
            throw LifecycleError(operation: "start", failures: [.init(type: "createdAtStart()", error: error)], unfinished: [])
        }
        let registry = registry
        let withHooks = registry.entries.filter {
            $0.info.hooks?.start != nil && $0.info.lifetime == .singleton && !Self.isReplaced($0.info, in: registry)
        }
        for entry in withHooks {
            do {
                _ = try entry.resolve(in: self)
            } catch {
                throw LifecycleError(
                    operation: "start",
                    failures: [.init(type: typeName(entry.info.type), error: error, definedAt: entry.info.site)],
                    unfinished: [])
            }
        }
        let hooked = Set(withHooks.map(ObjectIdentifier.init))
        let built = builtSingletons()
        return (built.filter { hooked.contains(ObjectIdentifier($0.entry)) }, built)
    }

    /// Whether `.override()` or a test override replaced `info`'s type, or a type it is bound to:
    /// then its hooks and its service binding go with it.
    static func isReplaced(_ info: DefinitionInfo, in registry: Registry) -> Bool {
        ([info] + info.bindings).contains { slot in
            // Several definitions may be bound to one protocol (`resolveAll()`): only an override
            // answering for the type in this one's place replaces it.
            guard let current = registry.entry(for: slot.typeID, boxed: slot.tag) else { return false }
            return current.info !== slot && current.info.isOverride
        }
    }

    /// Awaits the start hooks of `built`, in order, each once (see `start(timeout:)`).
    private func runStartHooks(
        of built: [BuiltSingleton], timeout: Duration?
    ) async throws(LifecycleError) {
        let hooks = built.compactMap { item -> StartingHook? in
            guard let hook = item.info.hooks?.start else { return nil }
            nonisolated(unsafe) let value = item.value  // handed to its own hook only
            return StartingHook(
                type: typeName(item.info.type), site: item.info.site, sequence: item.sequence,
                run: { try await hook(value) })
        }
        if hooks.isEmpty { return }
        let progress = StartProgress()
        let runs = startHookRuns
        let work = Task { () async -> LifecycleError? in
            for (index, hook) in hooks.enumerated() {
                progress.begin(index)
                do {
                    try await runs.run(.startHook(instance: hook.sequence)) { try await hook.run() }
                } catch {
                    if Task.isCancelled { return nil }
                    return LifecycleError(
                        operation: "start", failures: [.init(type: hook.type, error: error, definedAt: hook.site)],
                        unfinished: [])
                }
                progress.end(index)
            }
            return nil
        }
        let outcome = await withTaskCancellationHandler {
            await Deadline.run(timeout) { await work.value } onTimeout: { progress.cutShort() }
        } onCancel: {
            work.cancel()
        }
        switch outcome {
        case let .timedOut(indices):
            work.cancel()
            throw LifecycleError(
                operation: "start", failures: [], unfinished: indices.map { hooks[$0].described }, reason: .deadline)
        case let .finished(error):
            if Task.isCancelled {
                let cut = progress.cutShort().map { hooks[$0].described }
                throw LifecycleError(operation: "start", failures: [], unfinished: cut, reason: .cancelled)
            }
            if let error { throw error }
        }
    }

    /// The singletons registered as `S` (directly or with `.bind(S.self)`), built if need be,
    /// in dependency order: each after what it uses. What swift-service-lifecycle's
    /// `ServiceGroup` wants, which starts its services in the order given and stops them in
    /// the reverse, so that a service stops before what it uses.
    ///
    /// ```swift
    /// let group = ServiceGroup(
    ///     configuration: .init(services: try DependencyContainer.shared.services((any Service).self), logger: logger))
    /// ```
    ///
    /// Factories are left out (a service runs for the app's lifetime). A definition replaced by
    /// `.override()` or a test override, with its bindings, is not among them.
    public func services<S>(_ type: S.Type = S.self) throws(WiringError) -> [S] {
        if let eager { try eager.start(in: self) }
        let registry = registry
        // A binding whose primary was replaced (`.override()` of its type) still answers for
        // `S`, as KOIN's does; but a replaced service must not run beside its replacement.
        let entries = registry.allEntries(of: ObjectIdentifier(S.self)).filter { entry in
            guard entry.info.lifetime == .singleton else { return false }
            guard let primary = entry.primary else { return !Self.isReplaced(entry.info, in: registry) }
            return registry.entry(for: primary.info.typeID, boxed: primary.info.tag) === primary
                && !Self.isReplaced(primary.info, in: registry)
        }
        for entry in entries { _ = try entry.resolve(in: self) }
        // A binding's instance is its primary's, which stands in the order for it.
        let wanted = Set(entries.map { ObjectIdentifier($0.primary ?? $0) })
        var services: [S] = []
        for built in builtSingletons() where wanted.contains(ObjectIdentifier(built.entry)) {
            // Bound to `S` but not one: said here, where the service list is made, not dropped.
            guard let service = built.value as? S else {
                throw .invalidBinding(
                    type: typeName(Swift.type(of: built.value)), boundTo: typeName(S.self), definedAt: built.info.site)
            }
            services.append(service)
        }
        return services
    }

    /// The singletons this container has built, in start order: each after what it uses (what
    /// its build resolved, and what its `@LazyInject`s resolved since). Close order is the
    /// reverse.
    ///
    /// ```swift
    /// for step in DependencyContainer.shared.startOrder { print(step.type) }
    /// ```
    public var startOrder: [ResolutionStep] {
        builtSingletons().map(\.info.step)
    }

    /// The built singletons of this container, in start order. Bindings (whose instance is
    /// their primary's) order the others and are then left out.
    typealias BuiltSingleton = (entry: Entry, info: DefinitionInfo, sequence: UInt64, dependencies: [UInt64], value: Any)

    func builtSingletons() -> [BuiltSingleton] {
        let registry = registry
        let built = withExtendedLifetime(registry) {
            stateLock.withLock {
                registry.entries.compactMap { entry in
                    entry.builtSingleton().map { (entry, entry.info, $0.sequence, $0.dependencies, $0.value) }
                }
            }
        }
        return DependencyOrder.starting(built, sequence: \.sequence, dependencies: \.dependencies)
            .filter { !$0.entry.isBinding }
    }
}
