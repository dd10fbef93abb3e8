import Foundation
import Testing
import Wiring

private final class Migrator: Sendable {}
private final class Warmer: Sendable {
    let migrator: Migrator
    init(migrator: Migrator) { self.migrator = migrator }
}

/// The outcome of a `start()` run on a task of its own.
private func starting(_ container: DependencyContainer, timeout: Duration?) -> Task<LifecycleError?, Never> {
    Task {
        do throws(LifecycleError) {
            try await container.start(timeout: timeout)
            return nil
        } catch {
            return error
        }
    }
}

/// Each `start()` caller keeps its own deadline and cancellation; `shutdown()` stops a start.
// A broken cancel or close hangs a lifecycle test: each has a minute, then fails by name.
@Suite(.timeLimit(.minutes(1))) struct StartCallersTests {
    /// A migrator whose hook says it began, then waits at `gate`, and a warmer whose hook runs
    /// after it.
    private func modules(_ log: EventLog, gate: AsyncGate) -> DependencyContainer {
        module {
            single { Migrator() }
                .onStart { (_: Migrator) in
                    log.append("hook began")
                    do {
                        try await gate.wait()
                    } catch {
                        log.append("hook cancelled")
                        throw error
                    }
                    log.append("hook ended")
                }
                .onClose { (_: Migrator) in log.append("migrator closed") }
            single { Warmer(migrator: resolve()) }
                .onStart { (_: Warmer) in log.append("warmer hook ran") }
                .onClose { (_: Warmer) in log.append("warmer closed") }
        }
    }

    @Test func oneCallersDeadlineFailsThatCallerAloneTheOtherGoesOn() async {
        let log = EventLog()
        let gate = AsyncGate()
        let container = modules(log, gate: gate)
        let patient = starting(container, timeout: .seconds(600))
        await log.happened("hook began")
        let hasty = await starting(container, timeout: .milliseconds(100)).value
        #expect(hasty?.reason == .deadline)
        #expect(hasty?.unfinished.first?.hasPrefix("Migrator (WiringTests/StartCallersTests.swift:") == true)
        #expect(hasty?.description.contains("start did not finish within its timeout (100 ms)") == true)
        #expect(hasty?.description.contains("Only this `start()` gave up") == true)
        // The hook was not cancelled by the hasty caller: it finishes for the patient one.
        gate.open()
        let error = await patient.value
        #expect(error == nil, "\(String(describing: error))")
        #expect(log.all == ["hook began", "hook ended", "warmer hook ran"])
    }

    @Test func aCancelledCallerLeavesAloneTheOtherGoesOn() async {
        let log = EventLog()
        let gate = AsyncGate()
        let container = modules(log, gate: gate)
        let patient = starting(container, timeout: nil)
        await log.happened("hook began")
        let cancelled = starting(container, timeout: nil)
        // Cancelled once it waits for the running hook (no API says when it joined; 200 ms is
        // ample), not before it began to, which `start()` checks on entry.
        try? await Task.sleep(for: .milliseconds(200))
        cancelled.cancel()
        // Its cancellation alone must end its wait, while the hook is still held at the gate.
        let error = await valueWithin(.seconds(10), of: cancelled)
        #expect(error != nil, "the cancelled caller still waited for the hook 10 s after its cancellation")
        #expect(error??.reason == .cancelled)
        #expect(error??.description.contains("start stopped because the task that called it was cancelled") == true)
        #expect(log.all == ["hook began"])
        gate.open()
        #expect(await patient.value == nil)
        #expect(log.all == ["hook began", "hook ended", "warmer hook ran"])
    }

    @Test func theLastCallerToLeaveCancelsTheHookAndTheNextStartRunsItAgain() async {
        let log = EventLog()
        let gate = AsyncGate()
        let container = modules(log, gate: gate)
        let only = await starting(container, timeout: .milliseconds(50)).value
        #expect(only?.reason == .deadline)
        await log.happened("hook cancelled")
        gate.open()
        #expect(await starting(container, timeout: .seconds(600)).value == nil)
        #expect(log.all == ["hook began", "hook cancelled", "hook began", "hook ended", "warmer hook ran"])
    }

    @Test func shutdownDuringStartRunsNoHookOnAClosedInstance() async {
        let log = EventLog()
        let gate = AsyncGate()
        let container = modules(log, gate: gate)
        let start = starting(container, timeout: nil)
        await log.happened("hook began")
        do {
            try await container.shutdown(timeout: .seconds(600))
        } catch {
            Issue.record("\(error)")
        }
        let error = await start.value
        #expect(error?.reason == .shutDown)
        #expect(error?.unfinished.first?.hasPrefix("Migrator (") == true)
        #expect(error?.description.contains("start stopped because its container was shut down with `shutdown()`") == true)
        // The running hook ended (cancelled) before anything closed; the warmer's never ran.
        #expect(log.all == ["hook began", "hook cancelled", "warmer closed", "migrator closed"])
    }

    @Test func aStartAfterShutdownNamesTheShutdown() async throws {
        let log = EventLog()
        let container = modules(log, gate: AsyncGate())
        try await container.shutdown()
        let error = await starting(container, timeout: nil).value
        #expect(error?.reason == .shutDown)
        #expect(error?.description.contains("its container was shut down with `shutdown()`") == true)
        #expect(log.all.isEmpty)
    }

    @Test func aShutdownFromInsideAHookStopsTheStartBeforeTheNextHook() async {
        let log = EventLog()
        // Set once the container exists; the hook runs after.
        let holder = Collected<DependencyContainer>()
        let container = module {
            single { Migrator() }
                .onStart { (_: Migrator) in
                    try? await holder.all.first?.shutdown()
                    log.append("migrator hook ended")
                }
                .onClose { (_: Migrator) in log.append("migrator closed") }
            single { Warmer(migrator: resolve()) }
                .onStart { (_: Warmer) in log.append("warmer hook ran") }
        }
        holder.append(container)
        let error = await starting(container, timeout: .seconds(600)).value
        #expect(error?.reason == .shutDown)
        #expect(!log.all.contains("warmer hook ran"))
        #expect(log.all.contains("migrator closed"))
    }

    /// Containers come and go: one made where a freed one was (the same address) never inherits
    /// its shutdown, and what Wiring keeps of a container's start does not keep it alive.
    @Test func aNewContainerNeverInheritsAFreedOnesShutdown() async throws {
        let log = EventLog()
        weak var last: DependencyContainer?
        for round in 0..<300 {
            let container = module {
                single { Migrator() }.onStart { _ in log.append("ran") }
            }
            try await container.start(timeout: nil)
            try await container.shutdown()
            #expect(log.all.count == round + 1)
            last = container
        }
        #expect(last == nil)
    }

    @Test func aNegativeTimeoutIsRefusedAndNothingRuns() async {
        let log = EventLog()
        let container = modules(log, gate: AsyncGate())
        let start = await starting(container, timeout: .seconds(-1)).value
        #expect(start?.reason == .invalidTimeout)
        #expect(start?.description.contains("start(timeout:) was given a negative timeout (-1 seconds)") == true)
        let _: Warmer = container.resolve()
        do {
            try await container.shutdown(timeout: .milliseconds(-5))
            Issue.record("a negative timeout was accepted")
        } catch {
            #expect(error.reason == .invalidTimeout)
        }
        #expect(log.all.isEmpty)
    }
}
