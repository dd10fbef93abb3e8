/// What a ``SharedRuns`` run is of.
enum SharedRunKey: Hashable, Sendable {
    /// The `.onStart` hook of the instance with this creation number (never reused).
    case startHook(instance: UInt64)
    /// A `shutdown()` of this container.
    case shutdown(container: ObjectIdentifier)
}

/// One run at a time per key, shared by the callers that ask at once: a caller that finds a
/// run going waits for it and gets its outcome, so that `start()` from two tasks runs each
/// hook once and neither goes on to its dependents before it finished, and a second
/// `shutdown()` returns only once the callbacks ran. A run that throws is forgotten (the next
/// call runs it again); one that succeeds is remembered if `remembersSuccess` (a started
/// instance stays started; a container shut down may hold new instances to close later).
final class SharedRuns<Failure: Error>: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Void, Failure>?, Never>

    private enum State {
        case running(waiters: [Waiter])
        case done
    }

    private let states = LockedValue<[SharedRunKey: State]>([:])
    private let remembersSuccess: Bool

    init(remembersSuccess: Bool) {
        self.remembersSuccess = remembersSuccess
    }

    /// Runs `body` for `key` unless it is running (then waits for that run and shares its
    /// outcome) or succeeded before and is remembered. Called from inside the run of `key`
    /// itself (a hook calling `start()`), returns at once instead of waiting for itself.
    func run(_ key: SharedRunKey, _ body: () async throws(Failure) -> Void) async throws(Failure) {
        if OwnedRuns.keys.contains(key) { return }
        while true {
            let isMine: Bool? = states.withLock { states in
                switch states[key] {
                case nil:
                    states[key] = .running(waiters: [])
                    return true
                case .running: return false
                case .done: return nil
                }
            }
            guard let isMine else { return }
            if isMine { return try await runClaimed(key, body) }
            if let outcome = await outcome(ofRunning: key) { return try outcome.get() }
        }
    }

    private func runClaimed(_ key: SharedRunKey, _ body: () async throws(Failure) -> Void) async throws(Failure) {
        let outcome = await OwnedRuns.$keys.withValue(OwnedRuns.keys + [key]) { () async -> Result<Void, Failure> in
            do throws(Failure) {
                try await body()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        let ended = states.withLock { states -> State? in
            if case .success = outcome, remembersSuccess { return states.updateValue(.done, forKey: key) }
            return states.removeValue(forKey: key)
        }
        if case let .running(waiters)? = ended {
            for waiter in waiters { waiter.resume(returning: outcome) }
        }
        try outcome.get()
    }

    /// The outcome of another caller's run of `key`, or `nil` if it ended, and was forgotten,
    /// before this caller could wait (this caller then runs it).
    private func outcome(ofRunning key: SharedRunKey) async -> Result<Void, Failure>? {
        await withCheckedContinuation { (waiter: Waiter) in
            let state = states.withLock { states -> State? in
                if case let .running(waiters) = states[key] { states[key] = .running(waiters: waiters + [waiter]) }
                return states[key]
            }
            switch state {
            case .running?: break  // the run resumes it
            case .done?: waiter.resume(returning: .success(()))
            case nil: waiter.resume(returning: nil)
            }
        }
    }
}

/// `start()`'s runs of `.onStart` hooks.
let startHookRuns = SharedRuns<any Error>(remembersSuccess: true)
/// The `shutdown()`s running.
let shutdownRuns = SharedRuns<LifecycleError>(remembersSuccess: false)

/// The runs this task, or the task it was made in, is inside of.
private enum OwnedRuns {
    @TaskLocal static var keys: [SharedRunKey] = []
}
