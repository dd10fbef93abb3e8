#if ServiceLifecycle  // the trait of the same name: without it this product is empty (see Package.swift)
import ServiceLifecycle
import Wiring

extension DependencyContainer {
    /// The singletons bound to `Service`, in dependency order, each wrapped so that its `run()`
    /// first waits, with `waitForStart(_:)`, for the start hooks of what it uses, then its own: a
    /// service never sees what it uses unprepared (a table its store creates in `.onStart`),
    /// whatever its shape (a struct, a class, over a `.bind`), and the services those hooks need
    /// (a database client) run meanwhile.
    ///
    /// ```swift
    /// app.addServices(try DependencyContainer.shared.lifecycleServices())
    /// app.beforeServerStarts { try await DependencyContainer.shared.startBeforeServing() }
    /// ```
    ///
    /// Why not `start()` as a service the others follow: a start hook may need a service to be
    /// running already (the store's `CREATE TABLE` needs the client's connections), so one
    /// service waiting for every hook could wait for itself. Each service waits for exactly the
    /// hooks of what it uses instead; a hook's run goes on while any of them waits. So a service's
    /// own hook must not need the service itself to be running: that work belongs in its `run()`.
    ///
    /// A service never runs a hook itself: the runs are those of the app's start
    /// (``startBeforeServing(attempts:timeout:delay:onRetry:)``), which reports each failed run
    /// and decides when to give up; across a failed run the service waits for the next. So
    /// something must start the hooks: without a start, the services wait until the app stops.
    ///
    /// A graceful shutdown (SIGTERM) while a service waits ends the wait and the service returns
    /// without running: it had not begun.
    public func lifecycleServices() throws(WiringError) -> [any Service] {
        try managedServices((any Service).self).map { WiredService(managed: $0, container: self) }
    }

    /// Runs the start hooks, as `start(attempts:timeout:delay:onRetry:)` does, from Hummingbird's
    /// `beforeServerStarts`: each attempt bounded by `timeout`, retried while `attempts` remain (a
    /// database that is not up yet), after `delay`, doubled after each failure (a database client
    /// backs off between its connection attempts too), then the last attempt's error, which says
    /// it was the last (and names the hook's last error, if its last attempt ran out of time). A
    /// graceful shutdown (SIGTERM) during the start ends it at once, quietly: it returns, the
    /// service group stops as it was asked to, and `main` goes on to `shutdown()`, which runs the
    /// close callbacks.
    ///
    /// ```swift
    /// app.beforeServerStarts {
    ///     let shared = DependencyContainer.shared
    ///     try await shared.startBeforeServing(attempts: 5, timeout: .seconds(30)) { error, attempt in
    ///         logger.warning("start attempt \(attempt) failed, retrying: \(error)")
    ///     }
    /// }
    /// ```
    ///
    /// These attempts are the only runs of the hooks: a hook that always fails runs exactly
    /// `attempts` times, whatever the services from ``lifecycleServices()`` do (they wait, and
    /// never run one), and each failed run is reported once, to `onRetry` or as the error thrown.
    /// A hook that such a service waits for is not cancelled when an attempt's deadline passes: it
    /// goes on for that service, and the next attempt waits for the same run. So a database that
    /// comes up late is waited for, not given up on.
    public func startBeforeServing(
        attempts: Int = 5, timeout: Duration = .seconds(30), delay: Duration = .seconds(1),
        onRetry: @escaping @Sendable (_ error: LifecycleError, _ attempt: Int) -> Void = { _, _ in }
    ) async throws {
        do {
            try await cancelWhenGracefulShutdown {
                try await self.start(attempts: attempts, timeout: timeout, delay: delay, onRetry: onRetry)
            }
        } catch where Task.isShuttingDownGracefully && WiredService.isStop(error) {
            return  // cut short by the shutdown: not a failure
        }
    }
}
#endif
