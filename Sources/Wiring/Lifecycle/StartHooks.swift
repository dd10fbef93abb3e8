/// The start hooks of one container: each runs once, on a task of its own, for as long as some
/// caller (a `start()`, a service waiting for what it uses) still waits for it.
///
/// Why a task of its own, not the first caller's: callers come with their own deadlines and
/// their own cancellation. One that gives up leaves alone, with its own error; the hook is
/// cancelled only when no caller waits for it any more, and the next caller runs it again.
final class StartHooks: @unchecked Sendable {
    // Every `var` here, and every `var` of a `Run`, is only touched under `lock`.
    private let lock = Lock()
    private var runs: [UInt64: Run] = [:]
    private var started: Set<UInt64> = []
    private var hasShutDown = false
    private var nextWaiter = 0

    /// How a caller's wait for one hook ended.
    enum Outcome: Sendable {
        case started
        case failed(any Error)
        /// The caller's own deadline passed.
        case deadline
        /// The caller's task was cancelled.
        case cancelled
        /// The container was shut down: no hook begins any more. `whileRunning`: the hook had
        /// begun (it was cancelled, and ended before anything closed).
        case shutDown(whileRunning: Bool)
        /// The run this caller joined had been abandoned (cancelled) and failed: run it again.
        case again
    }

    /// One run of a hook.
    private final class Run: @unchecked Sendable {
        // Every `var` is only touched under the owning `StartHooks`' lock.
        let hook: StartingHook
        var task: Task<Void, Never>?
        var waiters: [Int: Waiter] = [:]
        /// Every caller left, so the task was cancelled: its failure says nothing to a caller
        /// that joins it after.
        var abandoned = false

        init(hook: StartingHook) {
            self.hook = hook
        }
    }

    /// A hook that was running when the container was shut down, for the shutdown to await.
    struct RunningHook: Sendable {
        /// Its instance's creation number.
        let sequence: UInt64
        /// How a report names it (`TodoStore (App/Modules.swift:46)`).
        let described: String
        let task: Task<Void, Never>
    }

    private struct Waiter {
        var continuation: CheckedContinuation<Outcome, Never>?
        /// How the wait ended, when that was settled before the caller began to wait.
        var early: Outcome?
        var timer: Task<Void, Never>?
        let joinedAbandoned: Bool
    }

    /// Whether `shutDown()` was called.
    var isShutDown: Bool { lock.withLock { hasShutDown } }

    /// Waits for `hook` to have run, running it if no one is: until it ends, `deadline` passes
    /// or the calling task is cancelled.
    func wait(for hook: StartingHook, until deadline: ContinuousClock.Instant?) async -> Outcome {
        while true {
            if Task.isCancelled { return .cancelled }
            let joined = lock.withLock { () -> (Run, Int)? in
                guard !hasShutDown, !started.contains(hook.sequence) else { return nil }
                let run = runs[hook.sequence] ?? begin(hook)
                let id = nextWaiter
                nextWaiter += 1
                run.waiters[id] = Waiter(joinedAbandoned: run.abandoned)
                return (run, id)
            }
            guard let (run, id) = joined else { return isShutDown ? .shutDown(whileRunning: false) : .started }
            let outcome = await wait(in: run, as: id, until: deadline)
            if case .again = outcome { continue }
            return outcome
        }
    }

    /// Starts `hook` on a task of its own; call under `lock`.
    private func begin(_ hook: StartingHook) -> Run {
        let run = Run(hook: hook)
        runs[hook.sequence] = run
        let keys = OwnedRuns.keys + [.startHook(instance: hook.sequence)]
        run.task = Task {
            let result = await OwnedRuns.$keys.withValue(keys) { () async -> Result<Void, any Error> in
                do {
                    try await hook.run()
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            self.finish(run, of: hook.sequence, with: result)
        }
        return run
    }

    private func finish(_ run: Run, of sequence: UInt64, with result: Result<Void, any Error>) {
        let settled = lock.withLock { () -> [(Waiter, Outcome)] in
            if runs[sequence] === run { runs[sequence] = nil }
            if case .success = result { started.insert(sequence) }
            var settled: [(Waiter, Outcome)] = []
            for (id, waiter) in run.waiters {
                let outcome: Outcome
                switch result {
                case .success: outcome = .started
                case let .failure(error): outcome = waiter.joinedAbandoned ? .again : .failed(error)
                }
                if waiter.continuation == nil {
                    // Joined but not waiting yet: it finds this when it begins to.
                    if waiter.early == nil { run.waiters[id]?.early = outcome }
                } else {
                    run.waiters[id] = nil
                    settled.append((waiter, outcome))
                }
            }
            return settled
        }
        for (waiter, outcome) in settled { settle(waiter, outcome) }
    }

    private func wait(in run: Run, as id: Int, until deadline: ContinuousClock.Instant?) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let timer = deadline.map { deadline in
                    Task {
                        try? await Task.sleep(until: deadline, clock: .continuous)
                        if !Task.isCancelled { self.leave(run, id, .deadline) }
                    }
                }
                let early = lock.withLock { () -> Outcome? in
                    // Still there: only this caller, or a settling that leaves `early`, removes it.
                    guard var waiter = run.waiters[id] else { return .again }
                    if let early = waiter.early {
                        removeWaiter(id, from: run)
                        return early
                    }
                    waiter.continuation = continuation
                    waiter.timer = timer
                    run.waiters[id] = waiter
                    return nil
                }
                // Settled before this caller could wait: by a leave that came first.
                if let early {
                    timer?.cancel()
                    continuation.resume(returning: early)
                }
            }
        } onCancel: {
            leave(run, id, .cancelled)
        }
    }

    /// Ends one caller's wait with `outcome` (its deadline, its cancellation), leaving the run to
    /// the others; the last to leave cancels it.
    private func leave(_ run: Run, _ id: Int, _ outcome: Outcome) {
        let waiter = lock.withLock { () -> Waiter? in
            guard var waiter = run.waiters[id] else { return nil }
            guard waiter.continuation != nil else {
                // Not waiting yet: it finds this when it begins to.
                if waiter.early == nil { waiter.early = outcome }
                run.waiters[id] = waiter
                return nil
            }
            removeWaiter(id, from: run)
            return waiter
        }
        if let waiter { settle(waiter, outcome) }
    }

    /// Takes waiter `id` off `run`; the last one gone cancels the run. Call under `lock`.
    private func removeWaiter(_ id: Int, from run: Run) {
        run.waiters[id] = nil
        if run.waiters.isEmpty, !run.abandoned {
            run.abandoned = true
            run.task?.cancel()
        }
    }

    private func settle(_ waiter: Waiter, _ outcome: Outcome) {
        waiter.timer?.cancel()
        waiter.continuation?.resume(returning: outcome)
    }

    /// Marks the container shut down: no hook begins any more, every waiting caller gets
    /// `.shutDown`, and each running hook is cancelled. Returns the running hooks' tasks (but that
    /// of a hook the caller runs inside of), for the shutdown to await before it closes anything.
    func shutDown() -> [RunningHook] {
        let own = OwnedRuns.keys
        let (tasks, waiters) = lock.withLock { () -> ([RunningHook], [Waiter]) in
            hasShutDown = true
            var tasks: [RunningHook] = []
            var waiters: [Waiter] = []
            for (sequence, run) in runs {
                for (id, waiter) in run.waiters {
                    if waiter.continuation == nil {
                        run.waiters[id]?.early = .shutDown(whileRunning: true)
                    } else {
                        waiters.append(waiter)
                        run.waiters[id] = nil
                    }
                }
                run.abandoned = true
                run.task?.cancel()
                if let task = run.task, !own.contains(.startHook(instance: sequence)) {
                    tasks.append(RunningHook(sequence: sequence, described: run.hook.described, task: task))
                }
            }
            return (tasks, waiters)
        }
        for waiter in waiters { settle(waiter, .shutDown(whileRunning: true)) }
        return tasks
    }

    /// Those of `hooks` still running: a run is forgotten only once its hook ended, and after
    /// ``shutDown()`` no run begins.
    func stillRunning(_ hooks: [RunningHook]) -> [RunningHook] {
        lock.withLock { hooks.filter { runs[$0.sequence] != nil } }
    }
}

extension DependencyContainer {
    /// This container's start hooks (see ``StartHooks``), made on first use.
    var startHooks: StartHooks { StartHookTable.shared.hooks(of: self) }
}

/// Each container's ``StartHooks``, kept beside the containers rather than in them: most
/// containers (every request's scope) never start anything, and should not pay for it.
private final class StartHookTable: Sendable {
    static let shared = StartHookTable()

    private struct Held {
        // Weak: a container freed takes its hooks with it; an identifier reused by a new
        // container at the same address finds a `nil` here, not another container's state.
        weak var container: DependencyContainer?
        let hooks: StartHooks
    }

    private struct Table {
        var held: [ObjectIdentifier: Held] = [:]
        /// The size at which freed containers' entries are dropped next: doubled each time, so
        /// that dropping them costs little per container however many come and go.
        var pruneAt = 16
    }

    private let table = LockedValue(Table())

    func hooks(of container: DependencyContainer) -> StartHooks {
        table.withLock { table in
            let key = ObjectIdentifier(container)
            if let held = table.held[key], held.container === container { return held.hooks }
            if table.held.count >= table.pruneAt {
                table.held = table.held.filter { $0.value.container != nil }
                table.pruneAt = max(16, table.held.count * 2)
            }
            let hooks = StartHooks()
            table.held[key] = Held(container: container, hooks: hooks)
            return hooks
        }
    }
}
