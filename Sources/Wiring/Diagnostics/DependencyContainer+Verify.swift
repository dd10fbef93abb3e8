extension DependencyContainer {
    /// Builds every definition once, away from this container, and throws if any is broken.
    ///
    /// Call it from one unit test to find every wiring mistake before the app ships:
    ///
    /// ```swift
    /// @Test func dependencyGraphIsComplete() throws {
    ///     try modules { .backend; .network; .app }.verify()
    /// }
    /// ```
    ///
    /// Each definition is built in declaration order in a *sandbox*: a copy of this container
    /// with instances of its own, so no singleton it builds reaches this container, and nothing
    /// is kept beyond what the factories themselves do. Dependencies injected with
    /// `@LazyInject` and `@OptionalInject` are checked after their owner is built.
    ///
    /// The thrown ``VerificationError`` lists every missing registration with the resolution
    /// path that asked for it, every cycle, tags asked for but never registered, and the
    /// definitions that could not be checked because they need a broken one.
    ///
    /// > Note: Factories run on threads of Wiring's own, one at a time. A worker whose factory
    /// > fails is left parked for the life of the process (a test process), holding no lock.
    ///
    /// A green run means every definition was built (a constructor's parameters checked). What
    /// this cannot build makes it throw, listed with how to check it: async definitions
    /// (``VerificationError/asyncUnchecked``; use `try await verify()`), definitions that take
    /// parameters (``VerificationError/parametersUnchecked``; use ``verify(parameters:)``), and,
    /// when called off the main actor, main-actor definitions
    /// (``VerificationError/mainActorUnchecked``). Called from the main actor (a `@MainActor`
    /// test), it builds main-actor definitions there, after the others; a build that fails
    /// inside one stops the process with the report so far, as it cannot be abandoned there.
    ///
    /// - Returns: The dependency graph the build recorded (see ``graph()-2v0pa``).
    @discardableResult
    public func verify() throws(VerificationError) -> DependencyGraph {
        let result = Verification.run(self)
        if result.isFailure { throw result }
        return result.graph
    }

    /// Verifies every definition, async ones (`single { await … }`) included, and returns the
    /// dependency graph.
    ///
    /// ```swift
    /// @Test func theAppGraphIsComplete() async throws {
    ///     try await modules { .backend; .network; .app }.verify()
    /// }
    /// ```
    ///
    /// Async definitions are built after the others, each once, in a sandbox. A missing
    /// registration or a cycle reached through `resolveAsync()` is reported as a problem, like
    /// one reached through `resolve()`. A synchronous `resolve()` that fails inside an async
    /// factory still stops the program (it cannot suspend); use `try resolveThrowing()` there.
    ///
    /// Main-actor definitions are built on the main actor, after the others: there at once when
    /// it is called from the main actor, else by awaiting the main actor (a detached task, an
    /// exit test's body), which must then be free to run it.
    ///
    /// - Parameter isolation: The caller's actor; leave it out.
    @discardableResult
    public func verify(isolation: isolated (any Actor)? = #isolation) async throws(VerificationError) -> DependencyGraph {
        let result = await Verification.runAsync(self)
        if result.isFailure { throw result }
        return result.graph
    }

    /// Verifies every definition, as ``verify()-178vl`` does, with example values for the
    /// parameters the app passes at resolve time: definitions that take parameters
    /// (`factory { (id: FeedID) in … }`) are built with them, and a constructor parameter that is
    /// registered nowhere is given one.
    ///
    /// ```swift
    /// static let feed = module {
    ///     single { APIClient() }
    ///     factoryOf(FeedViewModel.init)                          // init(id: FeedID, api: APIClient)
    ///     factory { (id: FeedID) in FeedHeader(id: id, api: resolve()) }
    /// }
    ///
    /// @Test func theFeedGraphIsComplete() throws {
    ///     try DependencyContainer.feed.verify(parameters: [FeedID(7)])
    /// }
    /// ```
    ///
    /// A value is used for each parameter whose type it is (the first that fits). A definition
    /// with a parameter no example fits is left unchecked and makes verification fail, listed in
    /// ``VerificationError/parametersUnchecked``.
    @discardableResult
    public func verify(parameters: [any Sendable]) throws(VerificationError) -> DependencyGraph {
        let result = Verification.run(self, parameters: parameters)
        if result.isFailure { throw result }
        return result.graph
    }

    /// The async form of ``verify(parameters:)``: async definitions are built too.
    ///
    /// ```swift
    /// try await DependencyContainer.feed.verify(parameters: [FeedID(7)])
    /// ```
    @discardableResult
    public func verify(
        parameters: [any Sendable], isolation: isolated (any Actor)? = #isolation
    ) async throws(VerificationError) -> DependencyGraph {
        let result = await Verification.runAsync(self, parameters: parameters)
        if result.isFailure { throw result }
        return result.graph
    }

    /// What each definition resolves, recorded by building every definition once in a sandbox
    /// (as ``verify()-178vl`` does), including the types that are asked for but not registered.
    ///
    /// ```swift
    /// print(modules { .backend; .network; .app }.graph().dot())
    /// ```
    public func graph() -> DependencyGraph {
        Verification.run(self).graph
    }

    /// The dependency graph with the edges of async definitions too, which only building them
    /// (as `try await verify()` does) reveals. Async definitions are drawn with a double border
    /// in DOT and labelled `async single` / `async factory`.
    public func graph() async -> DependencyGraph {
        await Verification.runAsync(self).graph
    }

    /// Verifies the root: the global one, or the current task's own (a test's `.wired` root,
    /// ``withRoot(_:operation:)``); see ``verify()-178vl``.
    ///
    /// ```swift
    /// DependencyContainer.defined(by: modules { .backend; .network; .app })
    /// try DependencyContainer.verifyRoot()
    /// ```
    ///
    /// - Throws: ``VerificationError``, or a ``VerificationError`` holding
    ///   ``WiringError/rootNotDefined(type:tag:requestedAt:)`` if the root is not defined.
    @discardableResult
    public static func verifyRoot(file: StaticString = #fileID, line: UInt = #line) throws(VerificationError)
        -> DependencyGraph
    {
        guard let root = root.retained else {
            let error = WiringError.rootNotDefined(
                type: "DependencyContainer.verifyRoot()", tag: nil, requestedAt: CodeLocation(file, line))
            throw VerificationError(problems: [error], unchecked: [], graph: DependencyGraph(nodes: [], edges: []))
        }
        return try root.verify()
    }
}
