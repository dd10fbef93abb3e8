import Foundation
import Testing
import Wiring

/// What the callbacks and hooks of one test did, in order.
private final class Events: @unchecked Sendable {
    // `list` is only touched under `lock`.
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ event: String) { lock.withLock { list.append(event) } }
    var all: [String] { lock.withLock { list } }
}

private protocol LongRunning: AnyObject, Sendable {}
private struct Failed: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) failed" }
}

private final class Database: LongRunning {}
private final class Cache: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}
private final class Repository: @unchecked Sendable {
    // Written once, by the wrapper's own synchronization.
    @LazyInject var database: Database
    init() {}
}
private final class Server: LongRunning {
    let cache: Cache
    init(cache: Cache) { self.cache = cache }
}
private final class FakeDatabase: LongRunning {}

private final class Named: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}
private enum Visit {}
/// Lets a definition's hooks reach the container they belong to.
private final class ContainerHolder: @unchecked Sendable {
    // `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: DependencyContainer?

    var container: DependencyContainer? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

extension DependencyContainer {
    fileprivate static let lifecycleCore = module {
        single { Database() }
    }
    /// A module made from a value read at start-up.
    fileprivate static func named(_ name: String) -> DependencyContainer {
        module { single { Named(name) } }
    }
}

// A broken cancel or close hangs a lifecycle test: each has a minute, then fails by name.
@Suite(.timeLimit(.minutes(1))) struct LifecycleTests {
    @Test func modulesMadeFromStartUpValuesComposeAsAList() {
        let name = ["wiring", "app"].joined(separator: "-")  // as if read at start-up
        let app = modules(.lifecycleCore, .named(name))
        #expect((app.resolve() as Named).name == "wiring-app")
        let _: Database = app.resolve()
    }

    @Test func aScopeShutdownAwaitsItsCallbacksDependentsFirst() async throws {
        let events = Events()
        let root = module {
            scope(Visit.self) {
                scoped { Repository() }
                    .onClose { (_: Repository) async in
                        try? await Task.sleep(for: .milliseconds(5))
                        events.append("repository")
                    }
                scoped { Database() }.onClose { (_: Database) in events.append("database") }
            }
        }
        let visit = root.openScope(Visit.self)
        let repository: Repository = visit.resolve()
        _ = repository.database
        try await visit.shutdown()
        #expect(events.all == ["repository", "database"])
        #expect(visit.isClosed)
    }

    @Test func aDependencyBuiltLaterByLazyInjectIsClosedAfterItsDependent() {
        let events = Events()
        let container = module {
            single { Repository() }.onClose { (_: Repository) in events.append("repository") }
            single { Database() }.onClose { (_: Database) in events.append("database") }
        }
        let repository: Repository = container.resolve()
        _ = repository.database  // built now, after the repository that uses it
        #expect(container.startOrder.map(\.type) == ["Database", "Repository"])
        container.close()
        #expect(events.all == ["repository", "database"])
    }

    @Test func closeOrderFollowsWhatEachBuildResolvedNotWhenItWasBuilt() {
        let events = Events()
        let container = module {
            single { Server(cache: resolve()) }.onClose { (_: Server) in events.append("server") }
            single { Cache(database: resolve()) }.onClose { (_: Cache) in events.append("cache") }
            single { Database() }.onClose { (_: Database) in events.append("database") }
        }
        // The database first, then the server (which builds the cache): newest-built first
        // would close the cache before the server.
        let _: Database = container.resolve()
        let _: Server = container.resolve()
        container.close()
        #expect(events.all == ["server", "cache", "database"])
    }

    @Test func anAsyncCloseAwaitsEveryCallbackAndReportsEveryFailure() async {
        let events = Events()
        let container = module {
            single { Server(cache: resolve()) }
                .onClose { (_: Server) async throws in
                    try await Task.sleep(for: .milliseconds(20))
                    events.append("server")
                    throw Failed(name: "server")
                }
            single { Cache(database: resolve()) }.onClose { (_: Cache) in events.append("cache") }
            single { Database() }
                .onClose { (_: Database) async throws in
                    events.append("database")
                    throw Failed(name: "database")
                }
        }
        let _: Server = container.resolve()
        do {
            try await container.shutdown()
            Issue.record("two callbacks threw")
        } catch {
            #expect(error.failures.map(\.type) == ["Server", "Database"])
            #expect(error.unfinished.isEmpty)
            #expect(error.description.contains("Server: server failed"))
        }
        #expect(events.all == ["server", "cache", "database"])
        // Exactly once: closing again runs nothing.
        try? await container.shutdown()
        container.close()
        #expect(events.all.count == 3)
    }

    @Test func concurrentShutdownsRunEachCallbackOnce() async {
        let events = Events()
        let container = module {
            single { Server(cache: resolve()) }
                .onClose { (_: Server) async in
                    try? await Task.sleep(for: .milliseconds(10))
                    events.append("server")
                }
            single { Cache(database: resolve()) }.onClose { (_: Cache) in events.append("cache") }
            single { Database() }.onClose { (_: Database) async in events.append("database") }
        }
        let _: Server = container.resolve()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try? await container.shutdown()
                    // Each returns once every callback ran, not only the one that ran them.
                    events.append(events.all.contains("database") ? "returned after all" : "returned early")
                }
            }
        }
        container.close()
        #expect(events.all.prefix(3) == ["server", "cache", "database"])
        #expect(events.all.dropFirst(3) == Array(repeating: "returned after all", count: 8)[...])
    }

    @Test func aShutdownWaitingForAnotherThrowsItsFailures() async {
        // Only a caller that joined the running shutdown can get its failures: one that came
        // after it ended closes nothing and returns normally. A caller counts itself just before
        // it calls, so it may still be on its way when the callback throws; such a round says
        // nothing and is run again. A second caller that does not wait for the first never gets
        // the failure, in any round.
        var failures: [[String]] = []
        for _ in 0..<5 where failures != [["Database"], ["Database"]] {
            failures = await twoConcurrentShutdownsOfAFailingCallback()
        }
        #expect(failures == [["Database"], ["Database"]])
    }

    /// The failures each of two `shutdown()` callers got, while a close callback waits until both
    /// have called (an event, then 50 ms for the second to reach the shutdown it joins).
    private func twoConcurrentShutdownsOfAFailingCallback() async -> [[String]] {
        let callers = Counter()
        let container = module {
            single { Database() }
                .onClose { (_: Database) async throws in
                    let deadline = ContinuousClock.now + .seconds(60)  // a hang guard
                    while callers.count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
                    try await Task.sleep(for: .milliseconds(50))
                    throw Failed(name: "flush")
                }
        }
        let _: Database = container.resolve()
        return await withTaskGroup(of: [String].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    callers.increment()
                    do throws(LifecycleError) {
                        try await container.shutdown()
                        return []
                    } catch {
                        return error.failures.map(\.type)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func aCallbackOrHookCallingItsOwnContainerAgainDoesNotWaitForItself() async throws {
        let events = Events()
        let holder = ContainerHolder()
        let container = module {
            single { Database() }
                .onStart { (_: Database) async throws in
                    try await holder.container?.start()
                    events.append("started")
                }
                .onClose { (_: Database) async in
                    try? await holder.container?.shutdown()
                    events.append("closed")
                }
        }
        holder.container = container
        try await container.start()
        try await container.shutdown()
        #expect(events.all == ["started", "closed"])
    }

    @Test func concurrentStartsRunEachHookOnce() async throws {
        let events = Events()
        let container = module {
            single { Server(cache: Cache(database: resolve())) }
                .onStart { (_: Server) in events.append("start server") }
            single { Database() }
                .onStart { (_: Database) async in
                    try? await Task.sleep(for: .milliseconds(10))
                    events.append("start database")
                }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { try await container.start() }
            }
            try await group.waitForAll()
        }
        #expect(events.all == ["start database", "start server"])
    }

    @Test func aDeadlineReportsWhatDidNotFinish() async {
        let events = Events()
        let container = module {
            single { Server(cache: resolve()) }
                .onClose { (_: Server) async in
                    try? await Task.sleep(for: .seconds(3_600))
                    events.append("server")
                }
            single { Cache(database: resolve()) }.onClose { (_: Cache) in events.append("cache") }
            single { Database() }
        }
        let _: Server = container.resolve()
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try await container.shutdown(timeout: .milliseconds(100))
            Issue.record("the server's callback cannot finish in time")
        } catch {
            // The server's callback began and did not finish; the cache's never began.
            #expect(error.unfinished == ["Server"])
            #expect(error.skipped == ["Cache"])
            #expect(error.failures.isEmpty)
            #expect(error.description.contains("Unfinished at the deadline (100 ms): Server."))
            #expect(error.description.contains("Skipped, not begun by the deadline: Cache (their instances were released)."))
        }
        // A hang guard, far under the callback's hour: the deadline's timer runs on the shared
        // concurrency pool, which a loaded machine (ThreadSanitizer, suites in parallel) can hold
        // for seconds.
        #expect(clock.now - started < .seconds(120), "shutdown waited for the callback, not for its deadline")
        #expect(events.all.isEmpty)
    }

    @Test func closeStartsAsyncCallbacksInOrderOnATask() async {
        let events = Events()
        let done = AsyncStream<Void>.makeStream()
        let container = module {
            single { Server(cache: resolve()) }
                .onClose { (_: Server) async in
                    try? await Task.sleep(for: .milliseconds(10))
                    events.append("server")
                }
            single { Cache(database: resolve()) }.onClose { (_: Cache) in events.append("cache") }
            single { Database() }.onClose { (_: Database) in
                events.append("database")
                done.continuation.finish()
            }
        }
        let _: Server = container.resolve()
        container.close()
        for await _ in done.stream {}
        #expect(events.all == ["server", "cache", "database"])
    }

    @Test func startRunsEachHookOnceAfterTheHooksOfWhatItUses() async throws {
        let events = Events()
        let container = module {
            // Declared first, built first: its build builds the database.
            single { Server(cache: Cache(database: resolve())) }
                .onStart { (_: Server) in events.append("start server") }
            single { Database() }
                .onStart { (_: Database) async throws in
                    try await Task.sleep(for: .milliseconds(5))
                    events.append("start database")
                }
        }
        try await container.start()
        try await container.start()
        #expect(events.all == ["start database", "start server"])
    }

    @Test func aFailingStartHookStopsTheStartAndNamesItsType() async {
        let events = Events()
        let container = module {
            single { Server(cache: Cache(database: resolve())) }.onStart { (_: Server) in events.append("server") }
            single { Database() }.onStart { (_: Database) in throw Failed(name: "migration") }
        }
        await #expect(throws: LifecycleError.self) { try await container.start() }
        #expect(events.all.isEmpty)
    }

    @Test func aHookThatFailedRunsAgainOnTheNextStart() async throws {
        let events = Events()
        let container = module {
            single { Server(cache: Cache(database: resolve())) }.onStart { (_: Server) in events.append("server") }
            single { Database() }
                .onStart { (_: Database) in
                    events.append("migration")
                    // The first attempt fails (the database was not up yet, say).
                    if events.all.count == 1 { throw Failed(name: "migration") }
                }
        }
        await #expect(throws: LifecycleError.self) { try await container.start() }
        try await container.start()
        try await container.start()
        #expect(events.all == ["migration", "migration", "server"])
    }

    @Test func aStartWaitingForAHookThatFailsThrowsItsError() async {
        let events = Events()
        let container = module {
            single { Server(cache: Cache(database: resolve())) }.onStart { (_: Server) in events.append("server") }
            single { Database() }
                .onStart { (_: Database) async throws in
                    try await Task.sleep(for: .milliseconds(20))
                    events.append("migration")
                    throw Failed(name: "migration")
                }
        }
        let outcomes = await withTaskGroup(of: String.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    do throws(LifecycleError) {
                        try await container.start()
                        return "started"
                    } catch {
                        return error.failures.map(\.type).joined()
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // Both starts fail on the database's hook; each run of it failed, and the server's never ran.
        #expect(outcomes == ["Database", "Database"])
        #expect(!events.all.contains("server"))
        #expect((1...2).contains(events.all.count))
    }

    @Test func servicesComeInDependencyOrderWhateverTheDeclarationOrder() throws {
        let container = module {
            single { Server(cache: resolve()) }.bind((any LongRunning).self)
            factory { Cache(database: resolve()) }
            single { Database() }.bind((any LongRunning).self)
        }
        let services = try container.services((any LongRunning).self)
        #expect(services.count == 2)
        #expect(services.first is Database)
        #expect(services.last is Server)
        let server: Server = container.resolve()
        #expect(services.last === server)
    }

    @Test func aReplacedDefinitionIsNotAServiceItsOverrideTakesItsPlace() throws {
        let app = module {
            single { Server(cache: resolve()) }.bind((any LongRunning).self)
            factory { Cache(database: resolve()) }
            single { Database() }.bind((any LongRunning).self)
        }
        let fake = module {
            single { Database() }.override()
        }
        try DependencyContainer.withRoot(modules { app; fake }) {
            // The override replaced the first `Database` whole, its binding included: the
            // service is the override's instance, listed once, before the server that uses it.
            let services = try DependencyContainer.shared.services((any LongRunning).self)
            #expect(services.count == 2)
            #expect(services.first === (resolve() as Database))
            #expect(services.last is Server)
        }
    }

    @Test func theRootOrdersSingletonsAcrossALoadedModule() throws {
        try DependencyContainer.withExclusiveRoot {
            let events = Events()
            let base = module {
                single { Repository() }.onClose { (_: Repository) in events.append("repository") }
            }
            let storage = module {
                single { Database() }.onClose { (_: Database) in events.append("database") }
            }
            DependencyContainer.defined(by: base)
            let repository: Repository = resolve()
            DependencyContainer.load(storage)
            _ = repository.database
            DependencyContainer.shared.close()
            #expect(events.all == ["repository", "database"])
        }
    }
}
