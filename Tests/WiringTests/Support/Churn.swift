import Foundation
import Wiring

/// Runs `body(thread, shouldStop)` on `threads` threads until `seconds` have passed: each thread
/// loops while `shouldStop()` is false. Bounded in time, whatever the work.
func runFor(seconds: Double, threads: Int, _ body: @escaping @Sendable (_ thread: Int, _ shouldStop: () -> Bool) -> Void) {
    let deadline = Date().addingTimeInterval(seconds)
    runOnThreads(threads) { index in
        body(index) { Date() >= deadline }
    }
}

/// Counts instances alive, for tests that check nothing leaks or is released twice.
final class LiveCount: @unchecked Sendable {
    // `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func add(_ delta: Int) {
        lock.lock()
        value += delta
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// A one-shot flag several threads wait for, with a deadline so that a test never hangs.
final class Flag: @unchecked Sendable {
    private let condition = NSCondition()
    private var isSet = false

    func set() {
        condition.lock()
        isSet = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the flag was set within `seconds`.
    func wait(seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !isSet {
            if !condition.wait(until: deadline) { return isSet }
        }
        return true
    }
}

/// Runs `read` in a loop on two threads while a third loads and unloads `module`, for `seconds`
/// and until each of the three has done at least 100 operations (see `runRoles`).
func whileLoadingAndUnloading(
    _ module: DependencyContainer, seconds: Double = 1, _ read: @escaping @Sendable () -> Void
) {
    let operations = runRoles(minimumEach: 100, seconds: seconds, [
        {
            DependencyContainer.load(module)
            DependencyContainer.unload(module)
        },
        read, read,
    ])
    precondition(operations.allSatisfy { $0 >= 100 }, "a role did not do its share: \(operations)")
}
