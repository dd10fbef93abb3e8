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
        let site = CodeLocation(file, line)
        let id = ScopeID(scope)
        do throws(WiringError) {
            try self.scope?.checkOpen(for: scope)
            // The container the chain of scopes starts from: an unload of the root reaches its scopes.
            var base = self
            while let parent = base.scope?.parent { base = parent }
            var owner: DependencyContainer? = self
            while let container = owner {
                if let definitions = container.registry.scopedDefinitions[id] {
                    let opened = DependencyContainer(
                        definitions: definitions, site: site, scope: ScopeState(id: id, parent: self, openedAt: site))
                    self.scope?.adopt(opened)
                    root.track(opened, openedFrom: base)
                    return opened
                }
                owner = container.scope?.parent
            }
            throw WiringError.scopeNotDefined(scope: id.name, requestedAt: site)
        } catch {
            wiringFailure(error.requested(at: site))
        }
    }

    /// Closes this scope: releases its scoped instances, and closes the scopes opened from it.
    /// Resolving from a closed scope stops with a message saying so. Closing twice does nothing.
    ///
    /// ```swift
    /// func logOut() {
    ///     session.close()
    /// }
    /// ```
    ///
    /// > Warning: Only a scope (from ``openScope(_:file:line:)``) can be closed; calling this on
    /// > another container stops the program with a message.
    public func close(file: StaticString = #fileID, line: UInt = #line) {
        guard let scope else {
            wiringFailure(.notAScope(requestedAt: CodeLocation(file, line)))
        }
        let (released, children) = scope.close(entries: registry.entries)
        for child in children { child.close(file: file, line: line) }
        _ = released  // the instances are released here, outside the lock
    }

    /// Whether this is a scope that has been closed.
    public var isClosed: Bool {
        scope?.isClosed ?? false
    }
}
