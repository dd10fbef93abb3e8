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
    /// > Note: Factories run on threads of Wiring's own, one at a time, so a factory that must
    /// > run on the main thread cannot be verified. A worker whose factory fails is left
    /// > parked for the life of the process (a test process), holding no lock.
    ///
    /// - Returns: The dependency graph the build recorded (see ``graph()``).
    @discardableResult
    public func verify() throws(VerificationError) -> DependencyGraph {
        let result = Verification.run(self)
        if !result.problems.isEmpty { throw result }
        return result.graph
    }

    /// What each definition resolves, recorded by building every definition once in a sandbox
    /// (as ``verify()`` does), including the types that are asked for but not registered.
    ///
    /// ```swift
    /// print(modules { .backend; .network; .app }.graph().dot())
    /// ```
    public func graph() -> DependencyGraph {
        Verification.run(self).graph
    }

    /// Verifies the global root; see ``verify()``.
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
