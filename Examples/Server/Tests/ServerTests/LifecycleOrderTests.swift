import App
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import PostgresNIO
import ServiceLifecycle
import Testing
import Wiring
import WiringHummingbird

// Issue 60 on the example server: services wait for what they use, a test override replaces a
// definition's hook, and `main` survives a start that fails.

@Suite(.serialized)
struct LifecycleOrderTests {
    /// The janitor queries the store's table at its first tick. Listed by
    /// `lifecycleServices()`, it waits for the store's start hook (which creates the table, over
    /// the running client) even though the app's own `start()` comes late: without that, its
    /// first query finds no table.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func aServiceNeverSeesItsStoresTableMissing() async throws {
        let table = "todos_\(UUID().uuidString.prefix(8).lowercased())"
        let root = DependencyContainer.todos(on: .fromEnvironment(), table: table, janitorInterval: .milliseconds(50))
        try await DependencyContainer.withRoot(root) {
            let container = DependencyContainer.shared
            let janitor: TodoJanitor = resolve()
            let group = ServiceGroup(
                configuration: .init(services: try container.lifecycleServices(), logger: Logger(label: "test")))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                // The app's own start, as `beforeServerStarts` runs it, after something slow.
                try await Task.sleep(for: .milliseconds(300))
                try await container.start()
                // Until the janitor's first query, with a hang guard that says what it guards.
                let deadline = ContinuousClock.now + .seconds(60)
                while janitor.firstTick.value == nil {
                    guard ContinuousClock.now < deadline else {
                        Issue.record("the janitor made no query in 60 s")
                        break
                    }
                    try await Task.sleep(for: .milliseconds(10))
                }
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            switch janitor.firstTick.value {
            case .success?: break
            case let .failure(error)?: Issue.record("the janitor's first query failed: \(String(reflecting: error))")
            case nil: Issue.record("no first tick")
            }
            let client: PostgresClient = resolve()
            _ = client
        }
    }

    /// A test that replaces the store never runs the PostgreSQL store's hook, and never builds
    /// the client only that store used: here the database is unreachable, so the hook would fail.
    @Test func aTestOverrideOfTheStoreReplacesItsHook() async throws {
        var settings = DatabaseSettings.fromEnvironment()
        settings.port = 1
        try await DependencyContainer.withRoot(DependencyContainer.todos(on: settings)) {
            try await DependencyContainer.withOverrides {
                single { InMemoryTodoStore() as TodoStore }
                single { TodoJanitor(store: resolve()) }
            } operation: {
                try await DependencyContainer.shared.start(timeout: .seconds(5))
                #expect(resolve() as TodoStore is InMemoryTodoStore)
            }
        }
    }

    /// The `Server` executable, built beside this test bundle.
    var serverBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Server")
    }

    /// A start that keeps failing (the database is not there): retried, then the server exits
    /// non-zero with the message, closing what it built, without a trap.
    @Test func aFailingStartIsRetriedThenExitsNonZeroWithTheMessage() async throws {
        let server = try ServerProcess(binary: serverBinary, environment: [
            "WIRING_DB_PORT": "1", "WIRING_START_ATTEMPTS": "2", "WIRING_START_TIMEOUT_MS": "1500",
            "WIRING_START_DELAY_MS": "100",
        ])
        let (_, log) = try await server.finish()
        let process = server.process
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(process.terminationStatus == 1, "\(log)")
        #expect(log.contains("start attempt 1 of 2 failed, retrying"), "\(log)")
        #expect(log.contains("Server (wiring) failed:"), "\(log)")
        // The services it built were closed all the same.
        #expect(log.contains("closed PostgresClient"), "\(log)")
        #expect(log.contains("Server (wiring) stopped."), "\(log)")
        #expect(!log.contains("Fatal error"), "\(log)")
    }
}

extension LifecycleOrderTests {
    /// SIGTERM while a start hook still runs (here it sleeps 3 s before creating the table): the
    /// server stops without trapping or hanging, and the close callbacks still run.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func sigtermDuringAStartHookStopsCleanly() async throws {
        let server = try ServerProcess(binary: serverBinary, environment: ["WIRING_SLOW_START_MS": "3000"])
        // Once the hook says it runs, not after a delay.
        let hookRuns = await server.lines.wait(for: "slow start hook began")
        #expect(hookRuns, "the slow start hook did not begin within 60 s")
        kill(server.process.processIdentifier, SIGTERM)
        let (ended, log) = try await server.finish()
        let process = server.process
        let hung = !ended
        #expect(!hung, "\(log)")
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(!log.contains("Fatal error"), "\(log)")
        #expect(log.contains("Server (wiring) stopped."), "\(log)")
        #expect(log.contains("closed PostgresClient"), "\(log)")
    }
}

extension LifecycleOrderTests {
    /// A close callback that throws at shutdown: reported with the message, the other callbacks
    /// still run, and the process exits 1 without trapping.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func aFailingShutdownIsReportedAndExitsNonZero() async throws {
        let server = try ServerProcess(binary: serverBinary, environment: ["WIRING_FAIL_CLOSE": "1"])
        // Up once it answers.
        let hello = try #require(URL(string: "http://127.0.0.1:\(server.port)/hello"))
        var up = false
        for _ in 0..<100 where !up {
            up = (try? await URLSession.shared.data(from: hello)) != nil
            if !up { try await Task.sleep(for: .milliseconds(100)) }
        }
        kill(server.process.processIdentifier, SIGTERM)
        let (_, log) = try await server.finish()
        let process = server.process
        #expect(up, "\(log)")
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(process.terminationStatus == 1, "\(log)")
        #expect(log.contains("Server (wiring) shutdown:"), "\(log)")
        #expect(log.contains("the janitor's close failed"), "\(log)")
        #expect(log.contains("closed PostgresClient"), "\(log)")
        #expect(!log.contains("Fatal error"), "\(log)")
    }
}

/// A `Server` process of the test's own, started with `environment` added to this one's.
private struct ServerProcess {
    let process = Process()
    let output = Pipe()
    let lines: OutputLines
    let port = Int.random(in: 30_000..<60_000)

    init(binary: URL, environment extra: [String: String]) throws {
        process.executableURL = binary
        process.arguments = ["wiring", "\(port)"]
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        process.standardError = output
        lines = OutputLines(reading: output)
        try process.run()
    }

    /// Waits up to 60 s for the process to end (then terminates it); returns whether it ended by
    /// itself, and what it printed.
    func finish() async throws -> (ended: Bool, log: String) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        return (ended, lines.all())
    }
}
