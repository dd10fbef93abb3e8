/// What went wrong while ``DependencyContainer/start(timeout:)`` ran the start hooks or
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
        /// Where the definition whose hook threw is written, when known.
        public let definedAt: CodeLocation?

        init(type: String, error: any Error, definedAt: CodeLocation? = nil) {
            self.type = type
            self.error = error
            self.definedAt = definedAt
        }
    }

    /// What `start()` or `shutdown(timeout:)` was doing: `"start"` or `"shutdown"`.
    public let operation: String
    /// The hooks or callbacks that threw, in the order they ran.
    public let failures: [Failure]
    /// The hooks or callbacks that had not finished, or not begun, when the deadline passed or
    /// the calling task was cancelled: each instance's type, and for a start hook where it is
    /// written (`TodoStore (App/Modules.swift:46)`).
    public let unfinished: [String]
    /// Whether ``unfinished`` were cut short because the task that called `start` was
    /// cancelled (rather than by the deadline).
    public let wasCancelled: Bool

    init(operation: String, failures: [Failure], unfinished: [String], reason: Reason = .deadline) {
        self.operation = operation
        self.failures = failures
        self.unfinished = unfinished
        wasCancelled = reason == .cancelled
    }

    enum Reason {
        case deadline
        case cancelled
    }

    public var description: String {
        let what = operation == "start" ? "hook(s)" : "callback(s)"
        var lines = ["Wiring: \(operation) finished with \(failures.count) failure(s) and \(unfinished.count) unfinished \(what)."]
        for failure in failures {
            let site = failure.definedAt.map { " (\($0))" } ?? ""
            lines.append("  \(failure.type)\(site): \(failure.error)")
        }
        if !unfinished.isEmpty {
            if wasCancelled {
                lines.append("  Cut short because the task was cancelled: \(unfinished.joined(separator: ", ")).")
            } else {
                lines.append("  Unfinished at the deadline: \(unfinished.joined(separator: ", ")).")
            }
            if operation == "start" {
                lines.append(
                    "  Fix: a start hook that waits may need a service that is not running yet (run the services "
                        + "first, or start from `beforeServerStarts`), or more time: `start(timeout:)`.")
            } else if !wasCancelled {
                lines.append("  Fix: give shutdown(timeout:) more time, or make those callbacks return sooner.")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A start hook `start()` runs: its instance's hook, with what names it in a report.
struct StartingHook: Sendable {
    let type: String
    let site: CodeLocation?
    /// The instance's creation sequence: its hook runs once, however many starts ask.
    let sequence: UInt64
    let run: @Sendable () async throws -> Void

    var described: String { site.map { "\(type) (\($0))" } ?? type }
}

/// Which start hook is running, shared with the deadline and the cancellation that may cut it
/// short.
final class StartProgress: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = Lock()
    private var running: Int?

    func begin(_ index: Int) { lock.withLock { running = index } }
    func end(_ index: Int) { lock.withLock { if running == index { running = nil } } }

    /// The hook running now, if any: the one a deadline or a cancellation cuts short.
    func cutShort() -> [Int] {
        lock.withLock { running.map { [$0] } ?? [] }
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
