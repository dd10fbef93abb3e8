import App
import Foundation
import Logging
import Wiring

// `swift run -c release Server [wiring|hand] [port]`: serves the example app on 127.0.0.1 (port 0:
// one the system picks; the line "listening on port N" says which, once it accepts requests), on
// the PostgreSQL that `Scripts/postgres.sh start` runs (see `DatabaseSettings`), until SIGINT or
// SIGTERM; then stops its services gracefully and prints what it counted.
let arguments = CommandLine.arguments.dropFirst()
let variant = arguments.first.flatMap(Variant.init(rawValue:)) ?? .wiring
let port = arguments.dropFirst().first.flatMap(Int.init) ?? 8080
// Configuration is read at start-up, and the modules are made from it.
let settings = DatabaseSettings.fromEnvironment()

let logger = {
    var logger = Logger(label: "Server")
    logger.logLevel = .warning
    return logger
}()

switch variant {
case .wiring:
    let slowStart = ProcessInfo.processInfo.environment["WIRING_SLOW_START_MS"].flatMap(Int.init) ?? 0
    let failingClose = ProcessInfo.processInfo.environment["WIRING_FAIL_CLOSE"] == "1"
    DependencyContainer.defined(by: .app(on: settings, slowStart: .milliseconds(slowStart), failingClose: failingClose))
    DependencyContainer.onUnclosedScope = { scope in logger.warning("freed without close(): \(scope)") }
    let stats: ServerStats = resolve()
    var failed = false
    do {
        let app = try buildWiredApplication(port: port, logger: logger, start: StartPolicy.fromEnvironment())
        Report.line("Server (wiring) on http://127.0.0.1:\(port)")
        // Returns once SIGTERM or SIGINT has stopped the server (requests in flight finish) and
        // then every service, in the reverse of the order Wiring listed them; throws if the
        // start failed (after its retries) or a service did.
        try await app.runService()
    } catch {
        Report.line("Server (wiring) failed: \(error)")
        failed = true
    }
    // What the services used is closed last, whatever happened: every `.onClose`, dependents
    // first. A failing callback is reported, not trapped.
    do {
        try await DependencyContainer.shared.shutdown(timeout: .seconds(10))
    } catch {
        Report.line("Server (wiring) shutdown: \(error)")
        failed = true
    }
    Report.line("Server (wiring) stopped. \(stats.snapshot)")
    if failed { exit(1) }
case .hand:
    let stats = ServerStats()
    let app = buildHandWiredApplication(settings: settings, port: port, stats: stats, logger: logger)
    Report.line("Server (hand) on http://127.0.0.1:\(port)")
    try await app.runService()
    Report.line("Server (hand) stopped. \(stats.snapshot)")
}
