/// The modules a root is preparing off the launching thread (`load(inBackground:)`): how many
/// are still being made, which failed, and who waits for them.
///
/// A resolve that finds nothing for a type while modules are pending waits for the next module to
/// be loaded and tries again, so it waits for exactly as long as the module that defines the
/// type takes (or until none is pending). Waiters sleep on a condition; async waiters are resumed
/// from the thread that loads the last module.
final class BackgroundModules: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = Lock()
    private let changed = Condition()
    private var pending = 0
    private var loaded = 0
    private var failures: [(module: DependencyContainer, error: WiringError)] = []
    /// Failures no wait has reported yet: each is thrown by one wait, then forgotten there.
    private var unreported: [WiringError] = []
    /// Each lazy module given to `load(inBackground:)`, with where it was first given (the
    /// identity is kept, so that no other module can take its address).
    private var claimed: [ObjectIdentifier: (module: LazyModule.Identity, site: CodeLocation)] = [:]
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func start(_ count: Int) {
        lock.withLock { pending += count }
    }

    /// Claims `module` for a load at `site`; the error that says it is already loaded (or being
    /// loaded) if it was claimed before.
    func claim(_ module: LazyModule, at site: CodeLocation) -> WiringError? {
        lock.withLock {
            if let first = claimed[ObjectIdentifier(module.identity)] {
                return .moduleAlreadyLoaded(module: module.site, first: first.site, requestedAt: site)
            }
            claimed[ObjectIdentifier(module.identity)] = (module.identity, site)
            return nil
        }
    }

    /// Records that a module given at the same time as others failed before it was made.
    func fail(_ error: WiringError) {
        finish(nil, failure: error)
    }

    /// Records that one module is loaded, or that it failed with `error`, and wakes the waiters.
    func finish(_ module: DependencyContainer?, failure error: WiringError?) {
        let resumed = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            pending -= 1
            loaded += 1
            if let error {
                // A module that was made explains the misses of the types it defines.
                if let module { failures.append((module, error)) }
                unreported.append(error)
            }
            changed.broadcast()
            guard pending == 0 else { return [] }
            defer { waiters = [] }
            return waiters
        }
        for waiter in resumed { waiter.resume() }
    }

    /// Waits for the modules still being prepared (before the root they load into is reset).
    func waitForPending() {
        lock.withLock {
            while pending > 0 { changed.wait(releasing: lock) }
        }
    }

    /// How many modules finished so far, if any is still pending; `nil` when none is.
    func progressIfPending() -> Int? {
        lock.withLock { pending > 0 ? loaded : nil }
    }

    /// Waits until a module finishes after `seen` (see ``progressIfPending()``), or none is pending.
    func wait(after seen: Int) {
        lock.withLock {
            while pending > 0, loaded == seen { changed.wait(releasing: lock) }
        }
    }

    /// Waits, blocking the thread, until every module is loaded; throws the first failure no
    /// earlier wait threw.
    func waitForAll() throws(WiringError) {
        try lock.withLock { () throws(WiringError) in
            while pending > 0 { changed.wait(releasing: lock) }
            if let error = takeUnreported() { throw error }
        }
    }

    /// The first failure no wait reported yet, now reported; call under `lock`.
    private func takeUnreported() -> WiringError? {
        unreported.isEmpty ? nil : unreported.removeFirst()
    }

    /// Waits, suspending the task, until every module is loaded; throws the first failure no
    /// earlier wait threw.
    func waitForAll() async throws(WiringError) {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock { () -> Bool in
                guard pending > 0 else { return true }
                waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        if let error = lock.withLock({ takeUnreported() }) { throw error }
    }

    /// The failure of a module that defines what `missing` asked for, which explains the miss.
    func failure(explaining missing: WiringError) -> WiringError? {
        guard case let .missingDefinition(type, _, _, _, _, _) = missing else { return nil }
        return lock.withLock {
            failures.first { failed in failed.module.definitions.contains { typeName($0.type) == type } }?.error
        }
    }
}

extension BackgroundModules {
    /// `attempt`'s result, once a first attempt failed with `error`: if it found nothing for a type
    /// while modules are being prepared in the background for the current root, waits for each
    /// module to be loaded and tries again. A resolve nested in a build does not wait: its
    /// outermost resolve does.
    static func retrying<Result>(
        after error: WiringError, _ attempt: () throws(WiringError) -> Result
    ) throws(WiringError) -> Result {
        guard case .missingDefinition = error, !ThreadResolution.isResolving else { throw error }
        guard let background = RootState.ofCurrentTask.backgroundIfStarted else { throw error }
        while let seen = background.progressIfPending() {
            do {
                return try attempt()
            } catch {
                guard case .missingDefinition = error else { throw error }
            }
            background.wait(after: seen)
        }
        do {
            return try attempt()
        } catch {
            throw background.failure(explaining: error) ?? error
        }
    }
}

extension BackgroundModules {
    /// `attempt`'s result; if it is `nil` while modules are being prepared in the background for
    /// the current root, waits for each module to be loaded and tries again (see
    /// ``retrying(after:_:)``).
    static func retrying<Result>(optional attempt: () throws(WiringError) -> Result?) throws(WiringError) -> Result? {
        if let result = try attempt() { return result }
        guard !ThreadResolution.isResolving else { return nil }
        guard let background = RootState.ofCurrentTask.backgroundIfStarted else { return nil }
        while let seen = background.progressIfPending() {
            if let result = try attempt() { return result }
            background.wait(after: seen)
        }
        return try attempt()
    }
}
