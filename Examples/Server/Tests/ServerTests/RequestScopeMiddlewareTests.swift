import App
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Wiring
import WiringHummingbird
import WiringTesting

private enum Call {}
private final class CallLog: Sendable {}

/// The middleware on its own: one scope per request, closed on every path.
@Suite(.wired(module { scope(Call.self) { scoped { CallLog() } } }))
struct RequestScopeMiddlewareTests {
    /// A router whose middleware counts the scopes it opens and their closing.
    private func router(opened: Tally, closed: Tally) -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        router.add(
            middleware: RequestScopeMiddleware(Call.self) { _, _, scope in
                opened.increment()
                scope.onClose { closed.increment() }
            })
        router.get("/ok") { _, _ in
            _ = resolve() as CallLog  // the request's own, through the scope made current
            return "ok"
        }
        router.get("/throws") { _, _ -> String in throw HTTPError(.conflict) }
        router.get("/stream") { _, _ -> Response in
            let inHandler: CallLog = resolve()
            return Response(
                status: .ok,
                body: ResponseBody { writer in
                    // Written after the handler returned: the scope is still open and current, so
                    // this is the request's own log, the one the handler had (a closed scope would
                    // throw; another request's scope or none would give another log or throw).
                    let log: CallLog = try resolveThrowing()
                    try await writer.write(ByteBuffer(string: "\(log === inHandler)"))
                    try await writer.finish(nil)
                })
        }
        return router
    }

    @Test func everyRequestOpensOneScopeAndClosesItOnEveryPath() async throws {
        let opened = Tally()
        let closed = Tally()
        let app = Application(router: router(opened: opened, closed: closed))
        try await app.test(.router) { client in
            for _ in 0..<10 {
                try await client.execute(uri: "/ok", method: .get) { #expect($0.status == .ok) }
                try await client.execute(uri: "/throws", method: .get) { #expect($0.status == .conflict) }
                try await client.execute(uri: "/stream", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == "true")
                }
            }
        }
        #expect(opened.count == 30)
        #expect(closed.count == 30)
    }

    @Test func closingAfterTheHandlerClosesBeforeTheResponseIsWritten() async throws {
        let opened = Tally()
        let closed = Tally()
        let router = Router(context: AppRequestContext.self)
        let handlerScopes = ScopeBox()
        router.add(
            middleware: RequestScopeMiddleware(Call.self, closing: .afterHandler) { _, _, scope in
                opened.increment()
                scope.onClose { closed.increment() }
            })
        router.get("/ok") { _, context in
            _ = resolve() as CallLog
            handlerScopes.set(try context.scope())
            return "ok"
        }
        router.get("/throws") { _, _ -> String in throw HTTPError(.conflict) }
        try await Application(router: router).test(.router) { client in
            for _ in 0..<5 {
                try await client.execute(uri: "/ok", method: .get) { response in
                    #expect(response.status == .ok)
                    // Closed as the handler returned, before the body went out.
                    #expect(handlerScopes.scope?.isClosed == true)
                }
                try await client.execute(uri: "/throws", method: .get) { #expect($0.status == .conflict) }
            }
        }
        #expect(opened.count == 10)
        #expect(closed.count == 10)
    }

    @Test func aRouteWithoutTheMiddlewareGetsA500FromScope() async throws {
        let router = Router(context: AppRequestContext.self)
        router.get("/unscoped") { _, context -> String in
            _ = try context.scope()
            return "unreachable"
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/unscoped", method: .get) { #expect($0.status == .internalServerError) }
        }
    }
}

/// The last scope a handler saw.
private final class ScopeBox: @unchecked Sendable {
    // `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: DependencyContainer?

    func set(_ scope: DependencyContainer) {
        lock.lock()
        stored = scope
        lock.unlock()
    }

    var scope: DependencyContainer? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
