import App
import Foundation
import Hummingbird
import HummingbirdTesting
import ServiceLifecycle
import Testing
import Wiring
import WiringTesting

/// Whether CI (or you) started the database with `Scripts/postgres.sh start` and asked for the
/// tests that need it: `WIRING_DB_TESTS=1 swift test`.
let databaseTests = ProcessInfo.processInfo.environment["WIRING_DB_TESTS"] == "1"

/// The todo API through the app's routes, on the app's real modules.
@Suite(.wired(DependencyContainer.app(on: .fromEnvironment())))
struct TodoTests {
    /// Creates, reads, lists and deletes one todo through `client`.
    private func roundTrip(_ client: some TestClientProtocol) async throws {
        let created = try await client.execute(
            uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"buy milk","order":3}"#)
        ) { response -> Todo in
            #expect(response.status == .created)
            return try JSONDecoder().decode(Todo.self, from: response.body)
        }
        #expect(created.title == "buy milk")
        try await client.execute(uri: "/todos/\(created.id)", method: .get) { response in
            #expect(response.status == .ok)
            let read = try JSONDecoder().decode(Todo.self, from: response.body)
            #expect(read == created)
        }
        try await client.execute(uri: "/todos", method: .get) { response in
            let list = try JSONDecoder().decode(TodoList.self, from: response.body)
            #expect(list.todos.contains(created))
        }
        try await client.execute(uri: "/todos/\(created.id)", method: .delete) { #expect($0.status == .noContent) }
        try await client.execute(uri: "/todos/\(created.id)", method: .get) { #expect($0.status == .notFound) }
        try await client.execute(uri: "/todos/\(created.id)", method: .delete) { #expect($0.status == .notFound) }
        try await client.execute(uri: "/todos/not-an-id", method: .get) { #expect($0.status == .badRequest) }
    }

    /// No database: the test replaces the store, through Wiring's test support, with one in
    /// memory. The services list still has the (idle) client, which the override did not
    /// replace; the start hook belongs to the replaced store and does not run.
    @Test func theApiWorksWithTheStoreReplacedInMemory() async throws {
        try await DependencyContainer.withOverrides {
            single { InMemoryTodoStore() as TodoStore }
        } operation: {
            let app = try buildWiredApplication()
            try await app.test(.router) { client in try await roundTrip(client) }
            let store: TodoStore = try DependencyContainer.shared.resolveThrowing()
            #expect(store is InMemoryTodoStore)
            let stats: ServerStats = resolve()
            #expect(stats.snapshot.auditLogsFlushed == stats.snapshot.requests)
        }
    }

    /// The real thing: PostgreSQL, the client run as a service, the table made by the store's
    /// start hook before the first request.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func theApiWorksOnPostgreSQL() async throws {
        let app = try buildWiredApplication()
        try await app.test(.router) { client in try await roundTrip(client) }
        // The services are listed as `any Service` (wrapped only by the app), in dependency
        // order: the client before the janitor that uses it through the store.
        let services = try DependencyContainer.shared.services((any Service).self).map { "\(type(of: $0))" }
        let clientService = try #require(services.firstIndex(of: "PostgresClient"), "\(services)")
        let janitorService = try #require(services.firstIndex(of: "TodoJanitor"), "\(services)")
        #expect(clientService < janitorService)
        #expect(try DependencyContainer.shared.services(ReportedService.self).isEmpty)
        let order = DependencyContainer.shared.startOrder.map(\.type)
        let client = try #require(order.firstIndex(of: "PostgresClient"))
        let janitor = try #require(order.firstIndex(of: "TodoJanitor"))
        #expect(client < janitor)
    }
}
