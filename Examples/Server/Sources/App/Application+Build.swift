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
public func buildApplication(
    _ variant: Variant, host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "Server")
) -> any ApplicationProtocol {
    let configuration = ApplicationConfiguration(address: .hostname(host, port: port))
    switch variant {
    case .wiring:
        return Application(router: wiredRouter(), configuration: configuration, logger: logger)
    case .hand:
        return Application(router: handWiredRouter(), configuration: configuration, logger: logger)
    }
}
