/// One run of ``DependencyContainer/verify()`` or ``DependencyContainer/graph()``.
///
/// Every definition of the container is built once, in declaration order, in a *sandbox*: a
/// second container made from the same definitions, whose instances never reach the real one.
/// Each resolve in the sandbox is recorded (the graph), and each failure is recorded instead of
/// stopping the program (the problems).
///
/// A failure deep inside a factory cannot be thrown back through the factory's closure, which
/// does not throw. So the sandbox builds on threads of its own: a worker whose resolve fails
/// records the error, marks every definition on its path as broken and parks for good, and
/// the verification carries on with the next definition on a new worker. The sandbox builds
/// without `stateLock`, so a parked worker holds no lock any other thread can need (and its
/// claimed cells read as cycles, not as builds to wait for); only one
/// worker runs at a time, handing over under `lock`.
final class Verification: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = Lock()
    private let changed = Condition()
    private var state = State.running
    private var current = 0
    private var problems: [WiringError] = []
    /// Main-actor definitions (and what needs them) reached on a worker thread, where they are
    /// not built; from the main actor they are built after the workers, on the caller's thread.
    private var mainActorUnchecked: [DefinitionInfo] = []
    /// The definitions marked broken only because a worker met a main-actor definition.
    private var mainActorBlocked: Set<DefinitionID> = []
    /// The main-actor definitions reached on a worker, and the plain definitions found resolving
    /// one (each reported once, as ``WiringError/needsMainActor(type:tag:uses:path:definedAt:)``).
    private var mainActorDefinitions: Set<DefinitionID> = []
    private var needingMainActor: Set<DefinitionID> = []
    /// The caller's thread while it builds main-actor definitions on the main actor: a failure
    /// there cannot park it (see `abandonWorker`).
    private var mainActorThread: ObjectIdentifier?
    private var unchecked: [DefinitionInfo] = []
    /// The definitions that take parameters, which verification cannot build.
    private var parametersUnchecked: [DefinitionInfo] = []
    /// The parameter types nothing registers of the constructor factories in `parametersUnchecked`.
    private var unregisteredParameters: [ResolutionStep: [String]] = [:]
    private var broken: Set<DefinitionID> = []
    /// The frames of the constructor definitions resolving their parameters (see
    /// ``ConstructorChecked``).
    private var constructorDefinitions: Set<DefinitionID> = []
    private var recorder: GraphRecorder
    private var lazyChecks: [LazyCheck] = []
    /// The thread running a lazy check, whose outermost frame is the check's owner.
    private var lazyCheckThread: ObjectIdentifier?

    private enum State {
        case running
        case parked
        case finished
    }

    /// A `@LazyInject` or `@OptionalInject` created while building `owner` in `container`,
    /// checked after.
    private struct LazyCheck {
        let owner: DefinitionInfo
        let container: DependencyContainer
        let resolve: @Sendable () -> Void
    }

    /// A definition to build, and the sandbox (the container's, or one of its scopes') it is in:
    /// its entry, and for a definition with parameters the example values to build it with.
    private struct Target: Sendable {
        let container: DependencyContainer
        let entry: Entry
        let values: [any Sendable]
        var info: DefinitionInfo { entry.info }

        init(_ container: DependencyContainer, _ entry: Entry, values: [any Sendable] = []) {
            self.container = container
            self.entry = entry
            self.values = values
        }

        /// Builds it as a resolve would (with its example values as `resolve(parameters:)`
        /// passes them); a start hook that could never run on what was built is returned as a
        /// problem.
        func build() throws(WiringError) -> WiringError? {
            if let parameters = entry.info.parameters {
                try ParameterFrame.with(values.map { $0 as Any }, signature: parameters.signature) {
                    () throws(WiringError) in try entry.build(in: container)
                }
            } else {
                try entry.build(in: container)
            }
            guard let check = entry.info.hooks?.startCheck, let value = entry.existingValue else { return nil }
            return check(value)
        }
    }

    /// The example values `verify(parameters:)` was given.
    let parameterValues: [any Sendable]

    /// The first example value that is an `Argument`, if any: a constructor's parameter that the
    /// app passes with `resolve(parameters:)`.
    func example<Argument>(of _: Argument.Type) -> Argument? {
        for value in parameterValues {
            if let value = value as? Argument { return value }
        }
        return nil
    }

    /// An example value for each of `types`, in order; `nil` if one has none.
    func examples(for types: [Any.Type]) -> [any Sendable]? {
        var values: [any Sendable] = []
        for type in types {
            guard let value = parameterValues.first(where: { Self.value($0, is: type) }) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Whether `value` is a `Parameter` (the type is opened from the entry's list).
    private static func value<Parameter>(_ value: any Sendable, is _: Parameter.Type) -> Bool {
        value is Parameter
    }

    /// The graph's nodes are known once the sandbox exists, which needs this verification; see `run`.
    private init(parameterValues: [any Sendable]) {
        recorder = GraphRecorder(definitions: [])
        self.parameterValues = parameterValues
    }

    /// Builds every definition of `container` in a sandbox, and every definition of each scope
    /// it declares in a sandbox instance of that scope, and reports what happened.
    /// Verifies the synchronous definitions; the async ones are listed as left unchecked.
    static func run(_ container: DependencyContainer, parameters: [any Sendable] = []) -> VerificationError {
        let (verification, sandbox, _) = runSynchronously(container, parameters: parameters)
        return verification.result(asyncUnchecked: sandbox.asyncEntriesToVerify.map(\.entry.info.step))
    }

    /// Verifies every definition, async ones included: these are built after the others, each
    /// in its scope's sandbox, and report their errors (missing registrations, cycles) as
    /// problems.
    static func runAsync(
        _ container: DependencyContainer, parameters: [any Sendable] = [], isolation: isolated (any Actor)? = #isolation
    ) async -> VerificationError {
        let (verification, sandbox, targets) = runSynchronously(container, parameters: parameters)
        // Called off the main actor (a detached task, an exit test's body), an async verify can
        // still reach it: it builds the main-actor definitions the workers met there, as it would
        // from a `@MainActor` test, instead of leaving them unchecked.
        if !MainActorBuild.isOnMainActor, verification.lock.withLock({ !verification.mainActorUnchecked.isEmpty }) {
            await MainActor.run { verification.buildOnMainActor(targets) }
        }
        for (owner, entry) in sandbox.asyncEntriesToVerify {
            if verification.lock.withLock({ verification.broken.contains(entry.info.id) }) { continue }
            do {
                try await entry.buildAsync(in: owner)
            } catch where ConstructorChecked.isChecked(error) {
                // An async constructor whose parameters all resolved: verified, not run.
            } catch {
                verification.lock.withLock {
                    // A definition that needs a broken one fails with the same error: report it once.
                    if !verification.problems.contains(where: { $0.description == error.description }) {
                        verification.problems.append(error)
                    }
                    verification.broken.insert(entry.info.id)
                }
            }
        }
        return verification.result(asyncUnchecked: [])
    }

    private func result(asyncUnchecked: [ResolutionStep]) -> VerificationError {
        lock.withLock {
            VerificationError(
                problems: problems, unchecked: unchecked.map(\.step), graph: recorder.graph,
                asyncUnchecked: asyncUnchecked, parametersUnchecked: parametersUnchecked.map(\.step),
                mainActorUnchecked: mainActorUnchecked.map(\.step), unregisteredParameters: unregisteredParameters)
        }
    }

    private static func runSynchronously(
        _ container: DependencyContainer, parameters: [any Sendable]
    ) -> (Verification, DependencyContainer, [Target]) {
        let verification = Verification(parameterValues: parameters)
        let sandbox = DependencyContainer(sandboxFor: container, verification: verification)
        var (targets, withParameters, declared) = sandboxTargets(sandbox, verification: verification)
        let asyncInfos = sandbox.asyncEntriesToVerify.map(\.entry.info)
        // Definitions that take parameters are built with the example values given for their
        // types; the others cannot be, and the report lists them.
        var parametersUnchecked: [DefinitionInfo] = []
        for target in withParameters {
            guard let parameters = target.info.parameters else { continue }
            if let values = verification.examples(for: parameters.typeList) {
                targets.append(Target(target.container, target.entry, values: values))
            } else {
                parametersUnchecked.append(target.info)
            }
        }
        verification.lock.withLock {
            verification.recorder = GraphRecorder(
                definitions: targets.map(\.info) + declared + asyncInfos + parametersUnchecked)
            verification.parametersUnchecked = parametersUnchecked
        }
        let allTargets = targets
        var start = 0
        while start <= allTargets.count {
            let from = start
            WorkerThread.spawn { verification.work(on: allTargets, from: from) }
            start = verification.waitForWorker() + 1
        }
        if MainActorBuild.isOnMainActor { verification.buildOnMainActor(allTargets) }
        return (verification, sandbox, allTargets)
    }

    /// The sandbox's entries, then those of a sandbox instance of each scope it declares, opened
    /// from its outer scope's instance (or from the sandbox), as the app would open them.
    /// What to build: every entry of the sandbox and of one sandbox instance of each scope, those
    /// that take parameters apart; and the values those scopes get at run time
    /// (`declared(_:example:)`), for the graph.
    private static func sandboxTargets(
        _ sandbox: DependencyContainer, verification: Verification
    ) -> (targets: [Target], withParameters: [Target], declared: [DefinitionInfo]) {
        var targets: [Target] = []
        var withParameters: [Target] = []
        func add(_ entries: [Entry], of container: DependencyContainer) {
            for entry in entries {
                if entry.info.isAsync {
                    continue  // built after the others, by an async verify (`asyncEntriesToVerify`)
                } else if entry.info.parameters == nil {
                    targets.append(Target(container, entry))
                } else if !entry.isBinding {
                    // A binding of a definition with parameters is that definition: it is built,
                    // or listed as unchecked, once.
                    withParameters.append(Target(container, entry))
                }
            }
        }
        add(sandbox.registry.entries, of: sandbox)
        var declared: [DefinitionInfo] = []
        var opened: [ScopeID: DependencyContainer] = [:]
        func open(_ id: ScopeID) -> DependencyContainer? {
            if let existing = opened[id] { return existing }
            guard let definitions = sandbox.registry.scopes[id]?.definitions else { return nil }
            var parent = sandbox
            for outer in id.outer {
                guard let outerScope = open(outer) else { return nil }
                parent = outerScope
            }
            let scope = DependencyContainer(
                sandboxScope: definitions, scope: ScopeState(id: id, parent: parent, openedAt: CodeLocation("", 0)),
                verification: verification)
            opened[id] = scope
            add(scope.registry.entries, of: scope)
            declared += scope.registry.declarations.map(\.info)
            return scope
        }
        for id in sandbox.registry.scopes.keys.sorted(by: { $0.outer.count < $1.outer.count }) {
            _ = open(id)
        }
        // Each `linked(to:)`: the sandbox instance links to the target's, as the app's scopes
        // will at run time (a link that would close a cycle, or to an undeclared scope, is left
        // out; the resolves that needed it report what is missing).
        for (id, template) in sandbox.registry.scopes {
            guard let scope = opened[id] else { continue }
            for target in template.staticLinks {
                guard let other = opened[target], other !== scope else { continue }
                try? scope.scope?.link(to: other, from: scope)
            }
        }
        return (targets, withParameters, declared)
    }

    /// Waits until the running worker finishes or parks; returns the index it stopped at
    /// (past the end once finished).
    private func waitForWorker() -> Int {
        lock.withLock {
            while case .running = state { changed.wait(releasing: lock) }
            defer { state = .running }
            if case .finished = state { return Int.max - 1 }
            return current
        }
    }

    /// A worker: builds the definitions from `start` on, then the lazy checks they queued.
    private func work(on targets: [Target], from start: Int) {
        lock.withLock { current = start - 1 }
        runLazyChecks()
        for index in targets.indices.dropFirst(start) {
            let target = targets[index]
            let skip = lock.withLock {
                current = index
                return broken.contains(target.info.id)
            }
            if skip { continue }
            buildRecording(target)
        }
        lock.withLock {
            state = .finished
            changed.broadcast()
        }
    }

    /// Called on the main actor once the workers are done: builds the main-actor definitions they
    /// met (and the definitions that need them) here, in declaration order. Every worker is
    /// finished or parked holding no lock, so this thread is the sandbox's only builder. A build
    /// that fails inside a closure cannot be abandoned here, as one on a worker can (the main thread
    /// cannot park): `abandonWorker` stops the program with everything found so far.
    private func buildOnMainActor(_ targets: [Target]) {
        let (pending, blocked) = lock.withLock { () -> ([DefinitionInfo], Set<DefinitionID>) in
            defer {
                broken.subtract(mainActorBlocked)
                mainActorBlocked = []
                mainActorUnchecked = []
                mainActorThread = ObjectIdentifier(ThreadResolution.mine)
            }
            return (mainActorUnchecked, mainActorBlocked)
        }
        defer { lock.withLock { mainActorThread = nil } }
        // The workers that met a main-actor definition parked while building it and what needed it.
        for target in targets where blocked.contains(target.info.id) {
            target.entry.forgetAbandonedBuild(in: target.container)
        }
        for target in targets where pending.contains(where: { $0 === target.info }) {
            if lock.withLock({ broken.contains(target.info.id) }) { continue }
            // Built already if another pending definition needed it first.
            if target.entry.existingValue != nil { continue }
            buildRecording(target)
        }
    }

    /// Builds `target`, records what it threw (or a start hook that could never run on what it
    /// built), then runs the lazy checks its build queued.
    private func buildRecording(_ target: Target) {
        do {
            if let error = try target.build() { lock.withLock { problems.append(error) } }
        } catch where !ConstructorChecked.isChecked(error) {
            lock.withLock {
                record(error, building: target.info)
                broken.insert(target.info.id)
            }
        } catch {
            // A constructor definition whose parameters all resolved: verified, not built.
        }
        runLazyChecks()
    }

    private func runLazyChecks() {
        while let check = lock.withLock({ lazyChecks.isEmpty ? nil : lazyChecks.removeFirst() }) {
            if lock.withLock({ broken.contains(check.owner.id) }) { continue }
            do {
                try ResolutionFrame.with(container: check.container, info: check.owner) {
                    lock.withLock { lazyCheckThread = ObjectIdentifier(ThreadResolution.mine) }
                    check.resolve()
                    lock.withLock { lazyCheckThread = nil }
                }
            } catch {
                lock.withLock { problems.append(error) }
            }
        }
    }

    // MARK: - Called by the sandbox while it resolves

    /// Records that the definition being built asked for `info`; parks the worker if `info`
    /// is already known to be broken.
    func willResolve(_ info: DefinitionInfo) {
        let isBroken = lock.withLock {
            if let (requester, isLazy) = requester() {
                recorder.record(from: requester, to: info, isLazy: isLazy)
            }
            // A main-actor definition a worker met before: not reached again, but used.
            if mainActorDefinitions.contains(info.id), let thread = ThreadResolution.current {
                recordUse(of: info, on: thread.path[...], thread: thread)
            }
            return broken.contains(info.id)
        }
        if isBroken { abandonWorker(with: nil, needing: info) }
    }

    /// Records that the definition being built asked for a type that is not registered.
    /// An async build of `info`, asked for by the async build of `requester` (if any).
    func willResolve(_ info: DefinitionInfo, requester: DefinitionInfo?) {
        lock.withLock {
            if let requester = ResolutionFrame.current.map({ $0.info }) ?? requester {
                recorder.record(from: requester, to: info, isLazy: false)
            }
        }
    }

    func didMissDefinition(of type: Any.Type, tag: Tag?) {
        lock.withLock {
            if let (requester, isLazy) = requester() {
                recorder.recordMissing(from: requester, type: type, tag: tag, isLazy: isLazy)
            }
        }
    }

    /// Queues a check of a lazily injected dependency of the definition being built.
    func queueLazyCheck(_ resolve: @escaping @Sendable () -> Void) {
        guard let frame = ResolutionFrame.current else { return }
        let check = LazyCheck(owner: frame.info, container: frame.container, resolve: resolve)
        lock.withLock { lazyChecks.append(check) }
    }

    /// Lists `info`, a constructor factory verified on its own whose parameter nothing registers
    /// and `verify(parameters:)` has no example of, with the definitions that take parameters.
    func leaveParametersUnchecked(_ info: DefinitionInfo, unregistered type: String) {
        lock.withLock {
            if !parametersUnchecked.contains(where: { $0 === info }) { parametersUnchecked.append(info) }
            // The main actor's phase checks again what a worker checked: each type once.
            if unregisteredParameters[info.step]?.contains(type) != true {
                unregisteredParameters[info.step, default: []].append(type)
            }
        }
    }

    /// Marks `definition` as a constructor definition resolving its parameters on the worker's
    /// path (one worker builds at a time; a definition twice on a path is a cycle, reported).
    func enterConstructor(_ definition: DefinitionID) {
        lock.withLock { _ = constructorDefinitions.insert(definition) }
    }

    func leaveConstructor(_ definition: DefinitionID) {
        lock.withLock { _ = constructorDefinitions.remove(definition) }
    }

    /// Whether every definition on the thread's synchronous resolution path is a constructor
    /// definition resolving its parameters (see ``ConstructorChecked``): then no one needs the
    /// instance the innermost builds. A lazy check's owner was built already, so what it asks
    /// for is needed.
    func onlyConstructorsWait() -> Bool {
        let path = ThreadResolution.current?.path ?? []
        return lock.withLock {
            lazyCheckThread == nil && path.allSatisfy { constructorDefinitions.contains($0.id) }
        }
    }

    /// Called as the build of a main-actor definition begins on a worker (off the main actor),
    /// in its frame: the definition that resolves it, if one is built on any thread, would stop
    /// there whenever it is resolved off the main actor, so it is a problem, whichever thread
    /// `verify()` was called from. (A lazy check's owner was built already; what it asks for
    /// lazily is resolved where it is first used, not by its build.)
    func didReachMainActor() {
        guard let thread = ThreadResolution.current, let reached = thread.frames.last else { return }
        let path = thread.path
        lock.withLock {
            mainActorDefinitions.insert(reached.info.id)
            recordUse(of: reached.info, on: path.dropLast(), thread: thread)
        }
    }

    /// Reports the innermost definition of `path` (the thread's path, without `reached`) if it
    /// is built on any thread and resolves the main-actor `reached` from its build. Call with the
    /// lock held.
    private func recordUse(of reached: DefinitionInfo, on path: ArraySlice<DefinitionInfo>, thread: ThreadResolution) {
        // A binding (`.bind(AnyObject.self)`) of a main-actor definition is built as it is.
        guard let user = path.last, !reached.bindings.contains(where: { $0 === user }) else { return }
        let isLazyOwner = path.count == 1 && ObjectIdentifier(thread) == lazyCheckThread
        guard !isLazyOwner, !mainActorDefinitions.contains(user.id), needingMainActor.insert(user.id).inserted
        else { return }
        problems.append(
            .needsMainActor(
                type: typeName(user.type), tag: user.tag?.description, uses: reached.step,
                path: (path + [reached]).map(\.step), definedAt: user.site))
    }

    /// Records what building `info` threw: a problem, or, for a main-actor definition met on a
    /// worker thread, that `info` is left for a main-actor test. Called with the lock held.
    private func record(_ error: WiringError, building info: DefinitionInfo) {
        if case .mainActorIsolated = error {
            if !mainActorUnchecked.contains(where: { $0 === info }) { mainActorUnchecked.append(info) }
            mainActorBlocked.insert(info.id)
        } else {
            problems.append(error)
        }
    }

    /// Records `error` (or, for `nil`, that the definition needs the broken `needed`), marks the
    /// definitions on this thread's path as broken, and parks this worker for good. On the main
    /// actor's phase (see `buildOnMainActor`) it stops the program instead, with the report.
    func abandonWorker(with error: WiringError?, needing needed: DefinitionInfo? = nil) -> Never {
        let thread = ThreadResolution.current
        let path = thread?.path ?? []
        if let thread, lock.withLock({ mainActorThread == ObjectIdentifier(thread) }) {
            stopOnMainActor(with: error, needing: needed, path: path)
        }
        lock.withLock {
            let inLazyCheck = thread.map(ObjectIdentifier.init) == lazyCheckThread
            // A main-actor definition met here, directly or through one that needed it: the main
            // actor's phase builds these again.
            let mainActor: Bool
            if case .mainActorIsolated? = error {
                mainActor = true
            } else {
                mainActor = error == nil && needed.map { mainActorBlocked.contains($0.id) } == true
            }
            if mainActor, let outermost = path.first {
                if !mainActorUnchecked.contains(where: { $0 === outermost }) { mainActorUnchecked.append(outermost) }
            } else if let error, let outermost = path.first {
                record(error, building: outermost)
            } else if let error {
                problems.append(error)
            } else if let outermost = path.first, !unchecked.contains(where: { $0 === outermost }) {
                // The definition being built (or whose lazy dependency is checked) needs a broken one.
                unchecked.append(outermost)
            }
            // The owner of a lazy dependency was built; only what it asked for lazily is broken.
            for info in inLazyCheck ? path.dropFirst() : path[...] {
                broken.insert(info.id)
                if mainActor { mainActorBlocked.insert(info.id) }
            }
            lazyCheckThread = nil
            state = .parked
            changed.broadcast()
        }
        WorkerThread.parkForever()
    }

    /// A failure inside a main-actor build on the main actor: the closure cannot be left (its
    /// `resolve()` does not throw) and the thread cannot park, so the program stops with every
    /// problem found so far and this one.
    private func stopOnMainActor(with error: WiringError?, needing needed: DefinitionInfo?, path: [DefinitionInfo]) -> Never {
        let building = path.first.map { $0.step.description } ?? "a main-actor definition"
        let cause =
            error?.description
            ?? "Wiring: it needs \(needed.map { $0.step.description } ?? "a definition"), which is broken (see below)."
        // The report counts this problem too: it is one of those found so far.
        lock.withLock {
            if let error, !problems.contains(where: { $0.description == error.description }) {
                problems.append(error)
            } else if error == nil, let outermost = path.first, !unchecked.contains(where: { $0 === outermost }) {
                unchecked.append(outermost)
            }
        }
        let found = result(asyncUnchecked: [])
        fatalError(
            "Wiring: verify() stopped while building \(building) on the main actor: a build that fails there cannot be "
                + "abandoned (one on verification's own threads can), so the test process stops here.\n\(cause)"
                + "\n\nFound so far:\n\(found.description)")
    }

    /// The definition that is asking, and whether it asks lazily.
    private func requester() -> (DefinitionInfo, Bool)? {
        guard let thread = ThreadResolution.current, let frame = thread.frames.last else {
            // A synchronous resolve inside an async factory: the factory asks.
            return AsyncFrame.current.map { ($0.info, false) }
        }
        // A lazy check's owner is the outermost frame of the thread that checks.
        return (frame.info, thread.frames.count == 1 && ObjectIdentifier(thread) == lazyCheckThread)
    }
}

extension Verification {
    /// The verification whose worker is running on this thread, if every resolution on the
    /// thread's stack belongs to its sandbox (only then is parking the thread safe: no lock of
    /// a real container is held).
    static var ofCurrentWorker: Verification? {
        guard let frames = ThreadResolution.current?.frames,
            let verification = frames.last?.container.verification
        else { return nil }
        // A scope's sandbox resolves from the container's sandbox: same verification.
        return frames.allSatisfy { $0.container.verification === verification } ? verification : nil
    }
}

extension DependencyContainer {
    /// The async definitions of this (sandbox) container, in declaration order.
    var asyncEntriesToVerify: [(owner: DependencyContainer, entry: Entry)] {
        definitions.compactMap { definition in
            guard case .async = definition.payload,
                let entry = registry.asyncEntry(for: definition.info.typeID, tag: definition.info.tag),
                entry.info === definition.info
            else { return nil }
            return (self, entry)
        }
    }
}
