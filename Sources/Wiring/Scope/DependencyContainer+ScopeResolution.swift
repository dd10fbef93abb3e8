extension DependencyContainer {
    /// Resolves `T` in this scope: a value declared here, else a definition of this scope, else
    /// one of a linked scope (in link order), else the container this scope was opened from.
    ///
    /// `find` looks `T` up in a registry (untagged or with the caller's tag), `fallback` resolves
    /// it from the parent. Scopes never take the lock-free path, so this costs the others nothing.
    /// Throws ``WiringError/notDeclared(type:tag:scope:announcedAt:requestedAt:)`` if this
    /// scope's definitions announce `type` with `tag` (`declared(_:example:)`): it must be
    /// declared, not looked for in the container the scope was opened from.
    func checkAnnounced(in scope: ScopeState, _ type: Any.Type, tag: Tag?) throws(WiringError) {
        guard !registry.declarations.isEmpty else { return }
        let id = ObjectIdentifier(type)
        if let announced = registry.declarations.first(where: { $0.info.typeID == id && $0.info.tag == tag }) {
            throw WiringError.notDeclared(
                type: typeName(type), tag: tag?.description, scope: scope.id.name, announcedAt: announced.info.site,
                requestedAt: nil)
        }
    }

    /// The instance of `type` from this scope alone (its declared values, its definitions, the
    /// scopes it links to), or `nil`.
    /// With `checkingOpen`, a closed scope throws
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)``: it resolves nothing, its own
    /// factories included (a linked scope that closed is skipped instead).
    /// - Parameter requester: The scope the resolve started in, if it reached this one as a
    ///   scope it was opened from: a factory found here is built there (see `resolveCore`).
    /// - Parameter deliver: Takes a factory's or a singleton's value unboxed (then `.some(nil)`;
    ///   see ``Deliver``).
    func findInScope(
        _ scope: ScopeState, _ type: Any.Type, key: DefinitionKey, find: (Registry) -> Entry?,
        checkingOpen: Bool = false, requester: DependencyContainer? = nil, deliver: Deliver = { _ in false }
    ) throws(WiringError) -> Instance?? {
        // A scoped definition of this scope: the value declared as `key` first, then the
        // instance, under one lock (a sandbox records which it found, on the general path).
        if verification == nil, let entry = find(registry), entry.info.lifetime == .scoped {
            return try entry.resolveHeld(in: self, declaredAs: key.type, tag: key.tag, checkingOpen: checkingOpen)
        }
        let (declared, info, links) = try scope.lookup(key, type: type, checkingOpen: checkingOpen, in: self)
        if let declared {
            if let verification, let info { verification.willResolve(info) }
            return declared
        }
        if let entry = find(registry) {
            if let verification { verification.willResolve(entry.info) }
            return try entry.resolve(in: entry.isFactory ? requester ?? self : self, deliver: deliver)
        }
        for link in links {
            guard let linked = link.scope else { continue }
            if let found = try link.findInScope(linked, type, key: key, find: find, deliver: deliver) { return found }
        }
        return nil
    }

    /// `resolveOptional` in this scope: `nil` when the scope is closed or `T` is absent here and
    /// in the container it was opened from.
    func resolveOptionalInScope<T>(
        _ scope: ScopeState, _: T.Type, tag: Tag?, find: (Registry) -> Entry?,
        fallback: (DependencyContainer) -> T?, at site: CodeLocation
    ) -> T? {
        do {
            let key = DefinitionKey(type: ObjectIdentifier(T.self), tag: tag)
            if let found = try findInScope(scope, T.self, key: key, find: find, checkingOpen: true) {
                return found?.value(as: T.self)
            }
        } catch .moduleUnloaded, .scopeClosed, .containerClosed {
            return nil  // unloaded, or closed, while this thread was resolving: absent now
        } catch where error.isMissingParameters(of: T.self, tag: tag) {
            return nil
        } catch {
            wiringFailure(error.requested(at: site))
        }
        return fallback(scope.parent)
    }
}
