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
    ///
    /// A `shutdown()` while `start()` runs stops the start first: no start hook begins any more,
    /// the one running is cancelled and awaited before anything closes (a hook never works on a
    /// closed instance), and `start()` throws ``LifecycleError/Reason/shutDown``, as a `start()`
    /// after the shutdown does. A hook still running when `timeout` passes (one that ignores its
    /// cancellation, or rolls back) is named in ``LifecycleError/unfinished``; the callbacks of its
    /// instance and of what that uses are ``LifecycleError/skipped`` (its instances are released
    /// once it ends), the rest is closed within a `timeout` of its own, and the shutdown throws
    /// ``LifecycleError/Reason/deadline``. A negative `timeout` is refused: nothing closes.
    public func shutdown(timeout: Duration? = nil) async throws(LifecycleError) {
        let timeout = try LifecycleError.checking(timeout, of: "shutdown")
        try await shutdownRuns.run(.shutdown(container: ObjectIdentifier(self))) {
            () async throws(LifecycleError) in
            try await shutdownNow(timeout: timeout)
        }
    }

    private func shutdownNow(timeout: Duration?) async throws(LifecycleError) {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        // A scope has no start hooks of its own (they are its root's).
        var overran: [StartHooks.RunningHook] = []
        var dependencies: [UInt64: [UInt64]] = [:]
        if scope == nil {
            let running = startHooks.shutDown()
            if !running.isEmpty {
                let tasks = running.map(\.task)
                _ = await Deadline.run(timeout) {
                    for task in tasks { await task.value }
                } onTimeout: {}
                overran = startHooks.stillRunning(running)
                // Taken before anything is retired: what a running hook's instance uses, at any
                // depth and through bindings, must stay open while it runs.
                if !overran.isEmpty {
                    for item in builtSingletons(keepingBindings: true) { dependencies[item.sequence] = item.dependencies }
                }
            }
        }
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
        // What a hook still running uses is not closed: its callbacks are skipped, and the
        // instances are let go of only once the hook ends (it still holds them).
        let inUse = overran.isEmpty
            ? []
            : Released.used(by: Set(overran.map(\.sequence)), among: released, dependencies: dependencies)
        let kept = released.filter { inUse.contains($0.sequence) }
        let closing = overran.isEmpty ? released : released.filter { !inUse.contains($0.sequence) }
        if !kept.isEmpty {
            let held = ReleasedBatch(kept)
            let tasks = overran.map(\.task)
            Task {
                for task in tasks { await task.value }
                for item in held.items { item.free?() }
            }
        }
        let batch = ReleasedBatch(Released.closingOrder(closing))
        let ordered = batch.items
        let callbacks = ordered.indices.filter { ordered[$0].onClose != nil }
        let progress = ShutdownProgress()
        // A hook that overran the deadline does not take the closing's time: what it does not
        // use still gets a `timeout` of its own to close in (with nothing left, a callback could
        // be skipped before it had a chance to begin).
        let left = deadline.map { deadline in
            overran.isEmpty ? max(.zero, deadline - ContinuousClock.now) : timeout ?? .zero
        }
        let failures = await Deadline.run(left) {
            await Released.finishAwaiting(batch.items, progress: progress)
        } onTimeout: {
            progress.cutShort(count: batch.items.count)
        }
        var unfinished = overran.map(\.described)
        var skipped = kept.filter { $0.onClose != nil }.map { typeName(type(of: $0.value)) }
        if case let .timedOut(cut) = failures {
            let named = { (indices: [Int]) in
                indices.filter(callbacks.contains).map { typeName(type(of: ordered[$0].value)) }
            }
            unfinished += named(cut.unfinished)
            skipped += named(cut.skipped)
        }
        let thrown = failures.value ?? []
        guard thrown.isEmpty, unfinished.isEmpty, skipped.isEmpty else {
            throw LifecycleError(
                operation: "shutdown", failures: thrown, unfinished: unfinished, skipped: skipped,
                reason: thrown.isEmpty ? .deadline : .failed, timeout: timeout, hooksRunning: overran.count)
        }
    }

    /// Builds every singleton that has an `.onStart { }` hook, then awaits the hooks in
    /// dependency order: a hook runs after the hooks of what its instance uses.
    ///
    /// ```swift
    /// app.beforeServerStarts {
    ///     try await DependencyContainer.shared.start(timeout: .seconds(30))
    /// }
    /// ```
    ///
    /// Each instance's hook runs once, however many times `start()` is called: a call that
    /// finds a hook running (another task's `start()`, a service waiting for what it uses) waits
    /// for it before going on to what depends on it; a hook that calls `start()` itself does not
    /// wait for itself. The first hook that throws stops the start: the hooks after it (which may
    /// depend on it) do not run, and the error is a ``LifecycleError`` naming the instance's type
    /// and where its definition is written; that hook runs again on the next `start()`, so
    /// ``start(attempts:timeout:delay:onRetry:)`` retries a start that failed because a database
    /// was not up yet (see <doc:ServicesAndLifecycle>). A build that fails is reported the same
    /// way, with its ``WiringError``. Only a `start` begins a hook's run: a service that waits
    /// with ``waitForStart(_:)`` never does.
    ///
    /// A definition replaced by `.override()` or a test override is replaced whole: its hook does
    /// not run, and what only it used is not built.
    ///
    /// - Parameter timeout: How long this caller waits, 30 seconds unless given (`nil`: no
    ///   limit; zero: it gives up at once, unless every hook ran already; negative: refused). The deadline and the cancellation of the calling task are the
    ///   caller's own: when either comes, this `start()` throws (``LifecycleError/Reason/deadline``,
    ///   ``LifecycleError/Reason/cancelled``) naming the hook it waited for, and that hook goes on
    ///   while another caller still waits for it; with none left, it is cancelled.
    public func start(timeout: Duration? = .seconds(30)) async throws(LifecycleError) {
        let timeout = try LifecycleError.checking(timeout, of: "start")
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let (hooked, _) = try prepareStart()
        try await runStartHooks(of: hooked.map { ($0, self) }, until: deadline, timeout: timeout)
    }

    /// Runs (or waits for) the start hooks of everything `service` uses, at any depth, then its
    /// own, and no other: for a program that starts only what one service needs (a worker), so
    /// that it never sees what it uses unprepared (a table not created yet). Whatever the
    /// service's shape: a struct, a class, a binding, a tag.
    ///
    /// ```swift
    /// let container = DependencyContainer.shared
    /// for worker in try container.managedServices((any Service).self) {
    ///     try await container.start(worker, timeout: .seconds(30))
    ///     try await worker.instance.run()
    /// }
    /// ```
    ///
    /// Beside an app that runs every hook with ``start(timeout:)``, a service should wait with
    /// ``waitForStart(_:)`` instead, which runs no hook: a service that starts its own would run a
    /// failing hook once more per service, beyond the app's attempts. A service's own hook must
    /// not need the service to be running (its `run()` begins after the hook): work that does
    /// belongs in `run()`. Deadline and cancellation are this caller's own, as for
    /// ``start(timeout:)``.
    public func start<S>(_ service: ManagedService<S>, timeout: Duration? = .seconds(30)) async throws(LifecycleError) {
        let timeout = try LifecycleError.checking(timeout, of: "start")
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let (hooked, _) = try prepareStart()
        try await runStartHooks(
            of: hooks(used: service.sequence, including: true, among: hooked), until: deadline, timeout: timeout)
    }

    /// Runs (or waits for) the start hooks of everything `instance` uses, at any depth, not its
    /// own (see ``start(_:timeout:)``, which also runs the service's own).
    ///
    /// ```swift
    /// try await DependencyContainer.shared.start(dependenciesOf: janitor)
    /// try await janitor.run()
    /// ```
    ///
    /// A service beside an app's ``start(timeout:)`` waits with ``waitForStart(dependenciesOf:)``
    /// instead, which runs no hook.
    ///
    /// `instance` is found by identity, so it must be a class instance this container (or, for
    /// a scope, the scopes it was opened from) built; anything else (a struct, a value the
    /// container did not build) throws ``LifecycleError/Reason/notBuilt``. Take services from
    /// ``managedServices(_:)`` to start any shape.
    public func start(dependenciesOf instance: Any, timeout: Duration? = .seconds(30)) async throws(LifecycleError) {
        let timeout = try LifecycleError.checking(timeout, of: "start")
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let (hooked, _) = try prepareStart()
        let own = try sequence(ofBuilt: instance, for: "start")
        try await runStartHooks(
            of: hooks(used: own, including: false, among: hooked), until: deadline, timeout: timeout)
    }

    /// The creation number of `instance`, found by identity among what this container and the
    /// scopes it was opened from built; ``LifecycleError/Reason/notBuilt`` for `operation` if
    /// none is it.
    func sequence(ofBuilt instance: Any, for operation: String) throws(LifecycleError) -> UInt64 {
        let own = type(of: instance) is AnyClass
            ? lineage.lazy.flatMap { $0.builtSingletons(keepingBindings: false) }.first { ($0.value as AnyObject) === (instance as AnyObject) }
            : nil
        guard let own else {
            throw LifecycleError(
                operation: operation, failures: [], unfinished: [], reason: .notBuilt,
                subject: typeName(type(of: instance)))
        }
        return own.sequence
    }

    /// This container, then, for a scope, the scopes and the root it was opened from.
    var lineage: [DependencyContainer] {
        var chain = [self]
        while let parent = chain[chain.count - 1].scope?.parent { chain.append(parent) }
        return chain
    }

    /// The start hooks to run for the instance created as `sequence`: those of what it uses, at
    /// any depth (through bindings, and across the scopes it was opened from), and its own if
    /// `including`; each with its container, in start order.
    func hooks(
        used sequence: UInt64, including: Bool, among hooked: [BuiltSingleton]
    ) -> [(BuiltSingleton, DependencyContainer)] {
        let chain = lineage
        // Bindings kept: a use through `.bind(P.self)` reaches the primary through its binding.
        let built = chain.map { ($0, $0.builtSingletons(keepingBindings: true)) }
        var dependencies: [UInt64: [UInt64]] = [:]
        for (_, items) in built { for item in items { dependencies[item.sequence] = item.dependencies } }
        var used: Set<UInt64> = including ? [sequence] : []
        var next = dependencies[sequence] ?? []
        while let sequence = next.popLast() {
            guard used.insert(sequence).inserted else { continue }
            next += dependencies[sequence] ?? []
        }
        let ownHooked = Set(hooked.map(\.sequence))
        var result: [(BuiltSingleton, DependencyContainer)] = []
        // What the scopes' roots built starts first: it cannot use what its scopes built.
        for (container, items) in built.reversed() {
            for item in items where used.contains(item.sequence) && !item.entry.isBinding && item.info.hooks?.start != nil {
                guard container !== self || ownHooked.contains(item.sequence) else { continue }
                guard !Self.isReplaced(item.info, in: container.registry) else { continue }
                result.append((item, container))
            }
        }
        return result
    }

    /// Builds the singletons whose start hooks `start()` runs (those with a hook whose definition
    /// was not replaced); returns them, then every built singleton, each in start order.
    private func prepareStart() throws(LifecycleError) -> (hooked: [BuiltSingleton], built: [BuiltSingleton]) {
        if scope == nil, startHooks.isShutDown {
            throw LifecycleError(operation: "start", failures: [], unfinished: [], reason: .shutDown)
        }
        do {
            if let eager { try eager.start(in: self) }
        } catch {
            throw LifecycleError(operation: "start", failures: [.init(type: "createdAtStart()", error: error)], unfinished: [])
        }
        let registry = registry
        let withHooks = registry.entries.filter {
            $0.info.hooks?.start != nil && $0.info.lifetime == .singleton && !Self.isReplaced($0.info, in: registry)
        }
        // A single that takes parameters cannot be built without them: its hook runs if a
        // resolve with parameters built it before `start()`; otherwise it stays unbuilt. An
        // async single is `resolveAsync()`'s alone.
        for entry in withHooks where entry.info.isBuiltByPlainResolve {
            do {
                _ = try entry.resolve(in: self)
            } catch {
                throw LifecycleError(
                    operation: "start",
                    failures: [.init(type: typeName(entry.info.type), error: error, definedAt: entry.info.site)],
                    unfinished: [])
            }
        }
        let hooked = Set(withHooks.map(ObjectIdentifier.init))
        let built = builtSingletons()
        return (built.filter { hooked.contains(ObjectIdentifier($0.entry)) }, built)
    }

    /// Whether `.override()` or a test override replaced `info`'s type, or a type it is bound to:
    /// then its hooks and its service binding go with it.
    static func isReplaced(_ info: DefinitionInfo, in registry: Registry) -> Bool {
        ([info] + info.bindings).contains { slot in
            // Several definitions may be bound to one protocol (`resolveAll()`): only an override
            // answering for the type in this one's place replaces it.
            guard let current = registry.entry(for: slot.typeID, boxed: slot.tag) else { return false }
            return current.info !== slot && current.info.isOverride
        }
    }

    /// Awaits the start hooks of `built` (each in its container's ``StartHooks``), in order, each
    /// once, until `deadline` (see `start(timeout:)`).
    private func runStartHooks(
        of built: [(BuiltSingleton, DependencyContainer)], until deadline: ContinuousClock.Instant?, timeout: Duration?
    ) async throws(LifecycleError) {
        for (item, container) in built {
            guard let run = item.info.hooks?.start else { continue }
            // A hook that calls `start()` does not wait for itself.
            if OwnedRuns.keys.contains(.startHook(instance: item.sequence)) { continue }
            nonisolated(unsafe) let value = item.value  // handed to its own hook only
            let hook = StartingHook(
                type: typeName(item.info.type), site: item.info.site, sequence: item.sequence, run: { try await run(value) })
            let failed = { (reason: LifecycleError.Reason) in
                LifecycleError(operation: "start", failures: [], unfinished: [hook.described], reason: reason, timeout: timeout)
            }
            switch await container.startHooks.wait(for: hook, until: deadline) {
            case .started: continue
            case let .failed(error, earlier):
                throw LifecycleError(
                    operation: "start", failures: [.init(type: hook.type, error: error, definedAt: hook.site)],
                    unfinished: [], earlierRun: earlier)
            case .deadline:
                throw LifecycleError(
                    operation: "start", failures: [], unfinished: [hook.described], reason: .deadline, timeout: timeout,
                    lastHookError: container.startHooks.lastFailure(of: item.sequence))
            case .cancelled: throw failed(.cancelled)
            case let .shutDown(whileRunning):
                if whileRunning { throw failed(.shutDown) }
                throw LifecycleError(operation: "start", failures: [], unfinished: [], reason: .shutDown)
            case .again: continue  // not returned by `wait`
            }
        }
    }
}
