/// `single { await Database.open() }` or `factory { await … }` inside one container: an entry of
/// the container's tables like every other, whose value only `resolveAsync()` builds (its
/// builder, which a synchronous resolve runs, throws ``WiringError/asyncDefinition(type:tag:requestedAt:)``).
///
/// Every build runs in an unstructured task of its own, started by the first caller, and every
/// caller awaits its outcome: so a single's factory runs exactly once however many tasks ask, a
/// cancelled caller does not cancel the build others wait for, and a build whose factory can
/// never finish (a nested `resolveAsync()` that failed) is answered with that error rather
/// than waited for. A single whose build failed is not kept: the next resolve tries again.
///
/// A kept one (a `single`, or a `single` or `scoped` of a scope) keeps its value where a scoped
/// entry does: in its own instance state, or in its scope's slot when every scope opened from one
/// scope definition shares the entry. While it builds, that state holds the ``Build`` instead. A
/// retire, or the scope's close, takes whichever it holds; a build that then finds its own gone
/// releases its value at once (`.onClose` included), and the next resolve builds anew.
final class AsyncEntry<Value: Sendable>: Entry, @unchecked Sendable {
    // The instance states' fields are only touched under `stateLock`; the rest is immutable.
    /// The definition's factory, whose value is a `Value` (see `AnyDefinition.Payload.async`).
    private let factory: @Sendable () async throws -> any Sendable
    /// Whether the built value is kept: a single, or a `single` declared in a scope (one per scope
    /// instance). A factory builds every time.
    private let isKept: Bool

    required init(
        info: DefinitionInfo, mode: EntryMode, primary: Entry?, slot: Int, words: (block: PublishedWords, index: Int)
    ) {
        guard case let .async(factory) = info.payload else {
            preconditionFailure("Wiring: the async entry of \(typeName(Value.self)) was made for another definition")
        }
        self.factory = factory
        isKept = info.lifetime != .factory
        super.init(info: info, mode: mode, primary: primary, slot: slot, words: words)
    }

    override func buildAsync(in container: DependencyContainer) async throws(WiringError) {
        _ = try await resolve(in: container)
    }

    override func builtAsyncValue(in container: DependencyContainer) -> Instance? {
        // A sandbox records every resolve, so it never reads a built one so.
        guard isKept, container.verification == nil else { return nil }
        let state = state(in: container)
        // Nothing else to check: retiring it (on unload, or when its scope closes) takes it.
        return stateLock.withLock { state.held as? Instance }
    }

    func resolve(in container: DependencyContainer) async throws(WiringError) -> Value {
        // A built single is returned at once: it cannot close a cycle, and nothing is awaited.
        if let built = builtAsyncValue(in: container) { return built.value(as: Value.self) }
        let outer = AsyncFrame.current
        if let cycle = outer?.cycle(closedBy: info) {
            throw .cycle(path: cycle.map(\.step), requestedAt: nil)
        }
        if let verification = container.verification { verification.willResolve(info, requester: outer?.info) }
        guard isKept else { return try await start(in: container, outer: outer).value() }
        let state = state(in: container)
        var built: Instance?
        let build = try stateLock.withLock { () throws(WiringError) -> Build? in
            if let retiredBy { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            if let scope = container.scope, scope.isClosedLocked {
                throw .scopeClosed(scope: scope.id.name, type: typeName(Value.self), requestedAt: nil)
            }
            // What the state holds is its value, or the build under way (see `finish`).
            built = state.held as? Instance
            if built != nil { return nil }
            if let building = state.held as? Build { return building }
            let build = Build()
            state.held = build
            return build
        }
        if let built { return built.value(as: Value.self) }
        guard let build else { preconditionFailure("Wiring: an async single neither built nor building") }
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
            finish(build, with: .failure(error), in: container)
        }
        Task {
            let result: Result<Value, WiringError>
            do {
                let observer = BuildObserver.active
                let start = observer == nil ? 0 : BuildObserver.now
                let built = try await AsyncFrame.$current.withValue(frame) {
                    try await DependencyContainer.withRoot(container, isolation: nil) { try await self.factory() }
                }
                guard let value = built as? Value else {
                    preconditionFailure("Wiring: the async factory of \(typeName(Value.self)) built another type")
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
            self.finish(build, with: result, in: container)
        }
    }

    /// Ends `build`: a single's value is kept in its state in `container` (numbered as an
    /// entry's) if that state still holds this build, or released at once if a retire or a close
    /// took it meanwhile (or a failure reported by its frame ended it already); a failed build
    /// leaves the state empty. Then everyone awaiting it gets the outcome.
    private func finish(_ build: Build, with result: Result<Value, WiringError>, in container: DependencyContainer) {
        let released = stateLock.withLock { () -> Released? in
            guard isKept else { return nil }
            let state = state(in: container)
            let isOwn = state.held === build
            if isOwn { state.held = nil }
            guard case let .success(value) = result else { return nil }
            var none = Dependencies()
            return state.keep(
                TypedInstance(value), sequence: nextCreationSequence(), dependencies: &none,
                refused: !isOwn || retiredBy != nil, onClose: info.hooks?.close)
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
