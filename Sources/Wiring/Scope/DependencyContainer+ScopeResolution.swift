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

    /// Initializes `buffer` (memory for a `type`) with `type` from this scope alone (its declared
    /// values, its definitions, the scopes it links to) and returns `true`, or returns `false`.
    /// With `checkingOpen`, a closed scope throws
    /// ``WiringError/scopeClosed(scope:type:requestedAt:)``: it resolves nothing, its own
    /// factories included (a linked scope that closed is skipped instead).
    ///
    /// Not generic: in Wiring's unspecialized generic code every `T?` or stack temporary of `T`
    /// instantiates metadata, which costs more than the resolve itself.
    /// - Parameter requester: The scope the resolve started in, if it reached this one as a
    ///   scope it was opened from: a factory found here is built there (see `resolveCore`).
    func findInScope(
        _ type: Any.Type, key: DefinitionKey, into buffer: UnsafeMutableRawPointer, find: (Registry) -> Entry?,
        checkingOpen: Bool = false, requester: DependencyContainer? = nil
    ) throws(WiringError) -> Bool {
        guard let scope else { return false }
        let (declared, info, links) = try scope.lookup(key, type: type, into: buffer, checkingOpen: checkingOpen, in: self)
        if declared {
            if let verification, let info { verification.willResolve(info) }
            return true
        }
        if let entry = find(registry) {
            if let verification { verification.willResolve(entry.info) }
            try entry.resolve(into: buffer, in: entry.isFactory ? requester ?? self : self)
            return true
        }
        for link in links where try link.findInScope(type, key: key, into: buffer, find: find) {
            return true
        }
        return false
    }

    /// `resolveOptional` in this scope: `nil` when the scope is closed or `T` is absent here and
    /// in the container it was opened from.
    func resolveOptionalInScope<T>(
        _ scope: ScopeState, _: T.Type, tag: Tag?, find: (Registry) -> Entry?,
        fallback: (DependencyContainer) -> T?, at site: CodeLocation
    ) -> T? {
        do {
            let key = DefinitionKey(type: ObjectIdentifier(T.self), tag: tag)
            let found = try builtOnHeapIfFound(T.self) { (buffer) throws(WiringError) in
                try findInScope(T.self, key: key, into: buffer, find: find, checkingOpen: true)
            }
            if let found { return found }
        } catch .moduleUnloaded, .scopeClosed, .containerClosed {
            return nil  // unloaded, or closed, while this thread was resolving: absent now
        } catch {
            wiringFailure(error.requested(at: site))
        }
        return fallback(scope.parent)
    }
}
