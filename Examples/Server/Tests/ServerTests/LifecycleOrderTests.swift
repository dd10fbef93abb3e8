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
    @Test(.enabled(if: databaseTests)) func aServiceNeverSeesItsStoresTableMissing() async throws {
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
                while janitor.firstTick.value == nil { try await Task.sleep(for: .milliseconds(10)) }
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
        let process = Process()
        process.executableURL = serverBinary
        process.arguments = ["wiring", "\(Int.random(in: 30_000..<40_000))"]
        var environment = ProcessInfo.processInfo.environment
        environment["WIRING_DB_PORT"] = "1"
        environment["WIRING_START_ATTEMPTS"] = "2"
        environment["WIRING_START_TIMEOUT_MS"] = "1500"
        environment["WIRING_START_DELAY_MS"] = "100"
        process.environment = environment
        let output = Pipe()
        process.standardError = output
        try process.run()
        let finished = Date().addingTimeInterval(60)
        while process.isRunning && Date() < finished { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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
    @Test(.enabled(if: databaseTests)) func sigtermDuringAStartHookStopsCleanly() async throws {
        let process = Process()
        process.executableURL = serverBinary
        process.arguments = ["wiring", "\(Int.random(in: 40_000..<50_000))"]
        var environment = ProcessInfo.processInfo.environment
        environment["WIRING_SLOW_START_MS"] = "3000"
        process.environment = environment
        let output = Pipe()
        process.standardError = output
        try process.run()
        try await Task.sleep(for: .milliseconds(800))
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        let hung = process.isRunning
        if hung { process.terminate() }
        process.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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
    @Test(.enabled(if: databaseTests)) func aFailingShutdownIsReportedAndExitsNonZero() async throws {
        let port = Int.random(in: 50_000..<60_000)
        let process = Process()
        process.executableURL = serverBinary
        process.arguments = ["wiring", "\(port)"]
        var environment = ProcessInfo.processInfo.environment
        environment["WIRING_FAIL_CLOSE"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardError = output
        try process.run()
        // Up once it answers.
        let hello = try #require(URL(string: "http://127.0.0.1:\(port)/hello"))
        var up = false
        for _ in 0..<100 where !up {
            up = (try? await URLSession.shared.data(from: hello)) != nil
            if !up { try await Task.sleep(for: .milliseconds(100)) }
        }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(up, "\(log)")
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(process.terminationStatus == 1, "\(log)")
        #expect(log.contains("Server (wiring) shutdown:"), "\(log)")
        #expect(log.contains("the janitor's close failed"), "\(log)")
        #expect(log.contains("closed PostgresClient"), "\(log)")
        #expect(!log.contains("Fatal error"), "\(log)")
    }
}
