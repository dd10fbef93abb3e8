extension DependencyContainer {
    /// Opens a new instance of the scope `S`: a container for a user session, a screen flow,
    /// anything with a beginning and an end.
    ///
    /// ```swift
    /// enum UserSession {}
    ///
    /// static let session = module {
    ///     single { Backend() as BackendProtocol }
    ///     scope(UserSession.self) {
    ///         scoped { Cart() }
    ///         factory { CheckoutViewModel() }
    ///     }
    /// }
    ///
    /// let session = DependencyContainer.session.openScope(UserSession.self)
    /// let cart: Cart = session.resolve()          // one Cart for this session
    /// let backend: BackendProtocol = session.resolve()   // the container's single
    /// session.close()                             // releases the Cart
    /// ```
    ///
    /// The scope resolves its own definitions first, then those of the container (or scope) it
    /// was opened from, so a scope opened from another scope is linked to it. Closing a scope
    /// closes the scopes opened from it. Each call opens a new instance with instances of its own.
    ///
    /// > Warning: Stops the program with a message if no `scope(S.self) { … }` is declared in
    /// > this container or the ones it was opened from.
    public func openScope<S>(_ scope: S.Type, file: StaticString = #fileID, line: UInt = #line) -> DependencyContainer {
        return orStop { () throws(WiringError) in try openScopeThrowing(scope, file: file, line: line) }
    }

    /// Opens the scope `S` with the identity `id`, such as a user's id, so that
    /// ``openedScope(_:id:)`` can find it again until it is closed.
    ///
    /// ```swift
    /// func logIn(_ user: User) {
    ///     let session = DependencyContainer.shared.openScope(UserSession.self, id: user.id)
    ///     session.declare(user)
    /// }
    ///
    /// func logOut(_ user: User) {
    ///     DependencyContainer.shared.openedScope(UserSession.self, id: user.id)?.close()
    /// }
    /// ```
    ///
    /// Ids are per scope type and per container the scope is opened from (the root counts as
    /// one container, across `load` and `unload`). `close()` frees the id.
    ///
    /// > Warning: Stops the program with a message naming where the scope was opened if a scope
    /// > `S` with this id is open already; use ``openedScopeOrOpen(_:id:file:line:)`` to reuse it.
    public func openScope<S, ID: Hashable & Sendable>(
        _ scope: S.Type, id: ID, file: StaticString = #fileID, line: UInt = #line
    ) -> DependencyContainer {
        openIdentifiedScope(scope, id: id, reuse: false, at: CodeLocation(file, line))
    }

    /// The open scope `S` with the identity `id`, or `nil` if none is open.
    ///
    /// ```swift
    /// let session = DependencyContainer.shared.openedScope(UserSession.self, id: "user-42")
    /// ```
    public func openedScope<S, ID: Hashable & Sendable>(_ scope: S.Type, id: ID) -> DependencyContainer? {
        scopeDirectory.scope(for: ScopeDirectory.key(owner: self, scope: ScopeID(scope), id: id))
    }

    /// The open scope `S` with the identity `id`, or a new one opened with it: one step, so two
    /// threads asking at once get the same scope.
    ///
    /// ```swift
    /// let session = DependencyContainer.shared.openedScopeOrOpen(UserSession.self, id: user.id)
    /// ```
    public func openedScopeOrOpen<S, ID: Hashable & Sendable>(
        _ scope: S.Type, id: ID, file: StaticString = #fileID, line: UInt = #line
    ) -> DependencyContainer {
        openIdentifiedScope(scope, id: id, reuse: true, at: CodeLocation(file, line))
    }

    /// Opens the scope `S` with the identity `id`, or throws what keeps it from opening: the form
    /// for code that must not stop the process, such as a server's request middleware.
    ///
    /// ```swift
    /// do {
    ///     let request = try DependencyContainer.shared.openScopeThrowing(RequestScope.self, id: requestID)
    ///     defer { request.close() }
    ///     try request.declareThrowing(RequestInfo(id: requestID))
    ///     return try request.resolveThrowing(UserRepository.self).user(id)
    /// } catch {
    ///     return .internalServerError(error.description)
    /// }
    /// ```
    ///
    /// - Throws: ``WiringError/scopeAlreadyOpen(scope:id:openedAt:requestedAt:)`` if a scope `S`
    ///   with this id is open, ``WiringError/scopeNotDefined(scope:requestedAt:)`` if no
    ///   `scope(S.self) { … }` is declared, ``WiringError/scopeClosed(scope:type:requestedAt:)``
    ///   if this container is a closed scope.
    public func openScopeThrowing<S, ID: Hashable & Sendable>(
        _ scope: S.Type, id: ID, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> DependencyContainer {
        let site = CodeLocation(file, line)
        return try requested(at: site) { () throws(WiringError) in
            try openIdentifiedScopeThrowing(scope, id: id, reuse: false, at: site)
        }
    }

    /// Opens a new instance of the scope `S`, or throws what keeps it from opening; see
    /// ``openScopeThrowing(_:id:file:line:)``.
    ///
    /// ```swift
    /// let flow = try container.openScopeThrowing(Checkout.self)
    /// ```
    public func openScopeThrowing<S>(_ scope: S.Type, file: StaticString = #fileID, line: UInt = #line)
        throws(WiringError) -> DependencyContainer
    {
        let site = CodeLocation(file, line)
        return try requested(at: site) { () throws(WiringError) in
            try self.scope?.checkOpen(for: scope)
            let opened = makeScope(ScopeID(scope), from: try sharedRegistry(of: ScopeID(scope), at: site), at: site)
            registerOpened(opened)
            return opened
        }
    }

    private func openIdentifiedScope<S, ID: Hashable & Sendable>(
        _ scope: S.Type, id: ID, reuse: Bool, at site: CodeLocation
    ) -> DependencyContainer {
        return orStop(at: site) { () throws(WiringError) in
            try openIdentifiedScopeThrowing(scope, id: id, reuse: reuse, at: site)
        }
    }

    private func openIdentifiedScopeThrowing<S, ID: Hashable & Sendable>(
        _ scope: S.Type, id: ID, reuse: Bool, at site: CodeLocation
    ) throws(WiringError) -> DependencyContainer {
        let scopeID = ScopeID(scope)
        let key = ScopeDirectory.key(owner: self, scope: scopeID, id: id)
        try self.scope?.checkOpen(for: scope)
        // Found before the directory's lock (finding it may build a module), thrown only if a
        // new scope is made: an open one is reused even if its definition was unloaded since.
        var shared: ScopeTemplate.Built?
        var missing: WiringError?
        do { shared = try sharedRegistry(of: scopeID, at: site) } catch { missing = error }
        let (opened, isNew) = try scopeDirectory.file(key, reuse: reuse, scope: scopeID, requestedAt: site) {
            () throws(WiringError) -> DependencyContainer in
            guard let shared else { throw missing ?? .scopeNotDefined(scope: scopeID.name, requestedAt: site) }
            return makeScope(scopeID, from: shared, filedAs: key, at: site)
        }
        if isNew { registerOpened(opened) }
        return opened
    }

    /// A new instance of the scope `id`, over `shared`. Takes no lock and runs no user code.
    private func makeScope(
        _ id: ScopeID, from shared: ScopeTemplate.Built, filedAs key: ScopeDirectory.Key? = nil, at site: CodeLocation
    ) -> DependencyContainer {
        let state = ScopeState(id: id, filedAs: key, parent: self, openedAt: site, slots: shared.registry.slotCount)
        return DependencyContainer(scopeOver: shared, scope: state)
    }

    private func sharedRegistry(of id: ScopeID, at site: CodeLocation) throws(WiringError) -> ScopeTemplate.Built {
        guard let template = scopeTemplate(for: id) else {
            throw WiringError.scopeNotDefined(scope: id.name, requestedAt: site)
        }
        return try template.registry()
    }

    /// The scope definition of `id` declared here, or in a container this was opened from.
    private func scopeTemplate(for id: ScopeID) -> ScopeTemplate? {
        // The registry borrowed, not retained: every `openScope` asks.
        if let template = withRegistry({ $0.scopeTemplate(for: id) }) { return template }
        return scope?.parent.scopeTemplate(for: id)
    }

    /// Tells the scope this was opened from, and the root, about a new scope (unless the scope
    /// directory holds it for the root; see `RootState.track`).
    private func registerOpened(_ opened: DependencyContainer) {
        self.scope?.adopt(opened)
        if isRoot, opened.scope?.isFiled == true { return }
        // The container the chain of scopes starts from: an unload of the root reaches its scopes.
        var base = self
        while let parent = base.scope?.parent { base = parent }
        let state = base.owningRootState
        if base === self, state != nil, opened.scope?.isFiled == true { return }  // the directory holds it
        (state ?? root).track(opened, openedFrom: base)
    }

    /// Closes this scope: runs its close callbacks, releases its scoped instances and declared
    /// values, frees its id, and closes the scopes opened from it. Closing twice does nothing.
    ///
    /// ```swift
    /// func logOut() {
    ///     session.close()
    /// }
    /// ```
    ///
    /// The `.onClose { }` callbacks of its instances and the scope's own ``onClose(file:line:_:)``
    /// callbacks run exactly once, even when several threads close the scope at the same
    /// moment, outside every Wiring lock, in dependency order: each instance's before those of
    /// what it resolved while it was built (or through its `@LazyInject`s since), newest first
    /// otherwise. The scope is already closed when they run: resolving from it there is a
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)``.
    ///
    /// `close()` cannot wait: from the first `async` callback on, the callbacks run, in the same
    /// order, on a task of their own, and `close()` returns before they finish. Use
    /// ``shutdown(timeout:)`` to await them and see what they throw.
    ///
    /// Any container can be closed, as KOIN's `Koin.close()`: a container that is not a scope
    /// releases every instance it built, running their `.onClose` callbacks in the same
    /// dependency order, and resolves nothing afterwards
    /// (``WiringError/containerClosed(type:requestedAt:)``). Closing the root (the global one, or
    /// a task's own) closes the scopes opened from it too.
    public func close(file: StaticString = #fileID, line: UInt = #line) {
        guard let scope else { return closeContainer(file: file, line: line) }
        closeScope(scope, collecting: nil, file: file, line: line)
    }

    /// Closes `scope` (this container's): closed already, nothing to do. Else the callbacks run
    /// (or, with `collecting`, what it held is handed there) after the id is free and the scopes
    /// opened from this one are closed, outside every lock.
    func closeScope(
        _ scope: ScopeState, collecting: ((consuming [Released]) -> Void)?, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        // A scope is built at once: its registry is its own (read in place, not retained).
        _ = scope.close(ownRegistry, collecting: collecting) { children in
            forgetScope(scope)
            for child in children { child.close(file: file, line: line) }
        }
    }

    /// Whether this is a scope that has been closed.
    public var isClosed: Bool {
        scope?.isClosed ?? false
    }
}

extension DependencyContainer {
    /// Takes this scope off the lists of the scope it was opened from and of the root: it
    /// closed, or is being freed.
    func forgetScope(_ scope: ScopeState) {
        let me = ObjectIdentifier(self)
        scope.parent.scope?.forget(me)
        // A scope the directory held for the root was never tracked (see `registerOpened`).
        if scope.parent.isRoot, scope.isFiled { return }
        var base = scope.parent
        while let parent = base.scope?.parent { base = parent }
        (base.owningRootState ?? root).untrack(me)
    }

    /// Closes a container that is not a scope: retires every entry, so that nothing resolves
    /// from it any more, then releases what they held once no reader can see it.
    private func closeContainer(file: StaticString, line: UInt) {
        if let state = owningRootState {
            for scope in state.openScopes { scope.close(file: file, line: line) }
        }
        var retired = Retired(root: nil)
        stateLock.withLock { registry.retire(closing: true, into: &retired) }
        retired.finish()
    }
}
