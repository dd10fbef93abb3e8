#if ServiceLifecycle  // the trait of the same name: without it this product is empty (see Package.swift)
import ServiceLifecycle
import Wiring

/// A service that waits for the start hooks of what it uses and its own, then runs (see
/// `DependencyContainer.lifecycleServices()`). It never runs a hook itself.
public struct WiredService: Service, CustomStringConvertible {
    let managed: ManagedService<any Service>
    let container: DependencyContainer

    /// The service it runs.
    public var base: any Service { managed.instance }

    public var description: String { String(describing: type(of: base)) }

    public func run() async throws {
        do {
            // Waits, never runs: a run that fails (the database went away) is the app's start's to
            // report and retry, and a run of the service's own would run the hook more often than
            // the start's `attempts` say.
            try await cancelWhenGracefulShutdown { [managed, container] in
                try await container.waitForStart(managed)
            }
        } catch where Task.isShuttingDownGracefully && Self.isStop(error) {
            return  // stopped before it began: there is nothing to stop
        } catch let error as LifecycleError where error.reason == .shutDown {
            return  // the container was shut down: it must not run on closed instances
        }
        try await base.run()
    }

    /// Whether `error` only says that the wait was stopped (cancelled, shut down), not that a
    /// hook failed.
    static func isStop(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        guard let error = error as? LifecycleError else { return false }
        return error.reason == .cancelled || error.reason == .shutDown
    }
}
#endif
