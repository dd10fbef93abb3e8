extension DependencyContainer {
    /// Runs the start hooks as ``start(timeout:)`` does, retrying a start that fails: each attempt
    /// bounded by `timeout`, the next after `delay`, doubled after each failure (a database client
    /// backs off between its connection attempts too), until one succeeds or `attempts` are used;
    /// then it throws the last attempt's error, which says that it was the last.
    ///
    /// ```swift
    /// try await DependencyContainer.shared.start(attempts: 5, timeout: .seconds(30)) { error, attempt in
    ///     print("start attempt \(attempt) failed, retrying: \(error)")
    /// }
    /// ```
    ///
    /// Each attempt runs a failed hook at most once: a hook that always fails runs exactly
    /// `attempts` times, however many services wait for it with ``waitForStart(_:)`` (they never
    /// begin a run). Every failed run is reported once, to `onRetry` or as the error thrown. An
    /// attempt whose deadline passes leaves its hook running while a service waits for it, and the
    /// next attempt waits for the same run, so a database that comes up late is waited for, not
    /// given up on; if that run fails in between, the next attempt reports that failure instead of
    /// running the hook again.
    ///
    /// Only a failed hook or a deadline is retried. A cancellation of the calling task (also during
    /// the delay), a shutdown of the container and a negative `timeout` end it at once with their
    /// own error, not given to `onRetry`.
    ///
    /// - Parameters:
    ///   - attempts: How many starts to try; fewer than one counts as one.
    ///   - timeout: How long each attempt waits, as for ``start(timeout:)``.
    ///   - delay: The pause after the first failed attempt, doubled after each one after it.
    ///   - onRetry: Called with each failed attempt's error and number before the pause, but not
    ///     for the last: that error is thrown.
    public func start(
        attempts: Int, timeout: Duration? = .seconds(30), delay: Duration = .seconds(1),
        onRetry: @escaping @Sendable (_ error: LifecycleError, _ attempt: Int) -> Void = { _, _ in }
    ) async throws(LifecycleError) {
        let attempts = max(1, attempts)
        var delay = delay
        var attempt = 1
        while true {
            do throws(LifecycleError) {
                try await start(timeout: timeout)
                return
            } catch {
                guard error.reason == .failed || error.reason == .deadline else { throw error }
                if Task.isCancelled {
                    throw LifecycleError(operation: "start", failures: [], unfinished: [], reason: .cancelled)
                }
                guard attempt < attempts else { throw error.lastOf(attempts) }
                onRetry(error, attempt)
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw LifecycleError(operation: "start", failures: [], unfinished: [], reason: .cancelled)
            }
            attempt += 1
            delay *= 2
        }
    }
}
