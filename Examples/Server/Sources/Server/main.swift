import App
import Foundation
import Logging
import Wiring

// `swift run -c release Server [wiring|hand] [port]`: serves the example app on 127.0.0.1 until
// SIGINT or SIGTERM, then prints what it counted (requests, scopes closed, RSS).
let arguments = CommandLine.arguments.dropFirst()
let variant = arguments.first.flatMap(Variant.init(rawValue:)) ?? .wiring
let port = arguments.dropFirst().first.flatMap(Int.init) ?? 8080

let logger = {
    var logger = Logger(label: "Server")
    logger.logLevel = .warning
    return logger
}()

DependencyContainer.defined(by: .app)
// Every definition, scope definitions included, builds before the first request.
try DependencyContainer.verifyRoot()
DependencyContainer.onUnclosedScope = { scope in logger.warning("freed without close(): \(scope)") }

let stats: ServerStats = variant == .wiring ? resolve() : ServerStats()
let app = buildApplication(variant, port: port, stats: stats, logger: logger)
FileHandle.standardError.write(Data("Server (\(variant.rawValue)) on http://127.0.0.1:\(port)\n".utf8))
try await app.runService()

FileHandle.standardError.write(Data("Server (\(variant.rawValue)) stopped. \(stats.snapshot)\n".utf8))
