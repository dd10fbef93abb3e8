import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle
import Wiring

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
    host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "Server")
) throws -> Application<RouterResponder<AppRequestContext>> {
    var app = Application(
        router: wiredRouter(), configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
        logger: logger)
    app.addServices(try DependencyContainer.shared.services((any Service).self).map(ReportedService.init))
    app.beforeServerStarts {
        try await DependencyContainer.shared.start()
    }
    return app
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
        configuration: ApplicationConfiguration(address: .hostname(host, port: port)), logger: logger)
    app.addServices(ReportedService(client), ReportedService(janitor))
    app.beforeServerStarts {
        try await store.prepare()
    }
    return app
}
