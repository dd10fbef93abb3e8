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
    ///     try await DependencyContainer.shared.start()
    /// }
    /// ```
    ///
    /// Each instance's hook runs once, however many times `start()` is called: a call that
    /// finds a hook running (another task's `start()`) waits for it before going on to what
    /// depends on it; a hook that calls `start()` itself does not wait for itself. The first
    /// hook that throws stops the start: the hooks after it (which may depend on it) do not run,
    /// and the error is a ``LifecycleError`` naming the instance's type; that hook runs again on
    /// the next `start()`. A build that fails is reported the same way, with its ``WiringError``.
    public func start() async throws(LifecycleError) {
        do {
            if let eager { try eager.start(in: self) }
        } catch {
            throw LifecycleError(operation: "start", failures: [.init(type: "createdAtStart()", error: error)], unfinished: [])
        }
        let withHooks = registry.entries.filter { $0.info.hooks?.start != nil && $0.info.lifetime == .singleton }
        for entry in withHooks {
            do {
                _ = try entry.resolveAny(in: self)
            } catch {
                throw LifecycleError(
                    operation: "start", failures: [.init(type: typeName(entry.info.type), error: error)], unfinished: [])
            }
        }
        let hooked = Set(withHooks.map(\.opaque))
        for built in builtSingletons() where hooked.contains(built.entry.opaque) {
            guard let hook = built.info.hooks?.start else { continue }
            do {
                try await startHookRuns.run(.startHook(instance: built.sequence)) { try await hook(built.value) }
            } catch {
                throw LifecycleError(
                    operation: "start", failures: [.init(type: typeName(built.info.type), error: error)], unfinished: [])
            }
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
            guard entry.isBinding else { return true }
            let primary = entry.primary.info
            return registry.entry(for: primary.typeID, boxed: primary.tag)?.opaque == entry.primary.opaque
        }
        for entry in entries { _ = try entry.resolve(S.self, in: self) }
        // A binding's instance is its primary's, which stands in the order for it.
        let wanted = Set(entries.map { $0.isBinding ? $0.primary.opaque : $0.opaque })
        return builtSingletons().compactMap { built in
            wanted.contains(built.entry.opaque) ? built.value as? S : nil
        }
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
    func builtSingletons() -> [(entry: Entry, info: DefinitionInfo, sequence: UInt64, dependencies: [UInt64], value: Any)] {
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
