/// Runs work against an optional deadline.
enum Deadline {
    enum Outcome<Value: Sendable, Cut: Sendable>: Sendable {
        case finished(Value)
        /// The deadline passed first: what `onTimeout` returned.
        case timedOut(Cut)

        var value: Value? {
            if case let .finished(value) = self { return value }
            return nil
        }
    }

    /// Awaits `work`, or, when `timeout` passes first, calls `onTimeout` and returns without
    /// waiting for `work`, which goes on in the background.
    static func run<Value: Sendable, Cut: Sendable>(
        _ timeout: Duration?, _ work: @escaping @Sendable () async -> Value,
        onTimeout: @escaping @Sendable () -> Cut
    ) async -> Outcome<Value, Cut> {
        guard let timeout else { return .finished(await work()) }
        let once = FirstResult<Outcome<Value, Cut>>()
        return await withCheckedContinuation { continuation in
            once.set(continuation)
            Task {
                let value = await work()
                once.resume(.finished(value))
            }
            Task {
                try? await Task.sleep(for: timeout)
                once.resume(.timedOut(onTimeout()), unlessDone: true)
            }
        }
    }
}

/// Resumes a continuation with the first of several results.
private final class FirstResult<Value: Sendable>: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var done = false

    func set(_ continuation: CheckedContinuation<Value, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func resume(_ value: @autoclosure () -> Value, unlessDone: Bool = false) {
        let waiting = lock.withLock { () -> CheckedContinuation<Value, Never>? in
            guard !done else { return nil }
            done = true
            return continuation
        }
        waiting?.resume(returning: value())
    }
}
