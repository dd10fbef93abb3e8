/// What a ``SharedRuns`` run is of.
enum SharedRunKey: Hashable, Sendable {
    /// The `.onStart` hook of the instance with this creation number (never reused).
    case startHook(instance: UInt64)
    /// A `shutdown()` of this container.
    case shutdown(container: ObjectIdentifier)
}

/// One run at a time per key, shared by the callers that ask at once: a caller that finds a
/// run going waits for it and gets its outcome, so that a second `shutdown()` returns only once
/// the callbacks ran. A run is forgotten once it ends (a container shut down may hold new
/// instances to close later). Start hooks, whose callers each keep a deadline of their own, are
/// ``StartHooks``'.
final class SharedRuns<Failure: Error>: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Void, Failure>?, Never>

    /// The runs going, each with the callers waiting for it.
    private let running = LockedValue<[SharedRunKey: [Waiter]]>([:])

    /// Runs `body` for `key` unless it is running (then waits for that run and shares its
    /// outcome). Called from inside the run of `key` itself (a callback calling `shutdown()`),
    /// returns at once instead of waiting for itself.
    func run(_ key: SharedRunKey, _ body: () async throws(Failure) -> Void) async throws(Failure) {
        if OwnedRuns.keys.contains(key) { return }
        while true {
            let isMine = running.withLock { running in
                guard running[key] == nil else { return false }
                running[key] = []
                return true
            }
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
        let waiters = running.withLock { running in running.removeValue(forKey: key) } ?? []
        for waiter in waiters { waiter.resume(returning: outcome) }
        try outcome.get()
    }

    /// The outcome of another caller's run of `key`, or `nil` if it ended before this caller
    /// could wait (this caller then runs it).
    private func outcome(ofRunning key: SharedRunKey) async -> Result<Void, Failure>? {
        await withCheckedContinuation { (waiter: Waiter) in
            let isRunning = running.withLock { running in
                running[key]?.append(waiter)
                return running[key] != nil
            }
            if !isRunning { waiter.resume(returning: nil) }
        }
    }
}

/// The `shutdown()`s running.
let shutdownRuns = SharedRuns<LifecycleError>()

/// The runs this task, or the task it was made in, is inside of: a start hook's, a shutdown's.
enum OwnedRuns {
    @TaskLocal static var keys: [SharedRunKey] = []
}
