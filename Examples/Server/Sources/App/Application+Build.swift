import Hummingbird
import Logging
import Wiring

/// Which wiring the server uses.
public enum Variant: String, Sendable {
    case wiring
    case hand
}

/// The app, wired with Wiring (define the root first: `DependencyContainer.defined(by: .app)`)
/// or by hand.
/// - Parameter stats: What the hand-wired variant counts into (the Wiring variant counts into
///   the root's `ServerStats` single).
public func buildApplication(
    _ variant: Variant, host: String = "127.0.0.1", port: Int = 8080, stats: ServerStats = ServerStats(),
    logger: Logger = Logger(label: "Server")
) -> any ApplicationProtocol {
    let configuration = ApplicationConfiguration(address: .hostname(host, port: port))
    switch variant {
    case .wiring:
        return Application(router: wiredRouter(), configuration: configuration, logger: logger)
    case .hand:
        return Application(router: handWiredRouter(stats: stats), configuration: configuration, logger: logger)
    }
}
