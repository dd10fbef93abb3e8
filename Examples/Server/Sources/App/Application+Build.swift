import Foundation
import Hummingbird
import Logging
import NIOCore
import PostgresNIO
import ServiceLifecycle
import Wiring
import WiringServiceLifecycle

/// Which wiring the server uses.
public enum Variant: String, Sendable {
    case wiring
    case hand
}

/// The app wired with Wiring, from the root (define it first:
/// `DependencyContainer.defined(by: .app(on: settings))`): its services come from the root in
/// dependency order, so the application's service group, which stops services in the reverse
/// of their order, stops each before what it uses; the start hooks (the todo table) run once
/// those services run, before the server accepts requests.
public func buildWiredApplication(
    host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "Server"),
    start policy: StartPolicy = StartPolicy()
) throws -> Application<RouterResponder<AppRequestContext>> {
    var app = Application(
        router: wiredRouter(), configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
        onServerRunning: reportListening, logger: logger)
    // Each service runs once the start hooks of what it uses are done (the janitor after the
    // store's table exists); `start()` runs every hook before the server accepts requests.
    app.addServices(try DependencyContainer.shared.lifecycleServices().map(ReportedService.init))
    app.beforeServerStarts {
        try await policy.start(DependencyContainer.shared)
    }
    return app
}

/// How the app starts its hooks: each attempt bounded by `timeout`, retried after `delay` while
/// attempts remain (the database may not be up yet), then the last error.
public struct StartPolicy: Sendable {
    public var attempts = 5
    public var timeout: Duration = .seconds(30)
    public var delay: Duration = .seconds(1)

    public init() {}

    /// From `WIRING_START_ATTEMPTS`, `WIRING_START_TIMEOUT_MS` and `WIRING_START_DELAY_MS`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var policy = StartPolicy()
        if let attempts = environment["WIRING_START_ATTEMPTS"].flatMap(Int.init) { policy.attempts = max(1, attempts) }
        if let ms = environment["WIRING_START_TIMEOUT_MS"].flatMap(Int.init) { policy.timeout = .milliseconds(ms) }
        if let ms = environment["WIRING_START_DELAY_MS"].flatMap(Int.init) { policy.delay = .milliseconds(ms) }
        return policy
    }

    /// Runs `container`'s start hooks, retrying a failed start (a failed hook runs again on
    /// the next `start`, and the hooks it held back after it); a SIGTERM meanwhile ends it
    /// quietly, so that the server stops with exit status 0.
    public func start(_ container: DependencyContainer) async throws {
        try await container.startBeforeServing(attempts: attempts, timeout: timeout, delay: delay) { error, attempt in
            Report.line("start attempt \(attempt) of \(attempts) failed, retrying: \(error)")
        }
    }
}

/// The same app wired by hand: what the Wiring app is measured against.
public func buildHandWiredApplication(
    settings: DatabaseSettings, host: String = "127.0.0.1", port: Int = 8080, stats: ServerStats = ServerStats(),
    logger: Logger = Logger(label: "Server")
) -> Application<RouterResponder<HandRequestContext>> {
    let client = PostgresClient(configuration: settings.clientConfiguration)
    let store = PostgresTodoStore(client: client)
    let janitor = TodoJanitor(store: store)
    var app = Application(
        router: handWiredRouter(todos: store, stats: stats),
        configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
        onServerRunning: reportListening, logger: logger)
    app.addServices(ReportedService(client), ReportedService(janitor))
    app.beforeServerStarts {
        try await store.prepare()
    }
    return app
}

/// Says on which port the server accepts requests, once it does: with port 0 the system picks
/// one, so a test starts servers side by side without guessing a free port, and waits for this
/// line instead of polling.
@Sendable func reportListening(_ channel: any Channel) async {
    Report.line("listening on port \(channel.localAddress?.port ?? -1)")
}
