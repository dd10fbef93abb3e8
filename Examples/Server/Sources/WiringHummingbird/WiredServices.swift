import ServiceLifecycle
import Wiring

extension DependencyContainer {
    /// The singletons bound to `Service`, in dependency order, each wrapped so that its `run()`
    /// first awaits the start hooks of what it uses: a service never sees what it uses
    /// unprepared (a table its store creates in `.onStart`), and the services those hooks need
    /// (a database client) run meanwhile.
    ///
    /// ```swift
    /// app.addServices(try DependencyContainer.shared.lifecycleServices())
    /// app.beforeServerStarts { try await DependencyContainer.shared.start() }
    /// ```
    ///
    /// Why not `start()` as a service the others follow: a start hook may need a service to be
    /// running already (the store's `CREATE TABLE` needs the client's connections), so one
    /// service waiting for every hook could wait for itself. Each service waits for exactly the
    /// hooks of what it uses instead; each hook still runs once, whoever asks first.
    public func lifecycleServices() throws(WiringError) -> [any Service] {
        try services((any Service).self).map { WiredService(base: $0, container: self) }
    }
}

/// A service that awaits the start hooks of what it uses, then runs (see
/// `DependencyContainer.lifecycleServices()`).
public struct WiredService: Service, CustomStringConvertible {
    public let base: any Service
    let container: DependencyContainer

    public var description: String { String(describing: type(of: base)) }

    public func run() async throws {
        try await container.start(dependenciesOf: base, timeout: nil)
        try await base.run()
    }
}
