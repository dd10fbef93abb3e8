import App
import Hummingbird
import Logging
import NIOEmbedded
import Wiring

// `swift run -c release RouteCost [requests] [rounds] [path]`: what a request costs the app in
// process, apart from HTTP and sockets. Each round answers `requests` requests through the
// router's responder (routing, middleware, handler, the response built) of the hand-wired app,
// then of the Wiring app, in one process; it prints the median time per request of each, and
// Wiring's cost over the hand-wired app's.
let arguments = CommandLine.arguments.dropFirst()
let count = arguments.first.flatMap(Int.init) ?? 20_000
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 7
let path = arguments.dropFirst(2).first ?? "/users/42"

let logger = {
    var logger = Logger(label: "RouteCost")
    logger.logLevel = .warning
    return logger
}()

DependencyContainer.defined(by: .app)

/// Nanoseconds per request answered by `responder`, whose contexts `context` makes.
func measure<Responder: HTTPResponder>(
    _ responder: Responder, context: @Sendable (ApplicationRequestContextSource) -> Responder.Context
) async throws -> Double {
    let channel = EmbeddedChannel()
    var statuses = 0
    let start = ContinuousClock.now
    for index in 0..<count {
        // As the server does for each request: a logger carrying the request's id.
        var requestLogger = logger
        requestLogger[metadataKey: "hb.request.id"] = "\(index)"
        let source = ApplicationRequestContextSource(channel: channel, logger: requestLogger)
        let request = Request(
            head: .init(method: .get, scheme: "http", authority: "localhost", path: path),
            body: .init(buffer: ByteBuffer()))
        let response = try await responder.respond(to: request, context: context(source))
        statuses &+= Int(response.status.code)
    }
    let elapsed = ContinuousClock.now - start
    precondition(statuses == 200 * count, "\(path) did not answer 200 to every request")
    return Double(elapsed.components.attoseconds / 1_000_000_000 + elapsed.components.seconds * 1_000_000_000)
        / Double(count)
}

let hand = handWiredRouter().buildResponder()
let wired = wiredRouter().buildResponder()
var handTimes: [Double] = []
var wiredTimes: [Double] = []
for _ in 0..<rounds {
    handTimes.append(try await measure(hand) { HandRequestContext(source: $0) })
    wiredTimes.append(try await measure(wired) { AppRequestContext(source: $0) })
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let (handTime, wiredTime) = (median(handTimes), median(wiredTimes))
print("\(path), \(count) requests × \(rounds) rounds, in process (medians):")
print("  hand-written \(Int(handTime)) ns, Wiring \(Int(wiredTime)) ns per request")
print("  Wiring adds \(Int(wiredTime - handTime)) ns per request (\(String(format: "%.2f", wiredTime / handTime))×)")
