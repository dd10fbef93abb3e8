import PostgresNIO
import ServiceLifecycle
import Wiring

/// The scope each request gets (see `RequestScopeMiddleware`).
public enum RequestScope {}

extension DependencyContainer {
    /// The app's root definitions that need no database: the users and the stats.
    public static let storage = module {
        single { InMemoryDatabase() as Database }
        single { ServerStats() }
    }

    /// What each request has of its own: its info (declared by the middleware), repositories
    /// and an audit log flushed when the request ends.
    public static let requests = module {
        scope(RequestScope.self) {
            declared(RequestInfo.self, example: { RequestInfo(id: "example", path: "/") })
            scoped { UserRepository(database: resolve(), request: resolve()) }
            scoped { TodoRequests(store: resolve(), audit: resolve()) }
            scoped { AuditLog(request: resolve(), stats: resolve()) }
                .onClose { (log: AuditLog) in log.flush() }
        }
    }

    /// Todos in memory: what tests that want no database put in place of ``todos(on:)``.
    public static let memoryTodos = module {
        single { InMemoryTodoStore() as TodoStore }.override()
    }

    /// The todos on PostgreSQL, configured at start-up: a module made by a function from a value
    /// read in `main`, not a `static let`.
    ///
    /// The client is a service (its `run()` keeps its connections); the store creates its table
    /// when the app starts its services; the janitor is a service that uses the store. So the
    /// services list is `[PostgresClient, TodoJanitor]`, and a graceful shutdown stops the
    /// janitor before the client. Listed by `lifecycleServices()`, the janitor runs only once the
    /// store's hook has created the table.
    public static func todos(
        on settings: DatabaseSettings, table: String = "todos", janitorInterval: Duration = .seconds(5),
        slowStart: Duration = .zero, failingClose: Bool = false
    ) -> DependencyContainer {
        module {
            single { PostgresClient(configuration: settings.clientConfiguration) }
                .bind((any Service).self)
                .onClose { (_: PostgresClient) in Report.line("closed PostgresClient") }
            single { PostgresTodoStore(client: resolve(), table: table) as TodoStore }
                .onStart { (store: TodoStore) in
                    // A slow start, for the test that stops the server while a hook still runs.
                    if slowStart > .zero {
                        Report.line("slow start hook began")  // the test's cue to stop the server
                        try await Task.sleep(for: slowStart)
                    }
                    try await store.prepare()
                }
            single { TodoJanitor(store: resolve(), interval: janitorInterval) }
                .bind((any Service).self)
                .onClose { (_: TodoJanitor) async throws in
                    Report.line("closed TodoJanitor")
                    // A close that fails, for the test of a shutdown that reports it.
                    if failingClose { throw CloseFailed() }
                }
        }
    }

    /// The whole app without a database (the in-memory routes and todos).
    public static let app = modules { .storage; .requests; .memoryTodos }

    /// The whole app on PostgreSQL: a list, so that the module made from the settings stands
    /// apart from the others (inside `modules { }`, a line that starts with `.` would continue
    /// the line above it).
    public static func app(
        on settings: DatabaseSettings, slowStart: Duration = .zero, failingClose: Bool = false
    ) -> DependencyContainer {
        modules(.storage, .requests, todos(on: settings, slowStart: slowStart, failingClose: failingClose))
    }
}

/// What the janitor's close throws when the server is asked to fail its shutdown.
struct CloseFailed: Error, CustomStringConvertible {
    var description: String { "the janitor's close failed" }
}
