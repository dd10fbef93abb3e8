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

    /// What was doing it: `"start"`, `"waitForStart"` or `"shutdown"`.
    public let operation: String
    /// The hooks or callbacks that threw, in the order they ran.
    public let failures: [Failure]
    /// The hooks or callbacks that began and had not finished when the caller stopped waiting
    /// (its deadline passed, its task was cancelled, the container was shut down): each
    /// instance's type, and for a start hook where it is written
    /// (`TodoStore (App/Modules.swift:46)`).
    public let unfinished: [String]
    /// The close callbacks a shutdown's deadline kept from beginning (their instances were still
    /// released).
    public let skipped: [String]
    /// Why the operation ended as it did.
    public let reason: Reason
    /// How long the caller gave it, when it gave a limit.
    public let timeout: Duration?
    /// The type of the instance `start(dependenciesOf:)` could not find; the hook a cancelled
    /// `waitForStart` waited for.
    let subject: String?
    /// How many of ``unfinished`` (the first) are start hooks a shutdown's deadline found running.
    let hooksRunning: Int
    /// The failure was of a run that began for an earlier `start()`, which stopped waiting for it
    /// (a service kept it going).
    let earlierRun: Bool
    /// What the hook a deadline cut short threw in its last failed run, if it failed before.
    let lastHookError: (any Error)?
    /// How many attempts `start(attempts:…)` made, when this is its last attempt's error.
    let attempts: Int?

    /// Why a ``LifecycleError`` was thrown.
    public enum Reason: Sendable, Equatable {
        /// Hooks or callbacks threw: ``failures``.
        case failed
        /// The caller's own deadline passed. Another `start()` that waits for the same hook,
        /// with a deadline of its own, goes on waiting.
        case deadline
        /// The task that called `start` was cancelled. Other callers go on.
        case cancelled
        /// The container was shut down before or while `start` ran: no hook begins on a
        /// container that is shut down.
        case shutDown
        /// The timeout given was negative.
        case invalidTimeout
        /// `start(dependenciesOf:)` or `waitForStart(dependenciesOf:)` was given an instance this
        /// container did not build, or one it cannot find by identity (a struct).
        case notBuilt
    }

    /// Whether ``unfinished`` were cut short because the task that called `start` was
    /// cancelled (rather than by the deadline).
    public var wasCancelled: Bool { reason == .cancelled }

    init(
        operation: String, failures: [Failure], unfinished: [String], skipped: [String] = [],
        reason: Reason = .failed, timeout: Duration? = nil, subject: String? = nil, hooksRunning: Int = 0,
        earlierRun: Bool = false, lastHookError: (any Error)? = nil, attempts: Int? = nil
    ) {
        self.subject = subject
        self.hooksRunning = hooksRunning
        self.earlierRun = earlierRun
        self.lastHookError = lastHookError
        self.attempts = attempts
        self.operation = operation
        self.failures = failures
        self.unfinished = unfinished
        self.skipped = skipped
        self.reason = reason
        self.timeout = timeout
    }

    /// This error as the last of `attempts` attempts of `start(attempts:…)`.
    func lastOf(_ attempts: Int) -> LifecycleError {
        LifecycleError(
            operation: operation, failures: failures, unfinished: unfinished, skipped: skipped, reason: reason,
            timeout: timeout, subject: subject, hooksRunning: hooksRunning, earlierRun: earlierRun,
            lastHookError: lastHookError, attempts: attempts)
    }

    /// `timeout` itself, or the error that refuses it (a negative one).
    static func checking(_ timeout: Duration?, of operation: String) throws(LifecycleError) -> Duration? {
        guard let timeout, timeout < .zero else { return timeout }
        throw LifecycleError(operation: operation, failures: [], unfinished: [], reason: .invalidTimeout, timeout: timeout)
    }

    public var description: String {
        switch (operation, reason) {
        case (_, .invalidTimeout):
            return [
                "Wiring: \(operation)(timeout:) was given a negative timeout (\(timeout.map(Self.text) ?? "?")): "
                    + "nothing ran.",
                "  Fix: give a duration of zero or more, or `nil` for no limit.",
            ].joined(separator: "\n")
        case (_, .notBuilt):
            return [
                "Wiring: \(operation)(dependenciesOf:) was given a `\(subject ?? "?")` that this container did not "
                    + "build, or cannot find by identity (only a class instance can be found so): there is nothing "
                    + "it knows to wait for.",
                "  Fix: take the service from `managedServices(_:)` and call "
                    + "`\(operation == "start" ? "start(_:timeout:)" : "waitForStart(_:)")` with it, which finds "
                    + "any shape (a struct, a binding); or pass the instance the container resolved.",
            ].joined(separator: "\n")
        case ("start", .shutDown), ("waitForStart", .shutDown):
            let what = unfinished.isEmpty
                ? "before its hooks were done"
                : "while the start hook of \(unfinished.joined(separator: ", ")) ran (it was cancelled, and `shutdown()` "
                    + "waits for it to end before it closes anything)"
            return [
                "Wiring: \(operation) stopped because its container was shut down with `shutdown()`, \(what).",
                "  No start hook begins on a container that is shut down.",
                "  Fix: nothing, if the app is stopping. A container that was shut down stays shut down: to start "
                    + "again, start a new one (a new `module { … }`, or a task's own root with `withRoot`).",
            ].joined(separator: "\n")
        case ("start", .deadline):
            let limit = timeout.map { " (\(Self.text($0)))" } ?? ""
            let hook = unfinished.joined(separator: ", ")
            var lines = attempts.map { attempts in
                ["Wiring: start gave up: its last attempt (\(attempts) of \(attempts)) did not finish within its "
                    + "timeout\(limit): the start hook of \(hook) was still running."]
            } ?? [
                "Wiring: start did not finish within its timeout\(limit): the start hook of \(hook) was still running.",
                "  Only this `start()` gave up: the hook goes on while another `start()` or a service still waits "
                    + "for it, and is cancelled once none does.",
            ]
            if let lastHookError { lines.append("  The hook's last error, from its run before: \(lastHookError)") }
            lines.append(
                "  Fix: find what the hook waits for. A database that is not up shows in its client's own log; a "
                    + "service the hook needs must be running before `start()` (in Hummingbird, start from "
                    + "`beforeServerStarts`). Or give "
                    + (attempts == nil ? "`start(timeout:)` more time." : "each attempt more time, or more attempts."))
            return lines.joined(separator: "\n")
        case ("waitForStart", .cancelled):
            let what = subject.map { " while it waited for the start hook of \($0)" } ?? ""
            return [
                "Wiring: waitForStart stopped because the task that called it was cancelled\(what).",
                "  It runs no hook: the hook runs when a `start()` runs it, for whoever still waits.",
            ].joined(separator: "\n")
        case ("start", .cancelled):
            let what = unfinished.isEmpty ? "" : " while it waited for the start hook of \(unfinished.joined(separator: ", "))"
            return [
                "Wiring: start stopped because the task that called it was cancelled\(what).",
                "  Only this `start()` stopped waiting: the hook goes on while another `start()` or a service still "
                    + "waits for it, and is cancelled once none does.",
            ].joined(separator: "\n")
        default:
            return failureDescription
        }
    }

    private var failureDescription: String {
        let what = operation == "start" ? "hook(s)" : "callback(s)"
        var lines = attempts.map { attempts in
            ["Wiring: start gave up: its last attempt (\(attempts) of \(attempts)) failed:"]
        } ?? ["Wiring: \(operation) finished with \(failures.count) failure(s), \(unfinished.count) unfinished and "
            + "\(skipped.count) skipped \(what)."]
        for failure in failures {
            let site = failure.definedAt.map { " (\($0))" } ?? ""
            lines.append("  \(failure.type)\(site): \(failure.error)")
        }
        if earlierRun {
            lines.append("  That run began for an earlier `start()`, which stopped waiting for it (a service kept it "
                + "going); the next `start()` runs the hook again.")
        }
        if attempts != nil {
            lines.append("  Fix: find why the hook fails (its error above). If it waits for something that comes up "
                + "late (a database), give the start more attempts or a longer delay.")
        }
        let limit = timeout.map { " (\(Self.text($0)))" } ?? ""
        if !unfinished.isEmpty {
            let cause = reason == .cancelled ? "when the task was cancelled" : "at the deadline\(limit)"
            lines.append("  Unfinished \(cause): \(unfinished.joined(separator: ", ")).")
        }
        if !skipped.isEmpty {
            lines.append("  Skipped, not begun \(reason == .cancelled ? "when the task was cancelled" : "by the deadline"): "
                + "\(skipped.joined(separator: ", "))"
                + (hooksRunning > 0 ? "." : " (their instances were released)."))
        }
        if hooksRunning > 0 {
            lines.append("  Start hook(s) still running at the deadline: "
                + "\(unfinished.prefix(hooksRunning).joined(separator: ", ")). Their instances and what those use were "
                + "not closed (skipped): a hook never works on a closed instance. They are released once the hook ends.")
        }
        if operation == "shutdown", reason == .deadline {
            lines.append("  Fix: give shutdown(timeout:) more time, or make those callbacks return sooner.")
        }
        return lines.joined(separator: "\n")
    }

    /// `3 seconds`, `250 ms`.
    static func text(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "\(milliseconds) ms"
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

/// How far an awaited close has got, shared with the deadline that may cut it short.
final class ShutdownProgress: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = Lock()
    private var over = false
    private var begun: Set<Int> = []
    private var finished: Set<Int> = []

    /// Whether the deadline passed: callbacks not begun are skipped (their instances still freed).
    var isOver: Bool { lock.withLock { over } }

    func begin(_ index: Int) {
        _ = lock.withLock { begun.insert(index) }
    }

    func end(_ index: Int) {
        _ = lock.withLock { finished.insert(index) }
    }

    /// Marks the deadline passed; returns the indices of the `count` callbacks that began and
    /// had not finished, and of those that had not begun (skipped).
    func cutShort(count: Int) -> (unfinished: [Int], skipped: [Int]) {
        lock.withLock {
            over = true
            let open = (0..<count).filter { !finished.contains($0) }
            return (open.filter { begun.contains($0) }, open.filter { !begun.contains($0) })
        }
    }
}
