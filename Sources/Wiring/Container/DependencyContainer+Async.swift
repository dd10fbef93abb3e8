extension DependencyContainer {
    /// Resolves `T` from async code: an async definition (`single { await … }`), awaiting its
    /// one build, or any other definition as `resolve()` would.
    ///
    /// ```swift
    /// let database: Database = await container.resolveAsync()
    /// ```
    ///
    /// It has its own name because an `async` overload of `resolve()` would make every plain
    /// `resolve()` in async code need `await`.
    ///
    /// Inside an async factory, write `try await resolveAsyncThrowing()` instead: its failure
    /// (a missing registration, a cycle) fails the build that is running, and whoever awaits it
    /// gets the error. This form cannot throw, so it stops the program, as a plain `resolve()`
    /// does inside a synchronous factory; `try await verify()` finds such failures in a test.
    ///
    /// > Warning: Stops the program with the message of ``resolveAsyncThrowing(_:tag:file:line:)-method``'s
    /// > error.
    ///
    /// With `tag`, it resolves the definition registered under that tag:
    /// `await container.resolveAsync(tag: Store.images) as Cache`.
    @inlinable
    public func resolveAsync<T: Sendable>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) async -> T {
        do {
            return try await resolveAsyncThrowing(type, tag: tag, file: file, line: line)
        } catch {
            await asyncFailure(error)
        }
    }

    /// Resolves `T` from async code, throwing a ``WiringError`` instead of stopping.
    ///
    /// ```swift
    /// let database = try await container.resolveAsyncThrowing(Database.self)
    /// ```
    ///
    /// With `tag`, it resolves the definition registered under that tag.
    ///
    /// Inlined into the caller, so that a built async single is returned at once, taken as `T`
    /// with a class check, with no task hop.
    @inlinable
    public func resolveAsyncThrowing<T: Sendable>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) async throws(WiringError) -> T {
        if tag == nil, let built = builtAsyncSingle(ObjectIdentifier(T.self)) as? TypedInstance<T> {
            return built.value
        }
        return try await resolveAsyncBuilding(T.self, tag: tag, file: file, line: line)
    }

    /// The built async single of `type` without a tag here, found by type alone; `nil` if there
    /// is none (not async, not built, a scope, a sandbox).
    @usableFromInline
    func builtAsyncSingle(_ type: ObjectIdentifier) -> AnyObject? {
        guard scope == nil else { return nil }
        return withRegistry { $0.builtAsyncSingle(type, in: self) }
    }

    /// `resolveAsyncThrowing()` once no built async single was found.
    @usableFromInline
    func resolveAsyncBuilding<T: Sendable>(
        _: T.Type, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt
    ) async throws(WiringError) -> T {
        let tag = tag.map { Tag($0) }
        return try await resolveAsync(T.self, tag: tag, at: CodeLocation(file, line)) { container throws(WiringError) in
            try container.resolveCore(T.self, tag: tag)
        }
    }

    /// An async resolve of `T` with `tag`: its async definition here or in the containers this
    /// scope was opened from, else `resolveSync` (a definition that is not async), on the
    /// current root if a `load` or `unload` raced it.
    private func resolveAsync<T: Sendable>(
        _: T.Type, tag: Tag?, at site: CodeLocation,
        _ resolveSync: @Sendable (DependencyContainer) throws(WiringError) -> T
    ) async throws(WiringError) -> T {
        do throws(WiringError) {
            let rootBefore = root.generation
            if let (owner, entry) = try asyncEntry(T.self, tag: tag) {
                do throws(WiringError) {
                    return try await entry.resolve(in: owner)
                } catch {
                    guard let newer = owner.newerRoot(after: error) else { throw error }
                    return try await newer.resolveAsync(T.self, tag: tag, at: site, resolveSync)
                }
            }
            do throws(WiringError) {
                return try resolveSync(self)
            } catch .asyncDefinition where root.changed(since: rootBefore) {
                // A `load` added the async definition after the lookup above: look again.
                return try await resolveAsync(T.self, tag: tag, at: site, resolveSync)
            } catch .mainActorIsolated where !MainActorBuild.isOnMainActor {
                // A main-actor definition, asked for off the main actor: built there instead.
                return try await onMainActor { () throws(WiringError) in try resolveSync(self) }
            }
        } catch {
            throw error.requested(at: site)
        }
    }

    /// `body`'s value, computed on the main actor.
    func onMainActor<T: Sendable>(
        _ body: @Sendable () throws(WiringError) -> T
    ) async throws(WiringError) -> T {
        let result: Result<T, WiringError> = await MainActor.run {
            do throws(WiringError) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The async definition of `T` with `tag` in this container or, from a scope, the first of
    /// its parents that has one, with the container it belongs to; `nil` if there is none (the
    /// synchronous path then resolves, or reports, as usual). An older version of the root (a
    /// scope opened from it, a factory that started in it, a resolve that raced a `load`) looks
    /// in the root as it is now.
    private func asyncEntry<T: Sendable>(
        _: T.Type, tag: Tag?
    ) throws(WiringError) -> (DependencyContainer, AsyncEntry<T>)? {
        var container: DependencyContainer? = self
        while var current = container {
            if let newest = current.rootState?.latest { current = newest }
            if let entry = current.registry.asyncEntry(for: ObjectIdentifier(T.self), tag: tag) {
                return (current, entry as! AsyncEntry<T>)  // found under `T`'s identity
            }
            guard let scope = current.scope else { return nil }
            try scope.checkOpen(for: T.self)
            container = scope.parent
        }
        return nil
    }
}

/// Resolves `T` from async code, from the task's root (see
/// ``DependencyContainer/withRoot(_:operation:)``) or the global one; see
/// ``DependencyContainer/resolveAsync(_:tag:file:line:)-method``.
///
/// ```swift
/// let database: Database = await resolveAsync()
/// ```
///
/// With `tag`, it resolves the definition registered under that tag:
/// `let cache: Cache = await resolveAsync(tag: Store.images)`.
public func resolveAsync<T: Sendable>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
) async -> T {
    do {
        return try await resolveAsyncThrowing(type, tag: tag, file: file, line: line)
    } catch {
        await asyncFailure(error)
    }
}

/// What a non-throwing async resolve does with `error`: stop the program with its message, as a
/// plain `resolve()` does inside a synchronous factory.
///
/// It cannot throw, and a task cannot be ended without resuming it: a factory left suspended
/// would keep its whole task (and the containers it holds) for the rest of the process. So inside
/// async factories, `try await resolveAsyncThrowing()` is the form that fails the build instead:
/// every task awaiting it, and every outer build awaiting those, gets the error, and no task is
/// left behind. Only a verification sandbox parks the factory (see `ParkedVerificationBuilds`):
/// its build is reported as a problem and verification goes on.
@usableFromInline
func asyncFailure(_ error: WiringError) async -> Never {
    if let frame = AsyncFrame.current, frame.container.verification != nil {
        frame.fail(error)
        await ParkedVerificationBuilds.park()
    }
    wiringFailure(error)
}

/// The async factories a verification stopped halfway (a nested, non-throwing `resolveAsync()`
/// that failed in the sandbox): each is suspended for good, as a synchronous verification parks
/// its worker thread. Their continuations are kept here, reachable, so that they read as what
/// they are (held on purpose, one per broken definition verified), not as leaks.
enum ParkedVerificationBuilds {
    private static let parked = Parked()

    /// Suspends the calling task for good.
    static func park() async -> Never {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            parked.keep(continuation)
        }
        preconditionFailure("Wiring: a parked verification build was resumed")
    }

    private final class Parked: @unchecked Sendable {
        // `continuations` is only touched under `lock`.
        private let lock = Lock()
        private var continuations: [UnsafeContinuation<Void, Never>] = []

        func keep(_ continuation: UnsafeContinuation<Void, Never>) {
            lock.withLock { continuations.append(continuation) }
        }
    }
}

/// Resolves `T` from async code, throwing a ``WiringError`` instead of stopping.
///
/// ```swift
/// let database = try await resolveAsyncThrowing(Database.self)
/// ```
public func resolveAsyncThrowing<T: Sendable>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
) async throws(WiringError) -> T {
    try await DependencyContainer.asyncCurrent(for: T.self, tag: tag, file: file, line: line)
        .resolveAsyncThrowing(type, tag: tag, file: file, line: line)
}

extension DependencyContainer {
    /// The container a free async resolve reads: the one building the caller, else the task's
    /// root or the global one; `rootNotDefined` if there is none.
    static func asyncCurrent(
        for type: Any.Type, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt
    ) throws(WiringError) -> DependencyContainer {
        guard let container = resolving ?? root.retained else {
            throw .rootNotDefined(
                type: typeName(type), tag: tag.map { Tag($0).description }, requestedAt: CodeLocation(file, line))
        }
        return container
    }
}
