import Hummingbird
import HummingbirdTesting
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

DependencyContainer.defined(by: module {
    scope(RequestScope.self) {
        declared(RequestInfo.self, example: { RequestInfo(path: "/") })
        scoped { RequestLog(path: (resolve() as RequestInfo).path) }
    }
})

let router = Router(context: AppRequestContext.self)
router.add(middleware: RequestScopeMiddleware(RequestScope.self) { request, _, scope in
    try scope.declareThrowing(RequestInfo(path: request.uri.path))
})
router.get("/hello") { _, _ -> String in
    let log: RequestLog = try resolveThrowing()   // this request's
    return "hello from \(log.path)"
}

var app = Application(router: router)
app.addServices(try DependencyContainer.shared.lifecycleServices())
try await app.test(.router) { client in
    try await client.execute(uri: "/hello", method: .get) { response in
        let body = String(buffer: response.body)
        guard response.status == .ok, body == "hello from /hello" else {
            fatalError("HummingbirdServer: GET /hello answered \(response.status) \(body)")
        }
        print(body)
    }
}
try await DependencyContainer.shared.shutdown(timeout: .seconds(5))
