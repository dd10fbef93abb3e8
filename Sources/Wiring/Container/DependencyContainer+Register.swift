extension DependencyContainer {
    /// Registers a definition of `T` inside a bootstrap closure (DIKit's way), under `tag` if
    /// given.
    ///
    /// ```swift
    /// let container = DependencyContainer { c in
    ///     c.register { Backend() as BackendProtocol }
    ///     c.register(lifetime: .factory) { StopWatch() as StopWatchProtocol }
    ///     c.register(lifetime: .factory, tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
    /// }
    /// ```
    ///
    /// > Warning: Only valid on the container passed to the closure of
    /// > ``init(bootstrapBlock:)``, while the closure runs. Definitions are fixed once a
    /// > container is built; registering later stops the program with a message saying so.
    ///
    /// - Parameters:
    ///   - lifetime: ``Lifetime/singleton`` (the default) or ``Lifetime/factory``.
    ///   - tag: Registers it under this tag; leave it out for none.
    ///   - factory: Builds the instance.
    ///   - file: The file of the call (`#fileID`), for messages.
    ///   - line: The line of the call, for messages.
    public func register<T>(
        lifetime: Lifetime = .singleton,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () -> T
    ) {
        let site = CodeLocation(file, line)
        append(AnyDefinition(lifetime: lifetime, tag: tag.map { Tag($0) }, site: site, factory: factory), at: site)
    }

    /// Registers a definition made by ``resolvable(lifetime:tag:file:line:_:)`` (DIKit's way).
    public func register(_ definition: some Definition, file: StaticString = #fileID, line: UInt = #line) {
        append(definition.erased, at: CodeLocation(file, line))
    }

    /// Composes several containers into a new one holding all their definitions.
    ///
    /// ``modules(file:line:_:)`` is the same with result-builder syntax. The new container
    /// builds its own singletons: it shares definitions with its parts, not instances.
    ///
    /// ```swift
    /// let root = DependencyContainer.derive(from: .backend, .network, .app)
    /// ```
    ///
    /// A module reached through several of them (a shared core) is composed once.
    ///
    /// > Warning: Two different definitions of the same type and tag stop the program with a
    /// > message that names both sites, unless the later one says `.override()`.
    public static func derive(
        from containers: DependencyContainer..., file: StaticString = #fileID, line: UInt = #line
    ) -> DependencyContainer {
        derive(from: containers, file: file, line: line)
    }

    /// Composes an array of containers into a new one holding all their definitions.
    public static func derive(
        from containers: [DependencyContainer], file: StaticString = #fileID, line: UInt = #line
    ) -> DependencyContainer {
        DependencyContainer(moduleOf: containers.map(Part.module), site: CodeLocation(file, line))
    }
}
