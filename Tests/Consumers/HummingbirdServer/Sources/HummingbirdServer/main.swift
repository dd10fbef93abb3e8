import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Wiring
import WiringHummingbird
import WiringServiceLifecycle

/// What one request's handlers share: built once per request, from its scope.
final class RequestLog: Sendable {
    let path: String
    init(path: String) { self.path = path }
}
struct RequestInfo: Sendable { let path: String }
enum RequestScope {}

struct AppRequestContext: ScopedRequestContext {
    var coreContext: CoreRequestContextStorage
    var requestScope: DependencyContainer?
    init(source: Source) { coreContext = .init(source: source) }
}

struct NotServed: Error { let reason: String }

DependencyContainer.defined(by: module {
    scope(RequestScope.self) {
        declared(RequestInfo.self, example: { RequestInfo(path: "/") })
        scoped { RequestLog(path: (resolve() as RequestInfo).path) }
    }
})

let router = Router(context: AppRequestContext.self)
router.add(middleware: RequestScopeMiddleware(RequestScope.self, closing: .afterHandler) { request, _, scope in
    try scope.declareThrowing(RequestInfo(path: request.uri.path))
})
router.get("/hello") { _, _ -> String in
    let log: RequestLog = try resolveThrowing()   // this request's
    guard log.path == "/hello" else { throw NotServed(reason: "the scope had \(log.path)") }
    return "hello"
}

// One request through the router's responder, in process (the server's own path, without a
// socket), then the lifecycle helpers as a server hands them to its application.
let responder = router.buildResponder()
var logger = Logger(label: "HummingbirdServer")
logger[metadataKey: "hb.request.id"] = "1"   // as the server gives each request's logger its id
let source = ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger)
let request = Request(
    head: .init(method: .get, scheme: "http", authority: "localhost", path: "/hello"),
    body: .init(buffer: ByteBuffer()))
let response = try await responder.respond(to: request, context: AppRequestContext(source: source))
let open = DependencyContainer.openScopeCount
guard response.status == .ok, open == 0 else {
    throw NotServed(reason: "GET /hello answered \(response.status), \(open) scope(s) open")
}
var app = Application(router: router)
app.addServices(try DependencyContainer.shared.lifecycleServices())
try await DependencyContainer.shared.startBeforeServing(attempts: 1)
print("GET /hello answered \(response.status.code) from its request's scope, which is closed")
try await DependencyContainer.shared.shutdown(timeout: .seconds(5))
