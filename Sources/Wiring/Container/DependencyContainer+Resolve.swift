extension DependencyContainer {
    /// Resolves the instance registered for `T` without a tag.
    ///
    /// ```swift
    /// let backend: BackendProtocol = container.resolve()
    /// ```
    ///
    /// > Warning: Stops the program with a message naming the type, the resolution path and the
    /// > fix if nothing is registered. Use ``resolveOptional(tag:file:line:)`` or
    /// > ``resolveThrowing(_:file:line:)`` to recover instead.
    ///
    /// Inlined into the caller for the reason the free ``Wiring/resolve(file:line:)`` is.
    @inlinable
    public func resolve<T>(file: StaticString = #fileID, line: UInt = #line) -> T {
        if let value = PublishedRead.of(ObjectIdentifier(T.self), in: self)?.value(as: T.self) { return value }
        return typedResolve { deliver in
            resolveInstance(T.self, isInstance: { $0 is T }, deliver: deliver, file: file, line: line)
        }
    }

    /// The instance `resolve()` of `type` returns: the built singleton, if there is one and
    /// nothing must be decided first (see ``publishedSingleton(_:deliver:)``), else what the general
    /// path resolves.
    @usableFromInline
    func resolveInstance(
        _ type: Any.Type, isInstance: (Any) -> Bool, deliver: Deliver, file: StaticString, line: UInt
    ) -> Instance? {
        let id = ObjectIdentifier(type)
        // Its built singleton, or its value declared in a scope, was looked for by the inlined
        // part of `resolve()` (see `PublishedRead.of`); `resolveCore` finds either if it is there since.
        return orStop(at: CodeLocation(file, line)) { () throws(WiringError) -> Instance? in
            try resolveCore(type, tag: nil, find: { $0.entry(for: id) }, isInstance: isInstance, deliver: deliver)
        }
    }

    /// Resolves the instance registered for `T` with `tag`.
    ///
    /// ```swift
    /// let storage: LocalStorageProtocol = container.resolve(tag: StorageContext.userdata)
    /// ```
    ///
    /// - Parameter tag: The tag the definition was registered with: an enum case, a string, any
    ///   `Hashable & Sendable` value.
    /// - Parameter file: The file of the call (`#fileID`), for messages.
    /// - Parameter line: The line of the call, for messages.
    @inlinable
    public func resolve<T, Tag: Hashable & Sendable>(
        tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        typedResolve { deliver in
            resolveInstance(T.self, tag: tag, isInstance: { $0 is T }, deliver: deliver, file: file, line: line)
        }
    }

    /// The instance `resolve(tag:)` of `type` returns (see ``resolveInstance(_:isInstance:deliver:file:line:)``).
    @usableFromInline
    func resolveInstance<Tag: Hashable & Sendable>(
        _ type: Any.Type, tag: Tag, isInstance: (Any) -> Bool, deliver: Deliver, file: StaticString, line: UInt
    ) -> Instance? {
        let id = ObjectIdentifier(type)
        if let built = publishedSingleton(id, tag: tag, deliver: deliver) { return built }
        return orStop(at: CodeLocation(file, line)) { () throws(WiringError) -> Instance? in
            try resolveCore(
                type, tag: Wiring.Tag(tag), find: { $0.entry(for: id, tag: tag) }, isInstance: isInstance,
                deliver: deliver)
        }
    }

    /// Resolves `T` (with `tag`, if given), or returns `nil` if nothing is registered for it, if
    /// its module was unloaded, or if this is a scope that is closed (KOIN's `getOrNull`).
    ///
    /// ```swift
    /// let analytics: Analytics? = container.resolveOptional()
    /// let cache: LocalStorageProtocol? = container.resolveOptional(tag: StorageContext.userdata)
    /// ```
    public func resolveOptional<T>(
        tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        resolveOptional(T.self, boxedTag: tag.map { Tag($0) }, at: CodeLocation(file, line))
    }

    /// `resolveOptional(tag:)` with the tag boxed already (an `@OptionalInject` boxes its own once).
    func resolveOptional<T>(_: T.Type, boxedTag tag: Tag?, at site: CodeLocation) -> T? {
        let id = ObjectIdentifier(T.self)
        return optional(T.self, tag: tag, find: { $0.entry(for: id, boxed: tag) }, at: site)
    }

    /// `resolveOptional` of `T` with `tag`, where `find` looks its definition up in a registry.
    private func optional<T>(_: T.Type, tag: Tag?, find: (Registry) -> Entry?, at site: CodeLocation) -> T? {
        if let scope {
            return resolveOptionalInScope(
                scope, T.self, tag: tag, find: find, fallback: { $0.optional(T.self, tag: tag, find: find, at: site) },
                at: site)
        }
        guard let entry = find(registry) else {
            if let current = rootState?.latest, current !== self {
                return current.optional(T.self, tag: tag, find: find, at: site)
            }
            // Nested in a build with parameters, an untagged one may be among them.
            guard tag == nil, let parameters = ParameterFrame.current else { return nil }
            return parameters.value(of: T.self)?.value(as: T.self)
        }
        if let verification { verification.willResolve(entry.info) }
        do {
            return try entry.resolveValue(T.self, in: self)
        } catch {
            if let newer = newerRoot(after: error) { return newer.optional(T.self, tag: tag, find: find, at: site) }
            if error.isMissingParameters(of: T.self, tag: tag) { return nil }
            return absent(after: error, at: site)
        }
    }

    /// What `resolveOptional` returns for `error`: `nil` when the definition was unloaded or its
    /// container closed while this thread resolved it (absent now); otherwise it stops.
    func absent<T>(after error: WiringError, at site: CodeLocation) -> T? {
        switch error {
        case .moduleUnloaded, .scopeClosed, .containerClosed: return nil
        default: wiringFailure(error.requested(at: site))
        }
    }

    /// The global root as it is now, when this container is an older version of it and `error`
    /// says a definition was unloaded (retired by a `load` or `unload` meanwhile): a resolve that
    /// raced the change tries again there, so it resolves from one root, before or after, and
    /// never fails in between. `nil` otherwise (the current root, a closed root, a scope, an
    /// error of another kind), so retrying ends at the current root.
    @inline(never)
    func newerRoot(after error: WiringError) -> DependencyContainer? {
        // Only the outermost resolve moves to the newer root, with everything it builds: a
        // nested one stays on the root its build began on (one root per resolve, never a mix).
        guard case .moduleUnloaded = error, !ThreadResolution.isResolving, let current = rootState?.latest,
            current !== self
        else { return nil }
        return current
    }

    /// Resolves `type`, throwing a ``WiringError`` instead of stopping if it cannot.
    ///
    /// ```swift
    /// do {
    ///     let backend = try container.resolveThrowing(BackendProtocol.self)
    /// } catch {
    ///     log(error.description)
    /// }
    /// ```
    ///
    /// A factory that throws (`single { try Database(path: …) }`) makes this throw
    /// ``WiringError/factoryFailed(type:tag:path:underlying:requestedAt:)``, and a
    /// `try resolveThrowing()` inside a factory propagates its error out of here. A plain
    /// `resolve()` inside a factory cannot throw: it stops the program there, with the message
    /// this error would carry.
    public func resolveThrowing<T>(
        _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> T {
        return try requested(at: CodeLocation(file, line)) { () throws(WiringError) in try resolveCore(T.self) }
    }

    /// Resolves `type` registered with `tag`, throwing a ``WiringError`` if it cannot. (Two
    /// functions, not one with an optional tag, which `resolveThrowing(_:parameters:)` with no
    /// parameters would make ambiguous.)
    public func resolveThrowing<T, Tag: Hashable & Sendable>(
        _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> T {
        return try requested(at: CodeLocation(file, line)) { () throws(WiringError) in
            try resolveCore(T.self, tag: Wiring.Tag(tag))
        }
    }

    /// The core of every resolve: the instance a resolve of `type` with `tag` returns here,
    /// where `find` looks the definition up in a registry.
    ///
    /// Not generic: the value comes back as an ``Instance``, which the public generic entry
    /// points take as `T` once, at the end. `tag` is made only when it is needed (a scope's keys,
    /// a message): a resolve that finds its entry outside a scope, as a tagged resolve nested in
    /// a build does, makes no ``Tag``.
    /// - Parameters:
    ///   - isInstance: Whether a value is a `type` (for a missing definition's message).
    ///   - requester: The scope the resolve started in, when it reached this container through
    ///     the containers that scope was opened from: a `factory` found here is built there, so
    ///     that its own dependencies are looked up in that scope first (KOIN's rule; a factory
    ///     keeps nothing, so where it is built is only where it looks). A `single` is built
    ///     here, from this container's definitions, since every scope shares it.
    func resolveCore(
        _ type: Any.Type, tag: @autoclosure () -> Tag?, find: (Registry) -> Entry?, isInstance: (Any) -> Bool,
        requester: DependencyContainer? = nil
    ) throws(WiringError) -> Instance {
        let instance = try resolveCore(
            type, tag: tag(), find: find, isInstance: isInstance, requester: requester, deliver: { _ in false })
        guard let instance else { preconditionFailure("Wiring: a boxed resolve delivered its value") }
        return instance
    }

    /// ``resolveCore(_:tag:find:isInstance:requester:)`` for a resolve that knows its type: a
    /// factory found here gives its value to `deliver`, unboxed (then `nil`; see ``Deliver``).
    func resolveCore(
        _ type: Any.Type, tag: @autoclosure () -> Tag?, find: (Registry) -> Entry?, isInstance: (Any) -> Bool,
        requester: DependencyContainer? = nil, deliver: Deliver
    ) throws(WiringError) -> Instance? {
        try startEagerSingletons()
        switch role {
        case .scope(let scope), .sandbox(_, scope: let scope?):
            return try resolveInScope(
                scope, type, tag: tag(), find: find, isInstance: isInstance, requester: requester, deliver: deliver)
        case .module, .rootVersion, .sandbox, .collecting: break
        }
        // Borrowed: the registry getter's retains and releases are a tenth of a first build's cost.
        guard let entry = withRegistry(find) else {
            return try resolveMissing(type, tag: tag(), find: find, isInstance: isInstance, requester: requester)
        }
        if case .sandbox(let verification, _) = role { verification.willResolve(entry.info) }
        do {
            return try entry.resolve(in: entry.isFactory ? requester ?? self : self, deliver: deliver)
        } catch {
            guard let newer = newerRoot(after: error) else { throw error }
            return try newer.resolveCore(
                type, tag: tag(), find: find, isInstance: isInstance, requester: requester, deliver: deliver)
        }
    }

    /// `resolveCore` in a scope: its declared values, definitions and links, then the container
    /// it was opened from.
    private func resolveInScope(
        _ scope: ScopeState, _ type: Any.Type, tag: Tag?, find: (Registry) -> Entry?, isInstance: (Any) -> Bool,
        requester: DependencyContainer?, deliver: Deliver
    ) throws(WiringError) -> Instance? {
        let key = DefinitionKey(type: ObjectIdentifier(type), tag: tag)
        if let found = try findInScope(
            scope, type, key: key, find: find, checkingOpen: true, requester: requester, deliver: deliver)
        {
            return found
        }
        try checkAnnounced(in: scope, type, tag: tag)
        do {
            return try scope.parent.resolveCore(
                type, tag: tag, find: find, isInstance: isInstance, requester: requester ?? self, deliver: deliver)
        } catch {
            throw error.searched(first: searchedNames(of: scope))
        }
    }

    /// This scope and the scopes it links to, for a missing definition's message, then the
    /// container it was opened from when that is not a scope (which adds its own otherwise).
    private func searchedNames(of scope: ScopeState) -> [String] {
        var names = [scopeName]
        names += scope.linkedScopes.map { "linked " + $0.scopeName }
        if scope.parent.scope == nil { names.append(scope.parent.isRoot ? "root" : "container") }
        return names
    }

    /// `resolveCore` when this registry has no definition: an older version of the root (a
    /// factory that ran `load(_:)` resolves from the root it started in) asks the current root,
    /// which may have it; otherwise the error.
    private func resolveMissing(
        _ type: Any.Type, tag: Tag?, find: (Registry) -> Entry?, isInstance: (Any) -> Bool,
        requester: DependencyContainer?
    ) throws(WiringError) -> Instance {
        if let current = rootState?.latest, current !== self {
            return try current.resolveCore(type, tag: tag, find: find, isInstance: isInstance, requester: requester)
        }
        // Nested in a build with parameters (see ``ParameterFrame``), an untagged resolve takes
        // the first of them that is a `type`.
        if tag == nil, let value = ParameterFrame.current?.value(of: type) { return value }
        throw missingDefinition(type, tag: tag, isInstance: isInstance)
    }

    /// The instance of `T`, with `tag` if given.
    func resolveCore<T>(_: T.Type, tag: Tag? = nil) throws(WiringError) -> T {
        let id = ObjectIdentifier(T.self)
        return try typedResolve { deliver throws(WiringError) -> Instance? in
            if tag == nil, let built = publishedSingleton(id, deliver: deliver) { return built }
            return try resolveCore(
                T.self, tag: tag, find: { $0.entry(for: id, boxed: tag) }, isInstance: { $0 is T }, deliver: deliver)
        }
    }

    /// The singleton registered here for `type` without a tag, if it is built and nothing must
    /// be decided before it: this is not a verification sandbox (which records every resolve),
    /// and in a scope nothing of the scope's stands in front of it (or, in a scope, the value of
    /// `type` declared there, which a resolve returns first). A published singleton was never
    /// retired (retiring unpublishes it); inside a build it is noted as a dependency. Offered to
    /// `deliver` (`.some(nil)` when it took it; see ``Entry/notedPublished(deliver:)``), else boxed.
    /// It is what ``PublishedRead/of(_:in:)`` finds, read for a resolve that does not know its type.
    @usableFromInline
    func publishedSingleton(_ type: ObjectIdentifier, deliver: Deliver) -> Instance?? {
        // Not `?.take`: optional chaining would flatten "none found" into "taken".
        guard let read = PublishedRead.of(type, in: self) else { return nil }
        return .some(read.take(deliver: deliver))
    }

    /// ``publishedSingleton(_:deliver:)`` of `type` with `tag`.
    func publishedSingleton<Tag: Hashable & Sendable>(_ type: ObjectIdentifier, tag: Tag, deliver: Deliver) -> Instance?? {
        switch role {
        case .module, .rootVersion:
            return withRegistry { $0.entry(for: type, tag: tag)?.notedPublished(deliver: deliver) }
        case .scope, .sandbox, .collecting: return nil
        }
    }


    @inline(never)
    func missingDefinition(_ type: Any.Type, tag: Tag?, isInstance: (Any) -> Bool = { _ in false }) -> WiringError {
        // A scope's definition answers for its bindings' types too (`scoped { Cart() }.bind(Checkout.self)`).
        for (scope, template) in registry.scopes {
            for definition in template.definitions {
                for scoped in definition.slots where scoped.typeID == ObjectIdentifier(type) && scoped.tag == tag {
                    return .definedInScope(
                        type: typeName(type), tag: tag?.description, scope: scope.name, definedAt: scoped.site,
                        requestedAt: nil)
                }
            }
        }
        verification?.didMissDefinition(of: type, tag: tag)
        let path = ResolutionFrame.currentPath.map(\.step)
            + [ResolutionStep(type: typeName(type), tag: tag?.description, lifetime: nil, definedAt: nil)]
        if let (original, override) = WholeOverrides.replacement(of: ObjectIdentifier(type), tag: tag, in: definitions) {
            return .replacedByOverride(
                type: typeName(type), tag: tag?.description, definedAt: original.site, overriddenAt: override.site,
                overriding: typeName(override.type), requestedAt: nil)
        }
        let registered = registry.definitions(of: ObjectIdentifier(type)).map(\.step) + related(to: type, isInstance: isInstance)
        return .missingDefinition(
            type: typeName(type), tag: tag?.description, path: path, registered: registered, searched: [],
            requestedAt: nil)
    }

    /// Definitions of *other* types that the caller probably meant: the same function type with
    /// or without `@Sendable`, and built singletons whose instance is of the requested type
    /// (`single { Impl() }` when `P` is asked for). Listed in a missing definition's message.
    private func related(to type: Any.Type, isInstance: (Any) -> Bool) -> [ResolutionStep] {
        let name = typeName(type)
        return registry.entries.compactMap { entry -> ResolutionStep? in
            let other = typeName(entry.info.type)
            guard other != name else { return nil }
            if other == "@Sendable " + name || name == "@Sendable " + other { return entry.info.step }
            if let value = entry.existingValue, isInstance(value) { return entry.info.step }
            return nil
        }
    }
}
