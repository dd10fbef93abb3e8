/// What went wrong while ``DependencyContainer/start()`` ran the start hooks or
/// ``DependencyContainer/shutdown(timeout:)`` ran the close callbacks: every failure, not only
/// the first, and what the deadline cut short.
///
/// ```swift
/// do {
///     try await DependencyContainer.shared.shutdown(timeout: .seconds(10))
/// } catch {
///     logger.error("\(error)")   // names each instance's type and what it threw
/// }
/// ```
public struct LifecycleError: Error, CustomStringConvertible {
    /// A hook or callback that threw, with the type of the instance it ran on.
    public struct Failure: Sendable {
        public let type: String
        public let error: any Error
    }

    /// What `start()` or `shutdown(timeout:)` was doing: `"start"` or `"shutdown"`.
    public let operation: String
    /// The hooks or callbacks that threw, in the order they ran.
    public let failures: [Failure]
    /// The types whose close callbacks had not finished, or not begun, when the deadline passed.
    public let unfinished: [String]

    public var description: String {
        var lines = ["Wiring: \(operation) finished with \(failures.count) failure(s) and \(unfinished.count) unfinished callback(s)."]
        for failure in failures { lines.append("  \(failure.type): \(failure.error)") }
        if !unfinished.isEmpty {
            lines.append("  Unfinished at the deadline: \(unfinished.joined(separator: ", ")).")
            lines.append("  Fix: give shutdown(timeout:) more time, or make those callbacks return sooner.")
        }
        return lines.joined(separator: "\n")
    }
}

/// How far an awaited close has got, shared with the deadline that may cut it short.
final class ShutdownProgress: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = Lock()
    private var over = false
    private var finished: Set<Int> = []

    /// Whether the deadline passed: callbacks not begun are skipped (their instances still freed).
    var isOver: Bool { lock.withLock { over } }

    func end(_ index: Int) {
        _ = lock.withLock { finished.insert(index) }
    }

    /// Marks the deadline passed; returns the indices of `count` callbacks that had not finished.
    func cutShort(count: Int) -> [Int] {
        lock.withLock {
            over = true
            return (0..<count).filter { !finished.contains($0) }
        }
    }
}
