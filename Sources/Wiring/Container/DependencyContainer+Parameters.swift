extension DependencyContainer {
    /// Resolves `T` from a factory that takes parameters, passing `parameters`.
    ///
    /// ```swift
    /// // factory { (userID: Int) in ProfileViewModel(userID: userID) }
    /// let model: ProfileViewModel = container.resolve(parameters: 42)
    /// ```
    ///
    /// > Warning: Stops the program with a message naming the expected and the given types if
    /// > they differ; ``resolveThrowing(_:parameters:file:line:)`` throws instead.
    public func resolve<T, each Parameter>(
        parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        // Not `orStop`: a closure capturing the parameter pack costs each resolve.
        do {
            return try resolveParameterized(T.self, tag: nil, parameters: repeat each parameters)
        } catch {
            wiringFailure(error.requested(at: CodeLocation(file, line)))
        }
    }

    /// Resolves `T` registered under `tag` from a factory that takes parameters.
    public func resolve<T, Tag: Hashable & Sendable, each Parameter>(
        tag: Tag, parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        // Not `orStop`: a closure capturing the parameter pack costs each resolve.
        do {
            return try resolveParameterized(T.self, tag: Wiring.Tag(tag), parameters: repeat each parameters)
        } catch {
            wiringFailure(error.requested(at: CodeLocation(file, line)))
        }
    }

    /// Resolves `type` from a factory that takes parameters, throwing a ``WiringError`` if it
    /// cannot (nothing registered, or parameters of other types).
    public func resolveThrowing<T, each Parameter>(
        _ type: T.Type = T.self, parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> T {
        do {
            return try resolveParameterized(T.self, tag: nil, parameters: repeat each parameters)
        } catch {
            throw error.requested(at: CodeLocation(file, line))
        }
    }

    /// Resolves `T` with `parameters`, visible to the build and the resolves nested in it (see
    /// ``ParameterFrame``): a definition of `T` that takes parameters is built with them once
    /// their types are checked to be its own; one without is built with them visible (KOIN's
    /// rule), which is also how a parameter that is a `T` itself is found when nothing defines `T`.
    func resolveParameterized<T, each Parameter>(
        _: T.Type, tag: Tag?, parameters: repeat each Parameter
    ) throws(WiringError) -> T {
        let tuple = (repeat each Parameter).self
        let given = ObjectIdentifier(tuple)
        if let expected = try parameterSignature(of: T.self, tag: tag), expected.signature != given {
            throw .parameterMismatch(
                type: typeName(T.self), tag: tag?.description, expected: expected.parameterTypes,
                given: parameterList((repeat each Parameter).self), requestedAt: nil)
        }
        var values: [Any] = []
        repeat values.append(each parameters)
        let id = ObjectIdentifier(T.self)
        let requested = (type: id, tag: tag, given: tuple as Any.Type)
        return try ParameterFrame.with(values, signature: given, requested: requested) { () throws(WiringError) -> T in
            // Typed: a built singleton's value is copied out, not boxed.
            try typedResolve { deliver throws(WiringError) -> Instance? in
                try resolveCore(
                    T.self, tag: tag, find: { $0.entry(for: id, boxed: tag) }, isInstance: { $0 is T }, deliver: deliver)
            }
        }
    }

    /// The parameters the definition of `type` with `tag` takes, if it takes any: the first
    /// definition of it found where a resolve finds it (here, in the scopes this one links to,
    /// in a container this scope was opened from; the current root for an older root).
    private func parameterSignature(of type: Any.Type, tag: Tag?) throws(WiringError) -> ParameterSignature? {
        try startEagerSingletons()
        if let scope { try scope.checkOpen(for: type) }
        if let found = linkedDefinition(of: ObjectIdentifier(type), tag: tag) { return found.info.parameters }
        if let scope { return try scope.parent.parameterSignature(of: type, tag: tag) }
        if let current = rootState?.latest, current !== self { return try current.parameterSignature(of: type, tag: tag) }
        return nil
    }

    /// The entry of `type` with `tag` in this container's registry, else in the open scopes
    /// this one links to, in link order (as ``findInScope(_:_:key:find:checkingOpen:requester:deliver:)``
    /// looks).
    private func linkedDefinition(of type: ObjectIdentifier, tag: Tag?) -> Entry? {
        if let entry = registry.entry(for: type, boxed: tag) { return entry }
        for linked in scope?.linkedScopes ?? [] where linked.scope?.isClosed == false {
            if let entry = linked.linkedDefinition(of: type, tag: tag) { return entry }
        }
        return nil
    }

    /// Every instance registered for `type`, under any tag, in declaration order: plugins or
    /// interceptors contributed by several modules.
    ///
    /// ```swift
    /// static let logging = module { single(tag: "log") { LoggingInterceptor() as Interceptor } }
    /// static let auth = module { single(tag: "auth") { AuthInterceptor() as Interceptor } }
    ///
    /// let interceptors: [Interceptor] = modules { .logging; .auth }.resolveAll()
    /// ```
    ///
    /// Each comes from its own definition with its own lifetime; bindings (`.bind(_:)`) count.
    /// An empty array if nothing is registered.
    public func resolveAll<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> [T] {
        return orStop(at: CodeLocation(file, line)) { () throws(WiringError) -> [T] in try resolveAllCore(T.self) }
    }

    /// `resolveAll`, throwing. Racing a `load`/`unload` of the root, it starts again from the
    /// root as it is now, so the list comes from one root, before or after the change.
    func resolveAllCore<T>(_: T.Type) throws(WiringError) -> [T] {
        try startEagerSingletons()
        if let scope {
            // Links mean the same for every resolve form (KOIN's `getAll`): this scope's values,
            // then its linked scopes', then those of the container it was opened from.
            return try allInScope(T.self, checkingOpen: true) + scope.parent.resolveAllCore(T.self)
        }
        var values: [T] = []
        for entry in registry.allEntries(of: ObjectIdentifier(T.self)) {
            if let verification { verification.willResolve(entry.info) }
            do {
                values.append(try entry.resolveValue(T.self, in: self))
            } catch {
                guard let newer = newerRoot(after: error) else { throw error }
                return try newer.resolveAllCore(T.self)
            }
        }
        return values
    }
}

/// Resolves `T` from a factory that takes parameters, in the container building the caller or
/// the root; see ``DependencyContainer/resolve(parameters:file:line:)-method``.
///
/// ```swift
/// let model: ProfileViewModel = resolve(parameters: 42)
/// ```
public func resolve<T, each Parameter>(
    parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
) -> T {
    do {
        return try DependencyContainer.withCurrent(type: T.self, tag: nil) { container throws(WiringError) in
            try container.resolveParameterized(T.self, tag: nil, parameters: repeat each parameters)
        }
    } catch {
        wiringFailure(error.requested(at: CodeLocation(file, line)))
    }
}

/// Resolves `T` registered with `tag` from a factory that takes parameters, in the container
/// building the caller or the root.
///
/// ```swift
/// let avatar: AvatarView = resolve(tag: "compact", parameters: 42, 24.0)
/// ```
public func resolve<T, Tag: Hashable & Sendable, each Parameter>(
    tag: Tag, parameters: repeat each Parameter, file: StaticString = #fileID, line: UInt = #line
) -> T {
    do {
        return try DependencyContainer.withCurrent(type: T.self, tag: Wiring.Tag(tag)) { container throws(WiringError) in
            try container.resolveParameterized(T.self, tag: Wiring.Tag(tag), parameters: repeat each parameters)
        }
    } catch {
        wiringFailure(error.requested(at: CodeLocation(file, line)))
    }
}

/// Resolves `type` from a factory that takes parameters, in the container building the caller or
/// the root, throwing a ``WiringError`` instead of stopping the program if it cannot (nothing
/// registered, parameters of other types, a main-actor definition resolved off the main actor);
/// see ``DependencyContainer/resolveThrowing(_:parameters:file:line:)-method``.
///
/// ```swift
/// let model = try resolveThrowing(FeedViewModel.self, parameters: FeedID.home)
/// let avatar = try resolveThrowing(AvatarView.self, parameters: 42, 24.0)
/// ```
///
/// It takes one parameter or more: without any, ``resolveThrowing(_:tag:file:line:)`` is the call.
public func resolveThrowing<T, First, each More>(
    _ type: T.Type = T.self, parameters first: First, _ more: repeat each More, file: StaticString = #fileID,
    line: UInt = #line
) throws(WiringError) -> T {
    do {
        return try DependencyContainer.withCurrent(type: T.self, tag: nil) { container throws(WiringError) in
            try container.resolveParameterized(T.self, tag: nil, parameters: first, repeat each more)
        }
    } catch {
        throw error.requested(at: CodeLocation(file, line))
    }
}

/// Every instance registered for `T` in the container building the caller or the root; see
/// ``DependencyContainer/resolveAll(_:file:line:)-method``.
public func resolveAll<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> [T] {
    return orStop(at: CodeLocation(file, line)) { () throws(WiringError) in
        return try DependencyContainer.withCurrent(type: T.self, tag: nil) { container in
            container.resolveAll(T.self, file: file, line: line)
        }
    }
}

extension DependencyContainer {
    /// Every `T` of this scope alone: its declared values (any tag), its definitions, then those
    /// of the scopes it links to, in link order. With `checkingOpen`, a closed scope throws
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)`` (a linked scope that closed is
    /// skipped instead).
    fileprivate func allInScope<T>(_: T.Type, checkingOpen: Bool = false) throws(WiringError) -> [T] {
        guard let scope else { return [] }
        let (declared, links) = try scope.declaredValues(
            of: ObjectIdentifier(T.self), checkingOpenFor: checkingOpen ? T.self : nil, in: self)
        var values = declared.map { $0 as! T }  // declared as exactly `T`
        for entry in registry.allEntries(of: ObjectIdentifier(T.self)) {
            if let verification { verification.willResolve(entry.info) }
            values.append(try entry.resolveValue(T.self, in: self))
        }
        for link in links { values += try link.allInScope(T.self) }
        return values
    }
}
