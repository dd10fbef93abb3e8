/// The start hooks of one container: each runs once, on a task of its own, for as long as some
/// caller (a `start()`, a service waiting for what it uses) still waits for it.
///
/// Why a task of its own, not the first caller's: callers come with their own deadlines and
/// their own cancellation. One that gives up leaves alone, with its own error; the hook is
/// cancelled only when no caller waits for it any more, and the next caller runs it again.
///
/// Two kinds of caller: a `start()` waits for a run and begins one if none is going
/// (``wait(for:until:)``); a service only watches (``watch(_:)``): it keeps a run going, but never
/// begins one, and waits across a failed run for the next that a `start()` begins. So only the
/// app's `start()` decides how often a hook runs, and each failed run is reported to a `start()`:
/// to the callers that waited for it, or, if they had all left (a service kept it going), to the
/// next `start()`, instead of a run.
final class StartHooks: @unchecked Sendable {
    // Every `var` here, and every `var` of a `Run`, is only touched under `lock`.
    private let lock = Lock()
    private var runs: [UInt64: Run] = [:]
    private var started: Set<UInt64> = []
    /// The services watching each hook (see ``watch(_:)``), by hook and caller.
    private var watchers: [UInt64: [Int: Waiter]] = [:]
    /// Each hook's last failed run (not one cancelled because no one waited for it any more),
    /// until a run of it succeeds.
    private var failures: [UInt64: LastFailure] = [:]
    private var hasShutDown = false
    private var nextWaiter = 0

    private struct LastFailure {
        let error: any Error
        /// Whether a `start()` was told: one that waited for the run, or the next one after it.
        var reported: Bool
    }

    /// How a caller's wait for one hook ended.
    enum Outcome: Sendable {
        case started
        /// The run failed. `earlier`: not a run this caller waited for, but the last one, which
        /// failed after every `start()` waiting for it had left (a service kept it going).
        case failed(any Error, earlier: Bool)
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
    /// or the calling task is cancelled. A failed run that no `start()` was told of (see
    /// ``StartHooks``) is this caller's outcome instead of a new run.
    func wait(for hook: StartingHook, until deadline: ContinuousClock.Instant?) async -> Outcome {
        enum Step {
            case done(Outcome)
            case joined(Run, Int)
        }
        while true {
            if Task.isCancelled { return .cancelled }
            let step = lock.withLock { () -> Step in
                if hasShutDown { return .done(.shutDown(whileRunning: false)) }
                if started.contains(hook.sequence) { return .done(.started) }
                if runs[hook.sequence] == nil, let failure = failures[hook.sequence], !failure.reported {
                    failures[hook.sequence]?.reported = true
                    return .done(.failed(failure.error, earlier: true))
                }
                let run = runs[hook.sequence] ?? begin(hook)
                let id = nextWaiter
                nextWaiter += 1
                run.waiters[id] = Waiter(joinedAbandoned: run.abandoned)
                return .joined(run, id)
            }
            switch step {
            case let .done(outcome):
                return outcome
            case let .joined(run, id):
                let outcome = await wait(in: run, as: id, until: deadline)
                if case .again = outcome { continue }
                return outcome
            }
        }
    }

    /// Waits for the hook of instance `sequence` to have run without ever running it: for the run
    /// a ``wait(for:until:)`` began, or will begin, and, across one that fails, for the next;
    /// until one succeeds, the calling task is cancelled or the container is shut down. While it
    /// waits, the run going is not cancelled when its `start()` callers leave.
    func watch(_ sequence: UInt64) async -> Outcome {
        if Task.isCancelled { return .cancelled }
        let id = lock.withLock { () -> Int? in
            guard !hasShutDown, !started.contains(sequence) else { return nil }
            let id = nextWaiter
            nextWaiter += 1
            watchers[sequence, default: [:]][id] = Waiter(joinedAbandoned: false)
            return id
        }
        guard let id else { return isShutDown ? .shutDown(whileRunning: false) : .started }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let early = lock.withLock { () -> Outcome? in
                    // Always there: what settles a watcher not waiting yet leaves it `early`.
                    guard var watcher = watchers[sequence]?[id] else { return .cancelled }
                    if let early = watcher.early {
                        removeWatcher(id, of: sequence)
                        return early
                    }
                    watcher.continuation = continuation
                    watchers[sequence]?[id] = watcher
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            let watcher = lock.withLock { () -> Waiter? in
                guard var watcher = watchers[sequence]?[id] else { return nil }
                guard watcher.continuation != nil else {
                    // Not waiting yet: it finds this when it begins to.
                    if watcher.early == nil { watcher.early = .cancelled }
                    watchers[sequence]?[id] = watcher
                    return nil
                }
                removeWatcher(id, of: sequence)
                return watcher
            }
            if let watcher { settle(watcher, .cancelled) }
        }
    }

    /// The error the last failed run of instance `sequence`'s hook threw, if none succeeded since.
    func lastFailure(of sequence: UInt64) -> (any Error)? {
        lock.withLock { failures[sequence]?.error }
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
            var settled: [(Waiter, Outcome)] = []
            switch result {
            case .success:
                started.insert(sequence)
                failures[sequence] = nil
                settled += settlingWatchers(of: sequence, with: .started)
            case let .failure(error) where !run.abandoned:
                // Its watchers wait on for the next run. Told to no one waiting (every `start()`
                // had left, a service kept it going), it is the next `start()`'s outcome.
                let told = run.waiters.values.contains { !$0.joinedAbandoned && $0.early == nil }
                failures[sequence] = LastFailure(error: error, reported: told)
            case .failure:
                break  // cancelled because no one waited for it any more: not the hook's failure
            }
            for (id, waiter) in run.waiters {
                let outcome: Outcome
                switch result {
                case .success: outcome = .started
                case let .failure(error): outcome = waiter.joinedAbandoned ? .again : .failed(error, earlier: false)
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

    /// Takes waiter `id` off `run`; the last one gone (with no service watching) cancels the run.
    /// Call under `lock`.
    private func removeWaiter(_ id: Int, from run: Run) {
        run.waiters[id] = nil
        cancelIfUnwaited(run)
    }

    /// Takes watcher `id` off hook `sequence`; the last one gone cancels a run no `start()` waits
    /// for any more. Call under `lock`.
    private func removeWatcher(_ id: Int, of sequence: UInt64) {
        watchers[sequence]?[id] = nil
        if watchers[sequence]?.isEmpty == true { watchers[sequence] = nil }
        if let run = runs[sequence] { cancelIfUnwaited(run) }
    }

    /// Cancels `run` if no caller waits for it and no service watches its hook. Call under `lock`.
    private func cancelIfUnwaited(_ run: Run) {
        if run.waiters.isEmpty, watchers[run.hook.sequence] == nil, !run.abandoned {
            run.abandoned = true
            run.task?.cancel()
        }
    }

    /// Settles every watcher of hook `sequence` with `outcome`: returns those waiting, to resume
    /// outside the lock, and leaves `outcome` to those not waiting yet. Call under `lock`.
    private func settlingWatchers(of sequence: UInt64, with outcome: Outcome) -> [(Waiter, Outcome)] {
        var settled: [(Waiter, Outcome)] = []
        for (id, watcher) in watchers[sequence] ?? [:] {
            if watcher.continuation == nil {
                if watcher.early == nil { watchers[sequence]?[id]?.early = outcome }
            } else {
                watchers[sequence]?[id] = nil
                settled.append((watcher, outcome))
            }
        }
        if watchers[sequence]?.isEmpty == true { watchers[sequence] = nil }
        return settled
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
        let (tasks, waiters) = lock.withLock { () -> ([RunningHook], [(Waiter, Outcome)]) in
            hasShutDown = true
            var tasks: [RunningHook] = []
            var waiters: [(Waiter, Outcome)] = []
            for sequence in Array(watchers.keys) {
                waiters += settlingWatchers(of: sequence, with: .shutDown(whileRunning: runs[sequence] != nil))
            }
            for (sequence, run) in runs {
                for (id, waiter) in run.waiters {
                    if waiter.continuation == nil {
                        run.waiters[id]?.early = .shutDown(whileRunning: true)
                    } else {
                        waiters.append((waiter, .shutDown(whileRunning: true)))
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
        for (waiter, outcome) in waiters { settle(waiter, outcome) }
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
