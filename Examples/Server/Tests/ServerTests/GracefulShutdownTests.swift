import App
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built server, sent SIGTERM while requests are in flight: the requests complete, the
/// services stop dependents first and the database client last, every `.onClose` runs in the same
/// order, and the process exits 0. Needs the database (`Scripts/postgres.sh start`).
@Suite(.serialized)
struct GracefulShutdownTests {
    /// The `Server` executable, built beside this test bundle by `swift build --build-tests`.
    private var serverBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Server")
    }

    /// A session that opens a connection per request at once (the shared one queues some).
    private let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        return URLSession(configuration: configuration)
    }()

    private func request(_ method: String, _ url: URL, body: String? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 30
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func sigtermLetsRequestsFinishAndStopsWhatOthersUseLast() async throws {
        let server = try ServerProcess(binary: serverBinary, environment: [:])
        let process = server.process
        let lines = server.lines
        defer { if process.isRunning { process.terminate() } }

        // Up once it says it listens (on a port the system picked), and answers.
        let port = try #require(await server.listeningPort(), "the server did not start")
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        try #require(try await request("GET", base.appendingPathComponent("hello")).0 == 200)
        let (status, body) = try await request("POST", base.appendingPathComponent("todos"), body: #"{"title":"in flight"}"#)
        #expect(status == 201)
        let todo = try JSONDecoder().decode(Todo.self, from: body)

        // Eight slow reads (800 ms each) in flight, then SIGTERM: once the server says all eight
        // have begun, not after a delay.
        let slow = base.appendingPathComponent("slow").appendingPathComponent(todo.id.uuidString)
        let results = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for _ in 0..<8 { group.addTask { try await request("GET", slow) } }
            let inFlight = await lines.wait(for: "slow read began", count: 8)
            #expect(inFlight, "the server did not report eight reads in flight within 60 s")
            kill(process.processIdentifier, SIGTERM)
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for (status, data) in results {
            #expect(status == 200)
            #expect((try? JSONDecoder().decode(Todo.self, from: data)) == todo)
        }

        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        let log = lines.all()
        let logLines = log.split(separator: "\n").map(String.init)
        func position(_ line: String) -> Int? { logLines.firstIndex(of: line) }
        // The service group stops the janitor (which uses the store) before the client.
        let janitorStopped = try #require(position("stopped TodoJanitor"), "\(log)")
        let clientStopped = try #require(position("stopped PostgresClient"), "\(log)")
        #expect(janitorStopped < clientStopped)
        // Then Wiring closes what the services used, dependents first.
        let janitorClosed = try #require(position("closed TodoJanitor"), "\(log)")
        let clientClosed = try #require(position("closed PostgresClient"), "\(log)")
        #expect(clientStopped < janitorClosed)
        #expect(janitorClosed < clientClosed)
        #expect(!log.contains("unfinished"))
        #expect(log.contains("Server (wiring) stopped."))
    }
}
