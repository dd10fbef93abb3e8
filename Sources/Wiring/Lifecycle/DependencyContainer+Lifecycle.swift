extension DependencyContainer {
    /// Closes this container as ``close(file:line:)`` does, but awaits every `.onClose` callback,
    /// async ones included: each instance's before those of what it uses (what its build
    /// resolved, and what its `@LazyInject`s resolved since), whatever order they were built in.
    ///
    /// ```swift
    /// // The server has stopped accepting requests:
    /// try await DependencyContainer.shared.shutdown(timeout: .seconds(10))
    /// ```
    ///
    /// Each callback runs exactly once. One that throws does not stop the others: every failure
    /// is reported together in a ``LifecycleError``. With a `timeout`, callbacks not finished when
    /// it passes are reported as ``LifecycleError/unfinished`` and those not begun are skipped;
    /// their instances are still released. The scopes opened from this container are closed
    /// first, as `close()` closes them. On a scope, its own instances are awaited the same way.
    /// A `shutdown()` called while another of the same container runs waits for it and throws
    /// what it throws; called from one of that container's own callbacks, it returns at once.
    public func shutdown(timeout: Duration? = nil) async throws(LifecycleError) {
        try await RunningShutdowns.run(of: ObjectIdentifier(self)) { () async throws(LifecycleError) in
            try await shutdownNow(timeout: timeout)
        }
    }

    private func shutdownNow(timeout: Duration?) async throws(LifecycleError) {
        let released: [Released]
        if let scope {
            var taken: [Released] = []
            closeScope(scope, collecting: { taken = $0 })
            released = taken
        } else {
            if let state = owningRootState {
                for scope in state.openScopes { scope.close() }
            }
            var retired = Retired(root: nil)
            stateLock.withLock { registry.retire(closing: true, into: &retired) }
            released = retired.takeForAwaiting()
        }
        let batch = ReleasedBatch(Released.closingOrder(released))
        let ordered = batch.items
        let callbacks = ordered.indices.filter { ordered[$0].onClose != nil }
        let progress = ShutdownProgress()
        let failures = await Deadline.run(timeout) {
            await Released.finishAwaiting(batch.items, progress: progress)
        } onTimeout: {
            progress.cutShort(count: batch.items.count)
        }
        var unfinished: [String] = []
        if case let .timedOut(indices) = failures {
            unfinished = indices.filter { callbacks.contains($0) }.map { typeName(type(of: ordered[$0].value)) }
        }
        let thrown = failures.value ?? []
        guard thrown.isEmpty, unfinished.isEmpty else {
            throw LifecycleError(operation: "shutdown", failures: thrown, unfinished: unfinished)
        }
    }

    /// Builds every singleton that has an `.onStart { }` hook, then awaits the hooks in
    /// dependency order: a hook runs after the hooks of what its instance uses.
    ///
    /// ```swift
    /// app.beforeServerStarts {
    ///     try await DependencyContainer.shared.start()
    /// }
    /// ```
    ///
    /// Each instance's hook runs once, however many times `start()` is called: a call that
    /// finds a hook running (another task's `start()`) waits for it before going on to what
    /// depends on it; a hook that calls `start()` itself does not wait for itself. The first hook that throws stops the start: the hooks after it (which may
    /// depend on it) do not run, and the error is a ``LifecycleError`` naming the instance's
    /// type; that hook runs again on the next `start()`. A build that fails is reported the
    /// same way, with its ``WiringError``.
    public func start() async throws(LifecycleError) {
        do {
            if let eager { try eager.start(in: self) }
        } catch {
            throw LifecycleError(operation: "start", failures: [.init(type: "createdAtStart()", error: error)], unfinished: [])
        }
        let withHooks = registry.entries.filter { $0.info.hooks?.start != nil && $0.info.lifetime == .singleton }
        for entry in withHooks {
            do {
                _ = try entry.resolveAny(in: self)
            } catch {
                throw LifecycleError(
                    operation: "start", failures: [.init(type: typeName(entry.info.type), error: error)], unfinished: [])
            }
        }
        let hooked = Set(withHooks.map(\.opaque))
        for built in builtSingletons() where hooked.contains(built.entry.opaque) {
            guard let hook = built.info.hooks?.start else { continue }
            do {
                try await StartedInstances.run(built.sequence) { try await hook(built.value) }
            } catch {
                throw LifecycleError(
                    operation: "start", failures: [.init(type: typeName(built.info.type), error: error)], unfinished: [])
            }
        }
    }

    /// The singletons registered as `S` (directly or with `.bind(S.self)`), built if need be,
    /// in dependency order: each after what it uses. What swift-service-lifecycle's
    /// `ServiceGroup` wants, which starts its services in the order given and stops them in
    /// the reverse, so that a service stops before what it uses.
    ///
    /// ```swift
    /// let group = ServiceGroup(
    ///     configuration: .init(services: try DependencyContainer.shared.services((any Service).self), logger: logger))
    /// ```
    ///
    /// Factories are left out (a service runs for the app's lifetime). A definition replaced by
    /// `.override()` or a test override, with its bindings, is not among them.
    public func services<S>(_ type: S.Type = S.self) throws(WiringError) -> [S] {
        if let eager { try eager.start(in: self) }
        let registry = registry
        // A binding whose primary was replaced (`.override()` of its type) still answers for
        // `S`, as KOIN's does; but a replaced service must not run beside its replacement.
        let entries = registry.allEntries(of: ObjectIdentifier(S.self)).filter { entry in
            guard entry.info.lifetime == .singleton else { return false }
            guard entry.isBinding else { return true }
            let primary = entry.primary.info
            return registry.entry(for: primary.typeID, boxed: primary.tag)?.opaque == entry.primary.opaque
        }
        for entry in entries { _ = try entry.resolve(S.self, in: self) }
        // A binding's instance is its primary's, which stands in the order for it.
        let wanted = Set(entries.map { $0.isBinding ? $0.primary.opaque : $0.opaque })
        return builtSingletons().compactMap { built in
            wanted.contains(built.entry.opaque) ? built.value as? S : nil
        }
    }

    /// The singletons this container has built, in start order: each after what it uses (what
    /// its build resolved, and what its `@LazyInject`s resolved since). Close order is the
    /// reverse.
    ///
    /// ```swift
    /// for step in DependencyContainer.shared.startOrder { print(step.type) }
    /// ```
    public var startOrder: [ResolutionStep] {
        builtSingletons().map(\.info.step)
    }

    /// The built singletons of this container, in start order. Bindings (whose instance is
    /// their primary's) order the others and are then left out.
    func builtSingletons() -> [(entry: Entry, info: DefinitionInfo, sequence: UInt64, dependencies: [UInt64], value: Any)] {
        let registry = registry
        let built = withExtendedLifetime(registry) {
            stateLock.withLock {
                registry.entries.compactMap { entry in
                    entry.builtSingleton().map { (entry, entry.info, $0.sequence, $0.dependencies, $0.value) }
                }
            }
        }
        return DependencyOrder.starting(built, sequence: \.sequence, dependencies: \.dependencies)
            .filter { !$0.entry.isBinding }
    }
}

/// The shutdowns running, by container: a second `shutdown()` of a container waits for the
/// first and shares its outcome, instead of returning while the first still awaits callbacks.
enum RunningShutdowns {
    private typealias Waiter = CheckedContinuation<Result<Void, LifecycleError>, Never>
    private static let waiters = LockedValue<[ObjectIdentifier: [Waiter]]>([:])
    /// The containers whose shutdown this task (or the task it was made in) runs: a callback
    /// that shuts its own container down again must not wait for itself.
    @TaskLocal private static var ownRuns: [ObjectIdentifier] = []

    static func run(
        of container: ObjectIdentifier, _ shutdown: () async throws(LifecycleError) -> Void
    ) async throws(LifecycleError) {
        // From one of its own callbacks: everything was taken already, nothing left to close.
        if ownRuns.contains(container) { return }
        let isRunning = waiters.withLock { waiters in
            if waiters[container] != nil { return true }
            waiters[container] = []
            return false
        }
        guard !isRunning else { return try await waitForRun(of: container).get() }
        let outcome = await $ownRuns.withValue(ownRuns + [container]) { () async -> Result<Void, LifecycleError> in
            do throws(LifecycleError) {
                try await shutdown()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        for waiter in waiters.withLock({ $0.removeValue(forKey: container) }) ?? [] { waiter.resume(returning: outcome) }
        try outcome.get()
    }

    private static func waitForRun(of container: ObjectIdentifier) async -> Result<Void, LifecycleError> {
        await withCheckedContinuation { (waiter: Waiter) in
            let isWaiting = waiters.withLock { waiters in
                guard waiters[container] != nil else { return false }
                waiters[container]?.append(waiter)
                return true
            }
            // Finished in between: it closed everything there was.
            if !isWaiting { waiter.resume(returning: .success(())) }
        }
    }
}

/// The start hooks that ran or are running, by the creation number of their instance (never
/// reused): each runs once however many `start()` calls ask at the same time.
enum StartedInstances {
    private enum State {
        /// Its hook is running; these callers wait for it.
        case running(waiters: [CheckedContinuation<Bool, any Error>])
        case done

        var waiters: [CheckedContinuation<Bool, any Error>] {
            guard case let .running(waiters) = self else { return [] }
            return waiters
        }
    }

    private static let states = LockedValue<[UInt64: State]>([:])
    /// The hooks this task (or the task it was made in) runs: a hook that calls `start()` again
    /// must not wait for itself.
    @TaskLocal private static var ownRuns: [UInt64] = []

    /// Runs `hook` for the instance created as `sequence` unless it ran: a caller that finds it
    /// running waits for it, and throws its error. A hook that throws is forgotten, so a later
    /// call runs it again.
    static func run(_ sequence: UInt64, _ hook: () async throws -> Void) async throws {
        if ownRuns.contains(sequence) { return }
        while true {
            let isMine: Bool? = states.withLock { states in
                switch states[sequence] {
                case nil:
                    states[sequence] = .running(waiters: [])
                    return true
                case .running: return false
                case .done: return nil
                }
            }
            guard let isMine else { return }
            if isMine { return try await runClaimed(sequence, hook) }
            if try await waitForRun(of: sequence) { return }
        }
    }

    private static func runClaimed(_ sequence: UInt64, _ hook: () async throws -> Void) async throws {
        do {
            try await $ownRuns.withValue(ownRuns + [sequence]) { try await hook() }
        } catch {
            let waiters = states.withLock { $0.removeValue(forKey: sequence) }?.waiters ?? []
            for waiter in waiters { waiter.resume(throwing: error) }
            throw error
        }
        let waiters = states.withLock { $0.updateValue(.done, forKey: sequence) }?.waiters ?? []
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits for another caller's run of the hook: `true` once it succeeded; `false` if it
    /// failed before this caller could wait, for this caller to run it.
    private static func waitForRun(of sequence: UInt64) async throws -> Bool {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
            let state = states.withLock { states -> State? in
                if case let .running(waiters) = states[sequence] {
                    states[sequence] = .running(waiters: waiters + [continuation])
                }
                return states[sequence]
            }
            switch state {
            case .running?: break  // the run resumes it
            case .done?: continuation.resume(returning: true)
            case nil: continuation.resume(returning: false)
            }
        }
    }
}
