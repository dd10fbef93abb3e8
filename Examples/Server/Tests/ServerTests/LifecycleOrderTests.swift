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
import WiringServiceLifecycle

// The example server's lifecycle: services wait for what they use, a test override replaces a
// definition's hook, `main` survives a start that fails, and SIGTERM during start ends it cleanly.

@Suite(.serialized)
struct LifecycleOrderTests {
    /// The janitor queries the store's table at its first tick. Listed by
    /// `lifecycleServices()`, it waits for the store's start hook (which creates the table, over
    /// the running client) even though the app's own `start()` comes late: without that, its
    /// first query finds no table. The order is what is asserted: its first query began after
    /// the app called `start()` (a query that happened to come late would not prove it waited).
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func aServiceNeverSeesItsStoresTableMissing() async throws {
        let table = "todos_\(UUID().uuidString.prefix(8).lowercased())"
        let root = DependencyContainer.todos(on: .fromEnvironment(), table: table, janitorInterval: .milliseconds(50))
        try await DependencyContainer.withRoot(root) {
            let container = DependencyContainer.shared
            let janitor: TodoJanitor = resolve()
            let startCalledAt = StartCalled()
            let group = ServiceGroup(
                configuration: .init(services: try container.lifecycleServices(), logger: Logger(label: "test")))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                // The app's own start, as `beforeServerStarts` runs it, after something slow.
                try await Task.sleep(for: .milliseconds(300))
                let startCalled = ContinuousClock.now
                try await container.start()
                startCalledAt.set(startCalled)
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
            if let began = janitor.firstTick.began, let startCalled = startCalledAt.value {
                #expect(began > startCalled, "the janitor queried before the app's start() began the store's hook")
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
        // The last line of a start that gave up says so, without the note for a caller that
        // left a hook running for others.
        let failure = log.components(separatedBy: "Server (wiring) failed:").dropFirst().joined()
        #expect(failure.contains("start gave up: its last attempt (2 of 2)"), "\(log)")
        #expect(!failure.contains("Only this `start()` gave up"), "\(log)")
        // The services it built were closed all the same.
        #expect(log.contains("closed PostgresClient"), "\(log)")
        #expect(log.contains("Server (wiring) stopped."), "\(log)")
        #expect(!log.contains("Fatal error"), "\(log)")
    }
}

extension LifecycleOrderTests {
    /// SIGTERM while a start hook still runs (here it would sleep 10 minutes before creating the
    /// table): the start is cut short at once, the server stops with exit status 0 and no
    /// failure, and the close callbacks run.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func sigtermDuringAStartHookStopsCleanly() async throws {
        let server = try ServerProcess(binary: serverBinary, environment: ["WIRING_SLOW_START_MS": "600000"])
        // Once the hook says it runs, not after a delay.
        let hookRuns = await server.lines.wait(for: "slow start hook began")
        #expect(hookRuns, "the slow start hook did not begin within 60 s")
        let clock = ContinuousClock()
        let signalled = clock.now
        kill(server.process.processIdentifier, SIGTERM)
        let (ended, log) = try await server.finish()
        let took = clock.now - signalled
        let process = server.process
        #expect(ended, "\(log)")
        // Not the hook's ten minutes, nor a deadline's 30 s: the shutdown stops the start. (A
        // hang guard with room for a loaded machine; it takes well under a second here.)
        #expect(took < .seconds(15), "SIGTERM took \(took) to stop the server: \(log)")
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(process.terminationStatus == 0, "\(log)")
        #expect(!log.contains("failed"), "\(log)")
        #expect(!log.contains("Fatal error"), "\(log)")
        #expect(log.contains("closed TodoJanitor"), "\(log)")
        #expect(log.contains("closed PostgresClient"), "\(log)")
        #expect(log.contains("Server (wiring) stopped."), "\(log)")
    }

    /// The database comes up 8 s after the server, whose start gives each attempt 3 s: the start
    /// hook that the janitor (from `lifecycleServices()`) waits for is not cancelled by an
    /// attempt's deadline, the next attempt waits for the same run, and the server comes up and
    /// serves once the database is there. `Scripts/late-database.sh 20` runs this 20 times.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func aDatabaseThatComesUpLateIsWaitedFor() async throws {
        let late = LateDatabase()
        try late.ensureStopped()
        defer { late.stop() }
        let server = try ServerProcess(binary: serverBinary, environment: [
            "WIRING_DB_PORT": "\(late.port)", "WIRING_START_ATTEMPTS": "5", "WIRING_START_TIMEOUT_MS": "3000",
            "WIRING_START_DELAY_MS": "1000",
        ])
        defer { if server.process.isRunning { server.process.terminate() } }
        try await Task.sleep(for: .seconds(8))
        try late.start()
        // The server listens only once its start hooks ran: then it serves at once.
        var served = false
        if let port = await server.listeningPort(), let todos = URL(string: "http://127.0.0.1:\(port)/todos") {
            served = ((try? await URLSession.shared.data(from: todos))?.1 as? HTTPURLResponse)?.statusCode == 200
        }
        kill(server.process.processIdentifier, SIGTERM)
        let (_, log) = try await server.finish()
        #expect(served, "\(log)")
        #expect(server.process.terminationStatus == 0, "\(log)")
        #expect(!log.contains("failed:"), "\(log)")
        #expect(!log.contains("requestCancelled"), "\(log)")
        #expect(log.contains("closed PostgresClient"), "\(log)")
    }
}

extension LifecycleOrderTests {
    /// A close callback that throws at shutdown: reported with the message, the other callbacks
    /// still run, and the process exits 1 without trapping.
    @Test(.enabled(if: databaseTests, "needs PostgreSQL: run with WIRING_DB_TESTS=1 after Scripts/postgres.sh start"))
    func aFailingShutdownIsReportedAndExitsNonZero() async throws {
        let server = try ServerProcess(binary: serverBinary, environment: ["WIRING_FAIL_CLOSE": "1"])
        // Up once it says it listens, and answers.
        var up = false
        if let port = await server.listeningPort(), let hello = URL(string: "http://127.0.0.1:\(port)/hello") {
            up = ((try? await URLSession.shared.data(from: hello))?.1 as? HTTPURLResponse)?.statusCode == 200
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

/// A PostgreSQL cluster of the test's own, on a port of its own, started late with
/// `Scripts/postgres.sh`.
private struct LateDatabase {
    let port = 54_401
    var directory: String { "/tmp/wiring-postgres-late-\(port)" }

    /// Runs `Scripts/postgres.sh command` for this cluster and waits for it. Spawned and reaped
    /// by hand: Foundation's `Process` did not see this script end (it leaves the database
    /// server running behind it) and waited forever.
    private func script(_ command: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/postgres.sh").path
        let environment = ProcessInfo.processInfo.environment.merging(
            ["WIRING_DB_PORT": "\(port)", "WIRING_PG_DIR": directory]) { $1 }
        let arguments = ["/bin/bash", "-c", "exec \"$0\" \"$1\" > /dev/null 2>&1 < /dev/null", path, command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", nil, nil, argv, envp) == 0 else { throw LateDatabaseFailed(command: command) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else { throw LateDatabaseFailed(command: command) }
    }

    func ensureStopped() throws { try? script("stop") }
    func start() throws { try script("start") }
    func stop() { try? script("stop") }
}

/// When the test called the app's `start()`, read after the service group ends.
private final class StartCalled: @unchecked Sendable {
    // `instant` is only touched under `lock`.
    private let lock = NSLock()
    private var instant: ContinuousClock.Instant?

    var value: ContinuousClock.Instant? { lock.withLock { instant } }
    func set(_ value: ContinuousClock.Instant) { lock.withLock { instant = value } }
}

private struct LateDatabaseFailed: Error {
    let command: String
}

