extension DependencyContainer {
    /// Resolves `T` in this scope: a value declared here, else a definition of this scope, else
    /// one of a linked scope (in link order), else the container this scope was opened from.
    ///
    /// `find` looks `T` up in a registry (untagged or with the caller's tag), `fallback` resolves
    /// it from the parent. Scopes never take the lock-free path, so this costs the others nothing.
    @inline(never)
    func resolveInScope<T>(
        _ scope: ScopeState, _: T.Type, tag: Tag?, find: (Registry) -> Entry?,
        fallback: (DependencyContainer) throws(WiringError) -> T
    ) throws(WiringError) -> T {
        let key = DefinitionKey(type: ObjectIdentifier(T.self), tag: tag)
        if let value = try findInScope(T.self, key: key, find: find, checkingOpen: true) { return value }
        if let announced = registry.declarations.first(where: { $0.info.typeID == key.type && $0.info.tag == tag }) {
            throw WiringError.notDeclared(
                type: typeName(T.self), tag: tag?.description, scope: scope.id.name, announcedAt: announced.info.site,
                requestedAt: nil)
        }
        return try fallback(scope.parent)
    }

    /// `T` from this scope alone (its declared values, its definitions, the scopes it links
    /// to), or `nil`. With `checkingOpen`, a closed scope throws
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)``: it resolves nothing, its own
    /// factories included (a linked scope that closed is skipped instead).
    func findInScope<T>(
        _: T.Type, key: DefinitionKey, find: (Registry) -> Entry?, checkingOpen: Bool = false
    ) throws(WiringError) -> T? {
        guard let scope else { return nil }
        let (declared, links) = try scope.lookup(key, checkingOpenFor: checkingOpen ? T.self : nil, in: self)
        if let declared {
            if let verification { verification.willResolve(declared.info) }
            return (declared.value as! T)
        }
        if let entry = find(registry) {
            if let verification { verification.willResolve(entry.info) }
            return try entry.resolve(T.self, in: self)
        }
        for link in links {
            if let value = try link.findInScope(T.self, key: key, find: find) { return value }
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
            if let value = try findInScope(T.self, key: key, find: find, checkingOpen: true) { return value }
        } catch .moduleUnloaded, .scopeClosed, .containerClosed {
            return nil  // unloaded, or closed, while this thread was resolving: absent now
        } catch {
            wiringFailure(error.requested(at: site))
        }
        return fallback(scope.parent)
    }
}
