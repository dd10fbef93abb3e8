import Foundation
import Logging
import ServiceLifecycle
import Testing
import Wiring
import WiringServiceLifecycle

private final class Store: Sendable {}
private struct StoreDown: Error, CustomStringConvertible {
    let run: Int
    var description: String { "connection refused (run \(run))" }
}

/// A service over the store: it says when it runs (it must not, while the store's hook fails),
/// then runs until the group stops.
private struct Reporter: Service {
    let store: Store
    let events: Events
    func run() async throws {
        events.append("reporter ran")
        try? await gracefulShutdown()
    }
}

private enum Name: Hashable, Sendable { case first, second, third }

/// What the hooks, the retries and the services did, across tasks.
private final class Events: @unchecked Sendable {
    // Both `var`s are only touched under `lock`.
    private let lock = NSLock()
    private var list: [String] = []
    private var runs = 0

    func append(_ event: String) { lock.withLock { list.append(event) } }
    var all: [String] { lock.withLock { list } }

    /// Numbers the store's hook runs (a hook has one run at a time).
    func nextRun() -> Int { lock.withLock { runs += 1; return runs } }
    var totalRuns: Int { lock.withLock { runs } }
}

/// Long enough for the services to have begun to wait, and for a run that one of them wrongly
/// began to show: nothing can be observed of a wait that runs nothing.
private let settle = Duration.milliseconds(200)

/// `startBeforeServing`'s attempts are the only runs of the hooks: the services from
/// `lifecycleServices()` wait for them and never run one, and the last attempt's error says it
/// was the last.
@Suite struct StartBeforeServingTests {
    /// The store with the hook `body` (given the run's number), and `services` reporters over it.
    private func container(
        _ events: Events, services: Int, _ body: @escaping @Sendable (Int) async throws -> Void
    ) -> DependencyContainer {
        let names = Array([Name.first, .second, .third].prefix(services))
        return module {
            single { Store() }
                .onStart { (_: Store) in try await body(events.nextRun()) }
            for name in names {
                single(tag: name) { Reporter(store: resolve(), events: events) }.bind((any Service).self)
            }
        }
    }

    /// Runs `container`'s `lifecycleServices()` in a service group while `body` runs, then stops
    /// the group gracefully (SIGTERM's path) and awaits it.
    private func withServices(
        of container: DependencyContainer, _ body: () async throws -> Void
    ) async throws {
        var configuration = ServiceGroupConfiguration(
            services: try container.lifecycleServices(), logger: Logger(label: "test"))
        // A service that a graceful shutdown does not stop (a broken wait) is cancelled, and the
        // test fails on what it finds instead of hanging.
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        let group = ServiceGroup(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await Task.sleep(for: settle)
            try await body()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [0, 1, 3])
    func aHookThatAlwaysFailsRunsExactlyAttemptsTimes(waitingServices: Int) async throws {
        let events = Events()
        let container = container(events, services: waitingServices) { run in throw StoreDown(run: run) }
        #expect(try container.lifecycleServices().count == waitingServices)
        try await withServices(of: container) {
            do {
                try await container.startBeforeServing(attempts: 5, timeout: .seconds(10), delay: .milliseconds(1)) {
                    error, attempt in
                    events.append("attempt \(attempt) failed: \(error.failures.first?.error ?? error)")
                }
                Issue.record("the start succeeded")
            } catch {
                events.append("gave up: \((error as? LifecycleError)?.failures.first?.error ?? error)")
            }
            #expect(events.totalRuns == 5)
            // The services wait on (until the group stops), running no hook of their own.
            try await Task.sleep(for: settle)
            #expect(events.totalRuns == 5)
        }
        #expect(events.totalRuns == 5)
        // Every failed run reported once, through the app's own path, and no service ran.
        #expect(events.all == [
            "attempt 1 failed: connection refused (run 1)", "attempt 2 failed: connection refused (run 2)",
            "attempt 3 failed: connection refused (run 3)", "attempt 4 failed: connection refused (run 4)",
            "gave up: connection refused (run 5)",
        ])
    }

    @Test(.timeLimit(.minutes(1)))
    func theLastAttemptsFailureSaysItWasTheLast() async throws {
        let events = Events()
        let container = container(events, services: 1) { run in throw StoreDown(run: run) }
        try await withServices(of: container) {
            do {
                try await container.startBeforeServing(attempts: 3, timeout: .seconds(10), delay: .milliseconds(1))
                Issue.record("the start succeeded")
            } catch {
                let message = "\(error)"
                #expect((error as? LifecycleError)?.reason == .failed)
                #expect(message.contains("start gave up: its last attempt (3 of 3) failed:"), "\(message)")
                #expect(message.contains("Store (ServerTests/StartBeforeServingTests.swift:"), "\(message)")
                #expect(message.contains("connection refused (run 3)"), "\(message)")
                #expect(!message.contains("Only this `start()`"), "\(message)")
            }
        }
        #expect(events.totalRuns == 3)
    }

    /// The last attempt ran out of time while a service waits (the run goes on for it until the
    /// group stops): the error says it was the last, and names what the hook threw the run before.
    @Test(.timeLimit(.minutes(1)))
    func theLastAttemptsDeadlineSaysItWasTheLastAndNamesTheHooksLastError() async throws {
        let events = Events()
        let container = container(events, services: 1) { run in
            if run == 1 { throw StoreDown(run: run) }
            try await Task.sleep(for: .seconds(600))
        }
        try await withServices(of: container) {
            do {
                try await container.startBeforeServing(
                    attempts: 2, timeout: .milliseconds(300), delay: .milliseconds(1))
                Issue.record("the start succeeded")
            } catch {
                let message = "\(error)"
                #expect((error as? LifecycleError)?.reason == .deadline)
                #expect(
                    message.contains(
                        "start gave up: its last attempt (2 of 2) did not finish within its timeout (300 ms)"),
                    "\(message)")
                #expect(
                    message.contains("The hook's last error, from its run before: connection refused (run 1)"),
                    "\(message)")
                #expect(!message.contains("Only this `start()` gave up"), "\(message)")
            }
        }
        #expect(events.totalRuns == 2)
        #expect(!events.all.contains("reporter ran"))
    }

    /// Once the start succeeds, every waiting service runs.
    @Test(.timeLimit(.minutes(1)))
    func theServicesRunOnceAnAttemptSucceeds() async throws {
        let events = Events()
        let container = container(events, services: 3) { run in if run < 3 { throw StoreDown(run: run) } }
        try await withServices(of: container) {
            try await container.startBeforeServing(attempts: 5, timeout: .seconds(10), delay: .milliseconds(1))
            let deadline = ContinuousClock.now + .seconds(30)  // a hang guard
            while events.all.filter({ $0 == "reporter ran" }).count < 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        #expect(events.totalRuns == 3)
        #expect(events.all == ["reporter ran", "reporter ran", "reporter ran"])
    }
}
