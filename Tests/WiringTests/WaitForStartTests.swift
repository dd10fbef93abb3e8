import Foundation
import Testing
import Wiring

private protocol Worker: Sendable {}
private final class Store: Sendable {}
private final class Janitor: Worker {
    let store: Store
    init(store: Store) { self.store = store }
}
private struct HookFailed: Error, CustomStringConvertible {
    let run: Int
    var description: String { "the store's hook failed (run \(run))" }
}

/// Numbers a hook's runs (they never overlap: a hook has one run at a time).
private final class Runs: @unchecked Sendable {
    // `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func next() -> Int { lock.withLock { count += 1; return count } }
    var total: Int { lock.withLock { count } }
}

/// How a wait or a start run on a task of its own ended.
private func outcome(
    _ body: @escaping @Sendable () async throws(LifecycleError) -> Void
) -> Task<LifecycleError?, Never> {
    Task {
        do throws(LifecycleError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}

/// `task`'s outcome. One that has not ended within 10 s (a broken wait) is cancelled, and that is
/// recorded: a broken feature fails here, named, instead of hanging the suite.
private func ended(
    _ task: Task<LifecycleError?, Never>, sourceLocation: SourceLocation = #_sourceLocation
) async -> LifecycleError? {
    let timer = Task { () -> Bool in
        do { try await Task.sleep(for: .seconds(10)) } catch { return false }
        task.cancel()
        return true
    }
    let value = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    timer.cancel()
    if await timer.value { Issue.record("the wait did not end within 10 s: cancelled", sourceLocation: sourceLocation) }
    return value
}

/// Waits up to 10 s for `event` in `log`; records it if it does not come.
private func soon(_ event: String, in log: EventLog, sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while !log.all.contains(event), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
    }
    if !log.all.contains(event) { Issue.record("no \"\(event)\" within 10 s", sourceLocation: sourceLocation) }
}

/// Long enough for a task that was just made to have begun its wait, and for a hook run that a
/// waiter wrongly began to show: nothing can be observed of a wait that runs nothing.
private let settle = Duration.milliseconds(100)

/// `waitForStart` waits for the runs a `start()` begins and never begins one: only the app's
/// start decides how often a hook runs, and `start(attempts:)` bounds that.
@Suite struct WaitForStartTests {
    /// A store whose hook runs `body` with the run's number, and a janitor service that uses it.
    private func modules(_ runs: Runs, _ body: @escaping @Sendable (Int) async throws -> Void) -> DependencyContainer {
        module {
            single { Store() }
                .onStart { (_: Store) in try await body(runs.next()) }
            single { Janitor(store: resolve()) }.bind((any Worker).self)
        }
    }

    /// The janitor's wait, on a task of its own.
    private func waiting(_ container: DependencyContainer) throws -> Task<LifecycleError?, Never> {
        let janitor = try #require(try container.managedServices((any Worker).self).first)
        return outcome { () async throws(LifecycleError) in try await container.waitForStart(janitor) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitingServiceRunsNoHookUntilTheAppStarts() async throws {
        let runs = Runs()
        let container = modules(runs) { _ in }
        let waiter = try waiting(container)
        try await Task.sleep(for: settle)
        #expect(runs.total == 0, "the waiting service ran the hook")
        try await container.start()
        #expect(await ended(waiter) == nil)
        #expect(runs.total == 1)
        // Once the hook ran, a wait returns at once.
        #expect(await ended(try waiting(container)) == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedRunDoesNotEndTheWaitTheNextStartsRunDoes() async throws {
        let runs = Runs()
        let container = modules(runs) { run in if run == 1 { throw HookFailed(run: run) } }
        let waiter = try waiting(container)
        try await Task.sleep(for: settle)
        let first = await ended(outcome { () async throws(LifecycleError) in try await container.start() })
        #expect(first?.reason == .failed)
        #expect((first?.failures.first?.error as? HookFailed)?.run == 1)
        // The service neither gave up nor ran the hook again: it waits for the app's next start.
        try await Task.sleep(for: settle)
        #expect(runs.total == 1)
        try await container.start()
        #expect(await ended(waiter) == nil)
        #expect(runs.total == 2)
    }

    /// `attempts` bounds the runs however many services wait, and every failed run is reported
    /// once: to `onRetry`, then as the error thrown.
    @Test(.timeLimit(.minutes(1)), arguments: [0, 1, 3])
    func anAlwaysFailingHookRunsExactlyAsOftenAsTheAttempts(waitingServices: Int) async throws {
        let runs = Runs()
        let container = modules(runs) { run in throw HookFailed(run: run) }
        let waiters = try (0..<waitingServices).map { _ in try waiting(container) }
        try await Task.sleep(for: settle)
        let retried = Collected<Int>()
        let error = await ended(outcome { () async throws(LifecycleError) in
            try await container.start(attempts: 4, delay: .milliseconds(1)) { error, attempt in
                retried.append((error.failures.first?.error as? HookFailed)?.run ?? -attempt)
            }
        })
        #expect(runs.total == 4)
        #expect(retried.all == [1, 2, 3])
        #expect((error?.failures.first?.error as? HookFailed)?.run == 4)
        // The services wait on, and run nothing of their own.
        try await Task.sleep(for: settle)
        #expect(runs.total == 4)
        for waiter in waiters {
            waiter.cancel()
            #expect(await ended(waiter)?.reason == .cancelled)
        }
        #expect(runs.total == 4)
    }

    @Test(.timeLimit(.minutes(1)))
    func theLastAttemptsFailureSaysItWasTheLast() async throws {
        let runs = Runs()
        let container = modules(runs) { run in throw HookFailed(run: run) }
        let error = try #require(await ended(outcome { () async throws(LifecycleError) in
            try await container.start(attempts: 2, delay: .milliseconds(1))
        }))
        #expect(error.reason == .failed)
        #expect(error.description.contains("start gave up: its last attempt (2 of 2) failed:"), "\(error)")
        #expect(error.description.contains("Store (WiringTests/WaitForStartTests.swift:"), "\(error)")
        #expect(error.description.contains("the store's hook failed (run 2)"), "\(error)")
        #expect(!error.description.contains("Only this `start()`"), "\(error)")
    }

    /// The last attempt ran out of time: it says so, and names what the hook threw the run before.
    @Test(.timeLimit(.minutes(1)))
    func theLastAttemptsDeadlineSaysItWasTheLastAndNamesTheHooksLastError() async throws {
        let runs = Runs()
        let container = modules(runs) { run in
            if run == 1 { throw HookFailed(run: run) }
            try await Task.sleep(for: .seconds(600))
        }
        let error = try #require(await ended(outcome { () async throws(LifecycleError) in
            try await container.start(attempts: 2, timeout: .milliseconds(200), delay: .milliseconds(1))
        }))
        #expect(error.reason == .deadline)
        #expect(error.unfinished.first?.hasPrefix("Store (WiringTests/WaitForStartTests.swift:") == true)
        #expect(
            error.description.contains(
                "start gave up: its last attempt (2 of 2) did not finish within its timeout (200 ms)"),
            "\(error)")
        #expect(
            error.description.contains("The hook's last error, from its run before: the store's hook failed (run 1)"),
            "\(error)")
        #expect(!error.description.contains("Only this `start()`"), "\(error)")
        #expect(runs.total == 2)
    }

    /// A start that gives up at its deadline leaves the run going for the waiting service (a
    /// database that comes up late); the service leaving last cancels it.
    @Test(.timeLimit(.minutes(1)))
    func aRunItsStartLeftGoesOnWhileAServiceWaitsAndEndsWhenNoneDoes() async throws {
        let log = EventLog()
        let gate = AsyncGate()
        let runs = Runs()
        let container = modules(runs) { _ in
            log.append("hook began")
            do {
                try await gate.wait()
            } catch {
                log.append("hook cancelled")
                throw error
            }
        }
        let waiter = try waiting(container)
        let hasty = await ended(outcome { () async throws(LifecycleError) in
            try await container.start(timeout: .milliseconds(100))
        })
        #expect(hasty?.reason == .deadline)
        try await Task.sleep(for: settle)
        #expect(log.all == ["hook began"])
        waiter.cancel()
        let left = try #require(await ended(waiter))
        #expect(left.reason == .cancelled)
        #expect(
            left.description.contains(
                "waitForStart stopped because the task that called it was cancelled while it waited for the start "
                    + "hook of Store (WiringTests/WaitForStartTests.swift:"),
            "\(left)")
        await soon("hook cancelled", in: log)
        #expect(runs.total == 1)
    }

    /// A run that fails after every `start()` waiting for it left is reported by the next
    /// `start()`, instead of a run; the one after runs the hook again.
    @Test(.timeLimit(.minutes(1)))
    func aRunThatFailsAfterItsStartLeftIsReportedByTheNextStart() async throws {
        let log = EventLog()
        let gate = AsyncGate()
        let runs = Runs()
        let container = modules(runs) { run in
            guard run == 1 else { return }
            try await gate.wait()
            log.append("hook failed")
            throw HookFailed(run: run)
        }
        let waiter = try waiting(container)
        let hasty = await ended(outcome { () async throws(LifecycleError) in
            try await container.start(timeout: .milliseconds(100))
        })
        #expect(hasty?.reason == .deadline)
        gate.open()
        await soon("hook failed", in: log)
        let reported = await ended(outcome { () async throws(LifecycleError) in try await container.start() })
        #expect(reported?.reason == .failed)
        #expect((reported?.failures.first?.error as? HookFailed)?.run == 1)
        #expect(
            reported?.description.contains("That run began for an earlier `start()`") == true,
            "\(String(describing: reported))")
        #expect(runs.total == 1)
        try await container.start()
        #expect(runs.total == 2)
        #expect(await ended(waiter) == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func aShutdownEndsTheWait() async throws {
        let runs = Runs()
        let container = modules(runs) { _ in }
        let janitor = try #require(try container.managedServices((any Worker).self).first)
        let waiter = try waiting(container)
        try await Task.sleep(for: settle)
        try await container.shutdown()
        let error = await ended(waiter)
        #expect(error?.reason == .shutDown)
        #expect(error?.description.contains("waitForStart stopped because its container was shut down") == true)
        #expect(runs.total == 0)
        // A wait after the shutdown says so at once.
        let late = await ended(outcome { () async throws(LifecycleError) in try await container.waitForStart(janitor) })
        #expect(late?.reason == .shutDown)
    }

    @Test(.timeLimit(.minutes(1)))
    func waitingForWhatAnInstanceUsesFindsItByIdentity() async throws {
        let runs = Runs()
        let container = modules(runs) { _ in }
        let janitor: Janitor = container.resolve()
        let waiter = outcome { () async throws(LifecycleError) in
            try await container.waitForStart(dependenciesOf: janitor)
        }
        try await Task.sleep(for: settle)
        #expect(runs.total == 0)
        try await container.start()
        #expect(await ended(waiter) == nil)
        let stranger = await ended(outcome { () async throws(LifecycleError) in
            try await container.waitForStart(dependenciesOf: Janitor(store: Store()))
        })
        #expect(stranger?.reason == .notBuilt)
        #expect(stranger?.description.contains("waitForStart(dependenciesOf:) was given a `") == true)
    }
}
