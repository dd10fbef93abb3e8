/// An async definition (`single { await … }`), type-erased for the container's table.
protocol AnyAsyncEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }

    /// Lets go of the built single (its module was unloaded, or its container closed); later
    /// resolves build it again.
    func retire(closing: Bool) -> Released?

    /// Makes it resolvable again after a retire (its module loaded again).
    func revive()

    /// A new entry of the same definition, holding nothing: one for each scope opened from a
    /// scope definition that has it.
    func fresh() -> any AnyAsyncEntry

    /// Builds the value as `resolveAsync()` would, and drops it (for verification).
    func build(in container: DependencyContainer) async throws(WiringError)

    /// The built single, if this is a single that is built and resolvable here; `nil` otherwise.
    func builtValue(in container: DependencyContainer) -> Instance?
}

/// `single { await Database.open() }` or `factory { await … }` inside one container.
///
/// Every build runs in an unstructured task of its own, started by the first caller, and every
/// caller awaits its outcome: so a single's factory runs exactly once however many tasks ask, a
/// cancelled caller does not cancel the build others wait for, and a build whose factory can
/// never finish (a nested `resolveAsync()` that failed) is answered with that error rather
/// than waited for. A single whose build failed is not kept: the next resolve tries again.
final class AsyncEntry<Value: Sendable>: AnyAsyncEntry, @unchecked Sendable {
    // `state`, `built` and `retiredBy` are only touched under `lock`; everything else is
    // immutable.
    let info: DefinitionInfo
    private let factory: @Sendable () async throws -> Value
    private let lock = Lock()
    private var state = State.idle
    /// The built single, typed (a resolve of a built single takes it with a class check).
    private var built: TypedInstance<Value>?
    private var retiredBy: RetiredBy?

    /// Whether a build is under way (a built single is in `built`).
    private enum State {
        case idle
        case building(Build)
    }

    init(info: DefinitionInfo, factory: @escaping @Sendable () async throws -> Value) {
        self.info = info
        self.factory = factory
        isKept = info.lifetime == .singleton || info.lifetime == .scoped
    }

    func fresh() -> any AnyAsyncEntry {
        AsyncEntry(info: info, factory: factory)
    }

    /// Whether the built value is kept: a single, or a `single` declared in a scope (one per scope
    /// instance, since each scope has entries of its own). A factory builds every time.
    private let isKept: Bool

    func retire(closing: Bool) -> Released? {
        lock.withLock {
            retiredBy = closing ? .close : .unload
            defer {
                state = .idle
                built = nil
            }
            return built.map { Released(value: $0.value, sequence: 0, onClose: info.hooks?.close) }
        }
    }

    func revive() {
        lock.withLock { retiredBy = nil }
    }

    func build(in container: DependencyContainer) async throws(WiringError) {
        _ = try await resolve(in: container)
    }

    func builtValue(in container: DependencyContainer) -> Instance? {
        guard isKept, container.verification == nil else { return nil }
        return lock.withLock { built }
    }

    func resolve(in container: DependencyContainer) async throws(WiringError) -> Value {
        // A built single is returned at once: it cannot close a cycle, and nothing is awaited.
        if isKept, container.verification == nil,
            let value = lock.withLock({ builtValueLocked() })
        {
            return value
        }
        let outer = AsyncFrame.current
        if let cycle = outer?.cycle(closedBy: info) {
            throw .cycle(path: cycle.map(\.step), requestedAt: nil)
        }
        if let verification = container.verification { verification.willResolve(info, requester: outer?.info) }
        guard isKept else {
            if let retiredBy = lock.withLock({ retiredBy }) { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            return try await start(in: container, outer: outer).value()
        }
        let build = try lock.withLock { () throws(WiringError) -> Build? in
            if let retiredBy { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            if built != nil { return nil }
            switch state {
            case let .building(build): return build
            case .idle:
                let build = Build()
                state = .building(build)
                return build
            }
        }
        guard let build else { return try builtValue() }
        if build.claimStart() { launch(build, in: container, outer: outer) }
        return try await build.value()
    }

    /// The built single; only after `resolve` found it built (a retire in between rebuilds).
    private func builtValue() throws(WiringError) -> Value {
        guard let value = lock.withLock({ builtValueLocked() }) else {
            throw .moduleUnloaded(type: typeName(Value.self), definedAt: info.site, requestedAt: nil)
        }
        return value
    }

    /// A copy of the built single, if any; call under `lock`.
    private func builtValueLocked() -> Value? {
        built?.value
    }

    /// A factory's build: started now, awaited by the caller only.
    private func start(in container: DependencyContainer, outer: AsyncFrame?) -> Build {
        let build = Build()
        _ = build.claimStart()
        launch(build, in: container, outer: outer)
        return build
    }

    /// Runs the factory in a task of its own, with a frame for this definition, and publishes
    /// its outcome to everyone awaiting `build`.
    private func launch(_ build: Build, in container: DependencyContainer, outer: AsyncFrame?) {
        // Strong: the entry outlives every frame of its builds anyway (the build's task holds it),
        // and a weak reference would cost each build a side table.
        let frame = AsyncFrame(container: container, info: info, parent: outer) { [self, build] error in
            finish(build, with: .failure(error))
        }
        Task {
            let result: Result<Value, WiringError>
            do {
                let observer = BuildObserver.active
                let start = observer == nil ? 0 : BuildObserver.now
                let value = try await AsyncFrame.$current.withValue(frame) {
                    try await DependencyContainer.withRoot(container, isolation: nil) { try await self.factory() }
                }
                if let observer {
                    // Its awaits are part of its own time: other tasks may run meanwhile.
                    let total = BuildObserver.now &- start
                    observer(BuildEvent(info: self.info, depth: frame.path.count, nanoseconds: total, ownNanoseconds: total))
                }
                result = .success(value)
            } catch {
                result = .failure(WiringError.thrown(byAsync: self.info, error, path: frame.path))
            }
            self.finish(build, with: result)
        }
    }

    private func finish(_ build: Build, with result: Result<Value, WiringError>) {
        lock.withLock {
            guard case let .building(current) = state, current === build else { return }
            switch result {
            case let .success(value) where isKept: built = TypedInstance(value)
            default: break
            }
            state = .idle
        }
        build.complete(result)
    }

    /// The outcome of one build, completed once, for any number of awaiting tasks.
    private final class Build: @unchecked Sendable {
        // Every `var` is only touched under `lock`.
        private let lock = Lock()
        private var started = false
        private var result: Result<Value, WiringError>?
        private var waiters: [CheckedContinuation<Result<Value, WiringError>, Never>] = []

        /// `true` for the one caller that must start the build.
        func claimStart() -> Bool {
            lock.withLock {
                defer { started = true }
                return !started
            }
        }

        func complete(_ outcome: Result<Value, WiringError>) {
            let waiting = lock.withLock { () -> [CheckedContinuation<Result<Value, WiringError>, Never>] in
                guard result == nil else { return [] }
                result = outcome
                defer { waiters = [] }
                return waiters
            }
            for waiter in waiting { waiter.resume(returning: outcome) }
        }

        func value() async throws(WiringError) -> Value {
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, WiringError>, Never>) in
                let ready = lock.withLock { () -> Result<Value, WiringError>? in
                    if let result { return result }
                    waiters.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
            return try outcome.get()
        }
    }
}
