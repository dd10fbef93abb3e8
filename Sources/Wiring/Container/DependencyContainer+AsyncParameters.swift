extension DependencyContainer {
    /// Resolves `T` from a definition that takes parameters, from async code: a main-actor one
    /// (`factory { @MainActor (id: FeedID) in … }`, `factoryOf` of a `@MainActor` constructor)
    /// is built on the main actor, wherever the caller runs.
    ///
    /// ```swift
    /// let model: FeedViewModel = await container.resolveAsync(parameters: FeedID(7))
    /// ```
    ///
    /// > Warning: Stops the program with the message of
    /// > ``resolveAsyncThrowing(_:tag:parameters:file:line:)``'s error.
    public func resolveAsync<T: Sendable, each Parameter: Sendable>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, parameters: repeat each Parameter,
        file: StaticString = #fileID, line: UInt = #line
    ) async -> T {
        do {
            return try await resolveAsyncThrowing(type, tag: tag, parameters: repeat each parameters, file: file, line: line)
        } catch {
            await asyncFailure(error)
        }
    }

    /// Resolves `T` from a definition that takes parameters, from async code, throwing a
    /// ``WiringError`` instead of stopping; a main-actor definition is built on the main actor.
    ///
    /// ```swift
    /// let model = try await container.resolveAsyncThrowing(FeedViewModel.self, parameters: FeedID(7))
    /// ```
    public func resolveAsyncThrowing<T: Sendable, each Parameter: Sendable>(
        _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, parameters: repeat each Parameter,
        file: StaticString = #fileID, line: UInt = #line
    ) async throws(WiringError) -> T {
        let tag = tag.map { Tag($0) }
        do throws(WiringError) {
            do throws(WiringError) {
                return try resolveParameterized(T.self, tag: tag, parameters: repeat each parameters)
            } catch .mainActorIsolated where !MainActorBuild.isOnMainActor {
                // A main-actor definition, asked for off the main actor: built there instead.
                return try await onMainActor { () throws(WiringError) in
                    try resolveParameterized(T.self, tag: tag, parameters: repeat each parameters)
                }
            }
        } catch {
            throw error.requested(at: CodeLocation(file, line))
        }
    }
}

/// Resolves `T` from a definition that takes parameters, from async code, in the task's root
/// (or the global one); a main-actor definition is built on the main actor.
///
/// ```swift
/// let model: FeedViewModel = await resolveAsync(parameters: FeedID(7))
/// ```
public func resolveAsync<T: Sendable, each Parameter: Sendable>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, parameters: repeat each Parameter,
    file: StaticString = #fileID, line: UInt = #line
) async -> T {
    do {
        return try await DependencyContainer.asyncCurrent(for: T.self, tag: tag, file: file, line: line)
            .resolveAsyncThrowing(type, tag: tag, parameters: repeat each parameters, file: file, line: line)
    } catch {
        await asyncFailure(error)
    }
}
