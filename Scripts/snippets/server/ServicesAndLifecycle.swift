// What ServicesAndLifecycle's server blocks take as given: the todo store on PostgreSQL, its
// janitor service, the settings read at start-up and the server's router, as `Examples/Server`
// has them. Compiled with each block by `check-snippets.py --server`.
import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle
import Wiring

struct DatabaseSettings: Sendable {
    var clientConfiguration: PostgresClient.Configuration
    static func fromEnvironment() -> DatabaseSettings {
        DatabaseSettings(clientConfiguration: .init(
            host: "127.0.0.1", port: 5432, username: "todos", password: nil, database: "todos", tls: .disable))
    }
}

protocol TodoStore: Sendable {
    func createTable() async throws
    func prepare() async throws
}

struct PostgresTodoStore: TodoStore {
    let client: PostgresClient
    func createTable() async throws { try await client.query("CREATE TABLE IF NOT EXISTS todos (id INT)") }
    func prepare() async throws { try await createTable() }
}

struct TodoJanitor: Service {
    let store: any TodoStore
    func run() async throws { try await gracefulShutdown() }
}

extension DependencyContainer {
    static let core = module {}
}

@MainActor let router = Router()   // top-level code (the block's `main`) runs on the main actor
let configuration = ApplicationConfiguration(address: .hostname("127.0.0.1", port: 8080))
let logger = Logger(label: "todos")
