import Foundation

/// A gate hooks wait at until the test opens it; a waiter whose task is cancelled leaves with
/// `CancellationError`, as a real hook's `Task.sleep` or query does.
final class AsyncGate: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = NSLock()
    private var isOpen = false
    private var next = 0
    private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]

    func open() {
        let waiting = lock.withLock {
            isOpen = true
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in waiting { waiter.resume() }
    }

    func wait() async throws {
        let id = lock.withLock {
            next += 1
            return next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let result: Result<Void, any Error>? = lock.withLock {
                    if isOpen { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    waiters[id] = waiter
                    return nil
                }
                if let result { waiter.resume(with: result) }
            }
        } onCancel: {
            let waiter = lock.withLock { waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

/// What the hooks and callbacks of one test did, in order, and a way to wait for one of them.
final class EventLog: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = NSLock()
    private var list: [String] = []
    private var watchers: [(String, CheckedContinuation<Void, Never>)] = []

    func append(_ event: String) {
        let ready = lock.withLock {
            list.append(event)
            let ready = watchers.filter { $0.0 == event }.map(\.1)
            watchers.removeAll { $0.0 == event }
            return ready
        }
        for watcher in ready { watcher.resume() }
    }

    var all: [String] { lock.withLock { list } }

    /// Returns once `event` has happened.
    func happened(_ event: String) async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let seen = lock.withLock {
                if list.contains(event) { return true }
                watchers.append((event, watcher))
                return false
            }
            if seen { watcher.resume() }
        }
    }
}
