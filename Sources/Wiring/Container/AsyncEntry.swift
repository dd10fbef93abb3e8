/// An async definition (`single { await … }`), type-erased for the container's table.
protocol AnyAsyncEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }

    /// Lets go of the built single (its module was unloaded, or its container closed); later
    /// resolves build it again. Call under `stateLock`.
    func retire(closing: Bool) -> Released?

    /// Makes it resolvable again after a retire (its module loaded again); call under
    /// `stateLock`.
    func revive()

    /// A new entry of the same definition, holding nothing: one for each scope opened from a
    /// scope definition that has it.
    func fresh() -> any AnyAsyncEntry

    /// Builds the value as `resolveAsync()` would, and drops it (for verification).
    func build(in container: DependencyContainer) async throws(WiringError)

    /// The built single (a ``TypedInstance`` of its type), if this is a single that is built and
    /// resolvable here; `nil` otherwise. Not cast: its reader, where the type is known, casts it once.
    func builtValue(in container: DependencyContainer) -> AnyObject?
}

/// `single { await Database.open() }` or `factory { await … }` inside one container.
///
/// Every build runs in an unstructured task of its own, started by the first caller, and every
/// caller awaits its outcome: so a single's factory runs exactly once however many tasks ask, a
/// cancelled caller does not cancel the build others wait for, and a build whose factory can
/// never finish (a nested `resolveAsync()` that failed) is answered with that error rather
/// than waited for. A single whose build failed is not kept: the next resolve tries again.
final class AsyncEntry<Value: Sendable>: InstanceState, AnyAsyncEntry, @unchecked Sendable {
    // `building`, `retiredBy` and the state's fields (a single's built value, kept as an
    // entry's) are only touched under `stateLock`; everything else is immutable.
    let info: DefinitionInfo
    private let factory: @Sendable () async throws -> Value
    /// Set when the entry's module is unloaded, or its container closed.
    private var retiredBy: RetiredBy?
    /// A single's build under way, if any (a built single is `held`).
    private var building: Build?
    /// `stateLock`, kept here so that reading a built single checks no lazily initialized global.
    private let lock = stateLock

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
        retiredBy = closing ? .close : .unload
        return takeHeld(onClose: info.hooks?.close)
    }

    func revive() {
        retiredBy = nil
    }

    func build(in container: DependencyContainer) async throws(WiringError) {
        _ = try await resolve(in: container)
    }

    func builtValue(in container: DependencyContainer) -> AnyObject? {
        guard isKept, container.verification == nil else { return nil }
        // Nothing else to check: retiring it (on unload, or when its scope closes) takes it.
        return lock.withLock { held }
    }

    func resolve(in container: DependencyContainer) async throws(WiringError) -> Value {
        // A built single is returned at once: it cannot close a cycle, and nothing is awaited.
        if let built = builtValue(in: container) as? Instance { return built.value(as: Value.self) }
        let outer = AsyncFrame.current
        if let cycle = outer?.cycle(closedBy: info) {
            throw .cycle(path: cycle.map(\.step), requestedAt: nil)
        }
        if let verification = container.verification { verification.willResolve(info, requester: outer?.info) }
        var built: Instance?
        let build = try stateLock.withLock { () throws(WiringError) -> Build? in
            if let retiredBy { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            guard isKept else { return nil }
            built = held as? Instance
            if built != nil { return nil }
            if let building { return building }
            let build = Build()
            building = build
            return build
        }
        if let built { return built.value(as: Value.self) }
        guard let build else { return try await start(in: container, outer: outer).value() }
        if build.claimStart() { launch(build, in: container, outer: outer) }
        return try await build.value()
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

    /// Ends `build`: a single's value is kept (numbered as an entry's), or released at once if
    /// the entry was retired meanwhile; then everyone awaiting it gets the outcome.
    private func finish(_ build: Build, with result: Result<Value, WiringError>) {
        let released = stateLock.withLock { () -> Released? in
            guard building === build else { return nil }
            building = nil
            guard case let .success(value) = result else { return nil }
            var none = Dependencies()
            return keep(
                TypedInstance(value), sequence: nextCreationSequence(), dependencies: &none,
                refused: retiredBy != nil, onClose: info.hooks?.close)
        }
        if let released { Released.finish([released]) }
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
