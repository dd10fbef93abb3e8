import Foundation
import PostgresNIO

/// Todos in a PostgreSQL table, through the app's one `PostgresClient`.
public struct PostgresTodoStore: TodoStore {
    let client: PostgresClient
    /// The table's name: `todos`, or one of a test's own.
    let table: String

    public init(client: PostgresClient, table: String = "todos") {
        self.client = client
        self.table = table
    }

    public func prepare() async throws {
        try await client.query(
            """
            CREATE TABLE IF NOT EXISTS \(unescaped: table) (
                id uuid PRIMARY KEY, title text NOT NULL, "order" integer, completed boolean NOT NULL
            )
            """)
    }

    public func create(_ todo: Todo) async throws {
        try await client.query(
            """
            INSERT INTO \(unescaped: table) (id, title, "order", completed)
            VALUES (\(todo.id), \(todo.title), \(todo.order), \(todo.completed))
            """)
    }

    public func todo(id: UUID) async throws -> Todo? {
        let rows = try await client.query(#"SELECT id, title, "order", completed FROM \#(unescaped: table) WHERE id = \#(id)"#)
        for try await (id, title, order, completed) in rows.decode((UUID, String, Int?, Bool).self) {
            return Todo(id: id, title: title, order: order, completed: completed)
        }
        return nil
    }

    public func list(limit: Int) async throws -> [Todo] {
        let rows = try await client.query(
            #"SELECT id, title, "order", completed FROM \#(unescaped: table) ORDER BY "order" NULLS LAST, title LIMIT \#(limit)"#)
        var todos: [Todo] = []
        for try await (id, title, order, completed) in rows.decode((UUID, String, Int?, Bool).self) {
            todos.append(Todo(id: id, title: title, order: order, completed: completed))
        }
        return todos
    }

    public func delete(id: UUID) async throws -> Bool {
        let rows = try await client.query("DELETE FROM \(unescaped: table) WHERE id = \(id) RETURNING id")
        for try await _ in rows.decode(UUID.self) { return true }
        return false
    }

    public func count() async throws -> Int {
        let rows = try await client.query("SELECT count(*) FROM \(unescaped: table)")
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }
}

/// Where the app's database is, read at start-up.
public struct DatabaseSettings: Sendable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String
    public var database: String

    /// From `WIRING_DB_HOST`, `WIRING_DB_PORT`, `WIRING_DB_USER`, `WIRING_DB_PASSWORD` and
    /// `WIRING_DB_NAME`, with the defaults `Scripts/postgres.sh` sets up.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        DatabaseSettings(
            host: environment["WIRING_DB_HOST"] ?? "127.0.0.1",
            port: environment["WIRING_DB_PORT"].flatMap(Int.init) ?? 54329,
            username: environment["WIRING_DB_USER"] ?? "wiring",
            password: environment["WIRING_DB_PASSWORD"] ?? "wiring",
            database: environment["WIRING_DB_NAME"] ?? "wiring_example")
    }

    /// The client's configuration: plain TCP on loopback.
    public var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
        configuration.options.maximumConnections = 8
        return configuration
    }
}
