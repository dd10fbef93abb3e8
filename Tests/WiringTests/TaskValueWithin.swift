import Foundation

// A lifecycle test that awaits a task whose end is the feature under test would hang, not fail,
// with the feature broken (`.timeLimit` cannot end a wait that ignores cancellation): it waits
// with a bound instead, and says what did not happen.

/// `task`'s value if it ends within `limit`; `nil` if not (the task goes on).
func valueWithin<T: Sendable>(_ limit: Duration, of task: Task<T, Never>) async -> T? {
    let ended = Ended<T>()
    Task { ended.set(await task.value) }
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if let value = ended.value { return value }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return nil
}

/// A task's value once it ended.
final class Ended<T: Sendable>: @unchecked Sendable {
    // `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: T?

    var value: T? { lock.withLock { stored } }
    func set(_ value: T) { lock.withLock { stored = value } }
}
