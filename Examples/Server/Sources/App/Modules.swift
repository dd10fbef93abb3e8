import Wiring

/// The scope each request gets (see `RequestScopeMiddleware`).
public enum RequestScope {}

extension DependencyContainer {
    /// The app's root definitions: the database and the stats.
    public static let storage = module {
        single { InMemoryDatabase() as Database }
        single { ServerStats() }
    }

    /// What each request has of its own: its info (declared by the middleware), a repository
    /// and an audit log flushed when the request ends.
    public static let requests = module {
        scope(RequestScope.self) {
            declared(RequestInfo.self, example: { RequestInfo(id: "example", path: "/") })
            scoped { UserRepository(database: resolve(), request: resolve()) }
            scoped { AuditLog(request: resolve(), stats: resolve()) }
                .onClose { (log: AuditLog) in log.flush() }
        }
    }

    /// The whole app.
    public static let app = modules { .storage; .requests }
}
