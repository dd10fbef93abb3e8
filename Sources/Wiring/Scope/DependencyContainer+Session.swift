extension DependencyContainer {
    /// Makes `value` resolvable in this scope: a value that only exists at run time, such as the
    /// user a session belongs to.
    ///
    /// ```swift
    /// let session = DependencyContainer.shared.openScope(UserSession.self, id: user.id)
    /// session.declare(user)                            // as User
    /// session.declare(user, as: UserProtocol.self)     // as a protocol
    /// let profile: ProfileViewModel = session.resolve() // its factory resolves the User
    /// ```
    ///
    /// The scope's own factories, objects they build with `@Inject`, and scopes opened from or
    /// linked to this one see the value; `close()` releases it. A value declared here comes
    /// before the scope's definitions of the same type and tag.
    ///
    /// > Warning: Declaring the same type and tag twice stops the program with a message naming
    /// > both sites, unless `replacing` is `true`. Only a scope that is open can declare values.
    @inlinable
    public func declare<T>(
        _ value: T, as type: T.Type = T.self, replacing: Bool = false, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        // The value is boxed here, where `T` is known: inside Wiring, making a `TypedInstance<T>`
        // looks its type up at run time, on every declare.
        declare(TypedInstance(value), of: T.self, replacing: replacing, file: file, line: line)
    }

    /// ``declare(_:as:replacing:file:line:)`` of a value boxed by the caller.
    @usableFromInline
    func declare(_ instance: Instance, of type: Any.Type, replacing: Bool, file: StaticString, line: UInt) {
        orStop { () throws(WiringError) in
            try declareThrowing(instance, of: type, tag: nil, replacing: replacing, at: CodeLocation(file, line))
        }
    }

    /// Makes `value` resolvable in this scope as its own type and as `binding`, a protocol it
    /// conforms to: a scope's source can stand for its protocols, as a definition's `.bind(_:)`
    /// does.
    ///
    /// ```swift
    /// let flow = DependencyContainer.shared.openScope(CheckoutFlow.self)
    /// flow.declare(activity, binding: NavigationContext.self)   // as Activity and as NavigationContext
    /// ```
    ///
    /// > Warning: Stops the program with a message if `value` is not a `Secondary`, or as
    /// > ``declare(_:as:replacing:file:line:)`` does;
    /// > ``declareThrowing(_:as:binding:replacing:file:line:)`` throws instead.
    public func declare<T, Secondary>(
        _ value: T, as type: T.Type = T.self, binding: Secondary.Type, replacing: Bool = false,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        orStop { () throws(WiringError) in
            try declareThrowing(value, as: type, binding: binding, replacing: replacing, file: file, line: line)
        }
    }

    /// Makes `value` resolvable in this scope as its own type and as `binding`, or throws what
    /// keeps it from being declared; see ``declare(_:as:binding:replacing:file:line:)``.
    ///
    /// ```swift
    /// try flow.declareThrowing(activity, binding: NavigationContext.self)
    /// ```
    ///
    /// - Throws: ``WiringError/invalidBinding(type:boundTo:definedAt:)`` if `value` is not a
    ///   `Secondary`; otherwise what ``declareThrowing(_:as:replacing:file:line:)`` throws.
    public func declareThrowing<T, Secondary>(
        _ value: T, as type: T.Type = T.self, binding: Secondary.Type, replacing: Bool = false,
        file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) {
        let site = CodeLocation(file, line)
        guard let secondary = value as? Secondary else {
            throw .invalidBinding(type: typeName(T.self), boundTo: typeName(Secondary.self), definedAt: site)
        }
        try declareThrowing(value, tag: nil, replacing: replacing, at: site)
        try declareThrowing(secondary, tag: nil, replacing: replacing, at: site)
    }

    /// Makes `value` resolvable in this scope under `tag`; see ``declare(_:as:replacing:file:line:)``.
    ///
    /// ```swift
    /// session.declare(token, as: String.self, tag: "authToken")
    /// ```
    public func declare<T, Tag: Hashable & Sendable>(
        _ value: T, as type: T.Type = T.self, tag: Tag, replacing: Bool = false, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        declare(value, tag: Wiring.Tag(tag), replacing: replacing, at: CodeLocation(file, line))
    }

    /// Makes `value` resolvable in this scope, or throws what keeps it from being declared: the
    /// form for code that must not stop the process, such as a server's request middleware.
    ///
    /// ```swift
    /// try request.declareThrowing(RequestInfo(id: requestID))
    /// ```
    ///
    /// - Throws: ``WiringError/valueAlreadyDeclared(type:tag:scope:first:second:)`` if the type
    ///   and tag are declared already (and `replacing` is `false`),
    ///   ``WiringError/scopeClosed(scope:type:requestedAt:)`` once the scope is closed,
    ///   ``WiringError/notAScope(requestedAt:)`` if this container is not a scope.
    @inlinable
    public func declareThrowing<T>(
        _ value: T, as type: T.Type = T.self, replacing: Bool = false, file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) {
        try declareThrowing(TypedInstance(value), of: T.self, replacing: replacing, file: file, line: line)
    }

    /// ``declareThrowing(_:as:replacing:file:line:)`` of a value boxed by the caller.
    @usableFromInline
    func declareThrowing(
        _ instance: Instance, of type: Any.Type, replacing: Bool, file: StaticString, line: UInt
    ) throws(WiringError) {
        try declareThrowing(instance, of: type, tag: nil, replacing: replacing, at: CodeLocation(file, line))
    }

    /// Makes `value` resolvable in this scope under `tag`, or throws; see
    /// ``declareThrowing(_:as:replacing:file:line:)``.
    ///
    /// ```swift
    /// try request.declareThrowing(token, as: String.self, tag: "authToken")
    /// ```
    public func declareThrowing<T, Tag: Hashable & Sendable>(
        _ value: T, as type: T.Type = T.self, tag: Tag, replacing: Bool = false, file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) {
        try declareThrowing(value, tag: Wiring.Tag(tag), replacing: replacing, at: CodeLocation(file, line))
    }

    private func declare<T>(_ value: T, tag: Tag?, replacing: Bool, at site: CodeLocation) {
        orStop { () throws(WiringError) in try declareThrowing(value, tag: tag, replacing: replacing, at: site) }
    }

    private func declareThrowing<T>(_ value: T, tag: Tag?, replacing: Bool, at site: CodeLocation) throws(WiringError) {
        try declareThrowing(TypedInstance(value), of: T.self, tag: tag, replacing: replacing, at: site)
    }

    private func declareThrowing(
        _ instance: Instance, of type: Any.Type, tag: Tag?, replacing: Bool, at site: CodeLocation
    ) throws(WiringError) {
        try requested(at: site) { () throws(WiringError) in
            guard let scope else { throw .notAScope(requestedAt: site) }
            try scope.declare(instance, type: type, tag: tag, at: site, replacing: replacing)
        }
    }

    /// Throws if a value this scope's definitions announce with `declared(_:example:)` has not
    /// been declared yet: call it after declaring a request's values, so that a forgotten
    /// `declare` fails the request with a message rather than a factory's plain `resolve()`
    /// stopping the process.
    ///
    /// ```swift
    /// try request.declareThrowing(RequestInfo(id: requestID))
    /// try request.checkDeclared()   // every announced value is there
    /// ```
    ///
    /// - Throws: ``WiringError/notDeclared(type:tag:scope:announcedAt:requestedAt:)`` for the
    ///   first announced value missing, ``WiringError/scopeClosed(scope:type:requestedAt:)`` once
    ///   the scope is closed, ``WiringError/notAScope(requestedAt:)`` if this is not a scope.
    public func checkDeclared(file: StaticString = #fileID, line: UInt = #line) throws(WiringError) {
        let site = CodeLocation(file, line)
        guard let scope else { throw .notAScope(requestedAt: site) }
        try requested(at: site) { () throws(WiringError) in
            guard !registry.declarations.isEmpty else { return try scope.checkOpen(for: DependencyContainer.self) }
            if let missing = try scope.firstUndeclared(of: registry.declarations) {
                throw WiringError.notDeclared(
                    type: typeName(missing.type), tag: missing.tag?.description, scope: scope.id.name,
                    announcedAt: missing.site, requestedAt: site)
            }
        }
    }

    /// Makes this scope also resolve the definitions and declared values of the open scope
    /// `other`: after its own, before those of the container it was opened from.
    ///
    /// ```swift
    /// let checkout = DependencyContainer.shared.openScope(Checkout.self)
    /// checkout.link(to: session)     // the checkout sees the session's Cart and User
    /// ```
    ///
    /// Closing `other` is safe: this scope stops seeing it.
    ///
    /// > Warning: Stops the program with a message if either container is not a scope or is
    /// > closed, or if the link would close a cycle of links; ``linkThrowing(to:file:line:)``
    /// > throws instead.
    public func link(to other: DependencyContainer, file: StaticString = #fileID, line: UInt = #line) {
        orStop { () throws(WiringError) in try linkThrowing(to: other, file: file, line: line) }
    }

    /// Makes this scope also resolve the definitions and declared values of `other`, or throws
    /// what keeps it from linking: the form for code where `other` may close meanwhile, such as a
    /// request linked to a session that a logout on another thread may end.
    ///
    /// ```swift
    /// if let session = DependencyContainer.shared.openedScope(UserSession.self, id: userID) {
    ///     do {
    ///         try request.linkThrowing(to: session)
    ///     } catch {
    ///         return .unauthorized   // the session closed meanwhile
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``WiringError/scopeClosed(scope:type:requestedAt:)`` if either scope is closed,
    ///   ``WiringError/scopeLinkCycle(scope:linkedTo:requestedAt:)`` if the link would close a
    ///   cycle of links, ``WiringError/notAScope(requestedAt:)`` if either container is not a scope.
    public func linkThrowing(to other: DependencyContainer, file: StaticString = #fileID, line: UInt = #line)
        throws(WiringError)
    {
        try requested(at: CodeLocation(file, line)) { () throws(WiringError) in
            guard let scope else { throw .notAScope(requestedAt: nil) }
            try scope.link(to: other, from: self)
        }
    }

    /// Stops this scope from resolving through `other`; nothing happens if it was not linked.
    public func unlink(from other: DependencyContainer) {
        scope?.unlink(from: other)
    }

    /// Runs `body` when this scope closes, after the close callbacks of the instances built
    /// after this call and before those built before it (newest first).
    ///
    /// ```swift
    /// session.onClose { analytics.track("session ended") }
    /// ```
    ///
    /// > Warning: Stops the program with a message if this is not a scope, or if it is closed;
    /// > ``onCloseThrowing(file:line:_:)`` throws instead.
    public func onClose(file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable () -> Void) {
        orStop { () throws(WiringError) in try onCloseThrowing(file: file, line: line, body) }
    }

    /// Runs `body` when this scope closes (see ``onClose(file:line:_:)``), or throws if it cannot:
    /// the form for a scope that another thread may close meanwhile.
    ///
    /// ```swift
    /// try session.onCloseThrowing { analytics.track("session ended") }
    /// ```
    ///
    /// - Throws: ``WiringError/scopeClosed(scope:type:requestedAt:)`` if the scope is closed,
    ///   ``WiringError/notAScope(requestedAt:)`` if this container is not a scope.
    public func onCloseThrowing(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable () -> Void
    ) throws(WiringError) {
        try requested(at: CodeLocation(file, line)) { () throws(WiringError) in
            guard let scope else { throw .notAScope(requestedAt: nil) }
            try scope.onClose(body)
        }
    }
}
