extension DependencyContainer {
    /// Waits until the start hooks of everything `service` uses, at any depth, and then its own,
    /// have run, without running any: the runs are those the app's ``start(timeout:)`` (or
    /// ``start(attempts:timeout:delay:onRetry:)``) begins. What a service awaits before it runs,
    /// so that it never sees what it uses unprepared (a table not created yet), while the services
    /// those hooks need (a database client) already run. Whatever the service's shape: a struct, a
    /// class, a binding, a tag.
    ///
    /// ```swift
    /// let container = DependencyContainer.shared
    /// try await withThrowingTaskGroup(of: Void.self) { group in
    ///     for service in try container.managedServices((any Service).self) {
    ///         group.addTask {
    ///             try await container.waitForStart(service)   // runs no hook
    ///             try await service.instance.run()
    ///         }
    ///     }
    ///     try await container.start(attempts: 5)   // the one place hooks run, retried
    ///     try await group.waitForAll()
    /// }
    /// ```
    ///
    /// Only a `start()` begins a hook's run, so it alone decides how often a hook runs and
    /// reports each failed run: a service that waits never adds a run of its own. A run that fails
    /// does not end the wait: it waits on for the next run a `start()` begins. While it waits, a
    /// run goes on even when every `start()` waiting for it has given up at its deadline (a
    /// database that comes up late); should that run fail, the next `start()` reports it.
    ///
    /// It has no deadline (the app's `start()` has one, and decides when to give up). It ends when
    /// the calling task is cancelled (``LifecycleError/Reason/cancelled``; with
    /// swift-service-lifecycle, call it inside `cancelWhenGracefulShutdown`, so that a SIGTERM
    /// ends it too) or the container is shut down (``LifecycleError/Reason/shutDown``).
    /// `WiringHummingbird`'s `lifecycleServices()` wraps each service so that it does this first.
    ///
    /// > Warning: Something must call `start()`. If nothing does, this waits until its task is
    /// > cancelled. A service's own hook must not need the service to be running (its `run()`
    /// > begins after the hook): work that does belongs in `run()`.
    ///
    /// - Parameter service: A service from ``managedServices(_:)``.
    public func waitForStart<S>(_ service: ManagedService<S>) async throws(LifecycleError) {
        try await watchStartHooks(used: service.sequence, including: true)
    }

    /// Waits until the start hooks of everything `instance` uses, at any depth, not its own, have
    /// run, without running any (see ``waitForStart(_:)``, which also waits for the service's own).
    ///
    /// ```swift
    /// func run() async throws {
    ///     try await DependencyContainer.shared.waitForStart(dependenciesOf: janitor)
    ///     try await janitor.run()
    /// }
    /// ```
    ///
    /// `instance` is found by identity, as for ``start(dependenciesOf:timeout:)``: a class instance
    /// this container (or, for a scope, the scopes it was opened from) built; anything else throws
    /// ``LifecycleError/Reason/notBuilt``.
    public func waitForStart(dependenciesOf instance: Any) async throws(LifecycleError) {
        try await watchStartHooks(used: sequence(ofBuilt: instance, for: "waitForStart"), including: false)
    }

    /// Watches, in start order, the hooks of what the instance created as `sequence` uses (and its
    /// own if `including`) until each has run.
    private func watchStartHooks(used sequence: UInt64, including: Bool) async throws(LifecycleError) {
        if scope == nil, startHooks.isShutDown {
            throw LifecycleError(operation: "waitForStart", failures: [], unfinished: [], reason: .shutDown)
        }
        // What it uses was built with it, so nothing is built here (a build that fails is the
        // app's `start()`'s to report).
        for (item, container) in hooks(used: sequence, including: including, among: builtSingletons()) {
            // A hook that waits does not wait for itself.
            if OwnedRuns.keys.contains(.startHook(instance: item.sequence)) { continue }
            let described = item.info.site.map { "\(typeName(item.info.type)) (\($0))" } ?? typeName(item.info.type)
            switch await container.startHooks.watch(item.sequence) {
            case .started:
                continue
            case .cancelled:
                throw LifecycleError(
                    operation: "waitForStart", failures: [], unfinished: [], reason: .cancelled, subject: described)
            case let .shutDown(whileRunning):
                throw LifecycleError(
                    operation: "waitForStart", failures: [], unfinished: whileRunning ? [described] : [],
                    reason: .shutDown)
            case .failed, .deadline, .again:
                continue  // not returned by `watch`
            }
        }
    }
}
