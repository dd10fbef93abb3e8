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
    /// Inside an async factory, a failure (a missing registration, a cycle) fails the build
    /// that is running: whoever awaits it gets the error, so an outer `resolveAsyncThrowing`
    /// throws it and an outer `resolveAsync` stops with it. The factory itself never resumes.
    ///
    /// > Warning: Stops the program with the message of ``resolveAsyncThrowing(_:file:line:)``'s
    /// > error, outside an async factory.
    public func resolveAsync<T: Sendable>(
        _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) async -> T {
        do {
            return try await resolveAsyncThrowing(type, file: file, line: line)
        } catch {
            await asyncFailure(error)
        }
    }

    /// Resolves `T` registered with `tag` from async code; see ``resolveAsync(_:file:line:)``.
    public func resolveAsync<T: Sendable, Tag: Hashable & Sendable>(
        _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
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
    public func resolveAsyncThrowing<T: Sendable>(
        _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) async throws(WiringError) -> T {
        // A built single of this container: copied out without instantiating any metadata (not
        // even `T?`'s, hence a throw rather than an optional when it is not built).
        if scope == nil, let entry = registry.asyncEntry(for: ObjectIdentifier(T.self), tag: nil) {
            do {
                return try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer throws -> T in
                    let address = buffer.baseAddress.unsafelyUnwrapped
                    guard entry.copyBuilt(into: address, in: self) else { throw NotBuiltYet() }
                    return address.move()
                }
            } catch {
                // Not built: the full path below builds it, or waits for the build under way.
            }
        }
        do {
            if let (owner, entry) = try asyncEntry(T.self, tag: nil) {
                return try await entry.resolve(in: owner)
            }
            return try resolveCore(T.self)
        } catch {
            throw error.requested(at: CodeLocation(file, line))
        }
    }

    /// Resolves `T` registered with `tag` from async code, throwing a ``WiringError`` instead of
    /// stopping.
    ///
    /// ```swift
    /// let cache = try await container.resolveAsyncThrowing(Cache.self, tag: Store.images)
    /// ```
    public func resolveAsyncThrowing<T: Sendable, Tag: Hashable & Sendable>(
        _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) async throws(WiringError) -> T {
        do {
            if let (owner, entry) = try asyncEntry(T.self, tag: Wiring.Tag(tag)) {
                return try await entry.resolve(in: owner)
            }
            return try resolveCore(T.self, tag: tag)
        } catch {
            throw error.requested(at: CodeLocation(file, line))
        }
    }

    /// The async definition of `T` with `tag` in this container or, from a scope, the first of
    /// its parents that has one, with the container it belongs to; `nil` if there is none (the
    /// synchronous path then resolves, or reports, as usual).
    private func asyncEntry<T: Sendable>(
        _: T.Type, tag: Tag?
    ) throws(WiringError) -> (DependencyContainer, AsyncEntry<T>)? {
        var container: DependencyContainer? = self
        while let current = container {
            if let entry = current.registry.asyncEntry(for: ObjectIdentifier(T.self), tag: tag) {
                return (current, unsafeDowncast(entry, to: AsyncEntry<T>.self))
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
/// ``DependencyContainer/resolveAsync(_:file:line:)``.
///
/// ```swift
/// let database: Database = await resolveAsync()
/// ```
public func resolveAsync<T: Sendable>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) async -> T {
    do {
        return try await resolveAsyncThrowing(type, file: file, line: line)
    } catch {
        await asyncFailure(error)
    }
}

/// What a non-throwing async resolve does with `error`: inside an async factory, fail the build
/// that is running (its awaiters get the error) and never resume; elsewhere, stop the program.
func asyncFailure(_ error: WiringError) async -> Never {
    guard let frame = AsyncFrame.current else { wiringFailure(error) }
    frame.fail(error)
    // This factory cannot go on without the value; its build is answered, so it stays suspended.
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    wiringFailure(error)  // never reached: the continuation above is never resumed
}

/// Resolves `T` from async code, throwing a ``WiringError`` instead of stopping.
///
/// ```swift
/// let database = try await resolveAsyncThrowing(Database.self)
/// ```
public func resolveAsyncThrowing<T: Sendable>(
    _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
) async throws(WiringError) -> T {
    guard let container = DependencyContainer.resolving ?? root.retained else {
        throw .rootNotDefined(type: typeName(T.self), tag: nil, requestedAt: CodeLocation(file, line))
    }
    return try await container.resolveAsyncThrowing(type, file: file, line: line)
}

/// Resolves `T` registered with `tag` from async code, from the container building the caller,
/// the task's root or the global one; see ``resolveAsync(_:file:line:)``.
///
/// ```swift
/// let cache: Cache = await resolveAsync(tag: Store.images)
/// ```
public func resolveAsync<T: Sendable, Tag: Hashable & Sendable>(
    _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
) async -> T {
    do {
        return try await resolveAsyncThrowing(type, tag: tag, file: file, line: line)
    } catch {
        await asyncFailure(error)
    }
}

/// Resolves `T` registered with `tag` from async code, throwing a ``WiringError`` instead of
/// stopping; see ``resolveAsyncThrowing(_:file:line:)``.
public func resolveAsyncThrowing<T: Sendable, Tag: Hashable & Sendable>(
    _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
) async throws(WiringError) -> T {
    guard let container = DependencyContainer.resolving ?? root.retained else {
        throw .rootNotDefined(type: typeName(T.self), tag: Wiring.Tag(tag).description, requestedAt: CodeLocation(file, line))
    }
    return try await container.resolveAsyncThrowing(type, tag: tag, file: file, line: line)
}

/// Thrown inside `resolveAsyncThrowing` when the single it looks for is not built yet.
private struct NotBuiltYet: Error {}
