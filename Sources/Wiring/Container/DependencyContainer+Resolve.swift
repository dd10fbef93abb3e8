extension DependencyContainer {
    /// Resolves the instance registered for `T` without a tag.
    ///
    /// ```swift
    /// let backend: BackendProtocol = container.resolve()
    /// ```
    ///
    /// > Warning: Stops the program with a message naming the type, the resolution path and the
    /// > fix if nothing is registered. Use ``resolveOptional(file:line:)`` or
    /// > ``resolveThrowing(_:file:line:)`` to recover instead.
    @inlinable
    public func resolve<T>(file: StaticString = #fileID, line: UInt = #line) -> T {
        var found = _Found()
        let existing = _existingInstance(of: ObjectIdentifier(T.self), tag: .none, &found)
        if let value = _value(T.self, at: existing, &found, file: file, line: line) { return value }
        // Specialized here, in the app: a stack temporary of `T` costs nothing.
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            let address = buffer.baseAddress.unsafelyUnwrapped
            _resolveSlowly(T.self, into: UnsafeMutableRawPointer(address), isInstance: { $0 is T }, file: file, line: line)
            return address.move()
        }
    }

    @usableFromInline
    func _resolveSlowly(
        _ type: Any.Type, into buffer: UnsafeMutableRawPointer, isInstance: (Any) -> Bool, file: StaticString,
        line: UInt
    ) {
        do {
            try resolveCore(type, into: buffer, isInstance: isInstance)
        } catch {
            wiringFailure(error.requested(at: CodeLocation(file, line)))
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
        if let key = _TagKey(tag) {
            var found = _Found()
            let existing = _existingInstance(of: ObjectIdentifier(T.self), tag: key, &found)
            if let value = _value(T.self, at: existing, &found, file: file, line: line) { return value }
        }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            let address = buffer.baseAddress.unsafelyUnwrapped
            _resolveSlowly(
                T.self, tag: tag, into: UnsafeMutableRawPointer(address), isInstance: { $0 is T }, file: file, line: line)
            return address.move()
        }
    }

    @usableFromInline
    func _resolveSlowly<Tag: Hashable & Sendable>(
        _ type: Any.Type, tag: Tag, into buffer: UnsafeMutableRawPointer, isInstance: (Any) -> Bool,
        file: StaticString, line: UInt
    ) {
        do {
            try resolveCore(type, tag: tag, into: buffer, isInstance: isInstance)
        } catch {
            wiringFailure(error.requested(at: CodeLocation(file, line)))
        }
    }

    /// Resolves `T`, or returns `nil` if nothing is registered for it without a tag, if its
    /// module was unloaded, or if this is a scope that is closed (KOIN's `getOrNull`).
    ///
    /// ```swift
    /// let analytics: Analytics? = container.resolveOptional()
    /// ```
    public func resolveOptional<T>(file: StaticString = #fileID, line: UInt = #line) -> T? {
        optional(T.self, tag: nil, find: { $0.entry(for: ObjectIdentifier(T.self)) }, at: CodeLocation(file, line))
    }

    /// Resolves `T` with `tag`, or returns `nil` if nothing is registered for that type and tag.
    public func resolveOptional<T, Tag: Hashable & Sendable>(
        tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        optional(
            T.self, tag: Wiring.Tag(tag), find: { $0.entry(for: ObjectIdentifier(T.self), tag: tag) },
            at: CodeLocation(file, line))
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
            // An absent optional stays cheap: nothing to look at without parameters anywhere.
            guard !registry.parameterized.isEmpty || ParameterFrame.current != nil else { return nil }
            do {
                let parameterized = registry.parameterizedEntry(for: ObjectIdentifier(T.self), tag: tag)
                return try builtOnHeapIfFound(T.self) { (buffer) throws(WiringError) in
                    try resolveWithoutParameters(T.self, tag: tag, entry: parameterized, into: buffer)
                }
            } catch {
                wiringFailure(error.requested(at: site))
            }
        }
        if let verification { verification.willResolve(entry.info) }
        do {
            return try entry.resolve(T.self, in: self)
        } catch {
            if let newer = newerRoot(after: error) { return newer.optional(T.self, tag: tag, find: find, at: site) }
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
        guard case .moduleUnloaded = error, ResolutionFrame.current == nil, let current = rootState?.latest,
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
        do {
            var found = _Found()
            let existing = _existingInstance(of: ObjectIdentifier(T.self), tag: .none, &found)
            return try resolvedThrowing(T.self, existing: existing, &found) { (buffer) throws(WiringError) in
                try resolveCore(T.self, into: buffer, isInstance: { $0 is T })
            }
        } catch {
            throw error.requested(at: CodeLocation(file, line))
        }
    }

    /// Resolves `type` registered with `tag`, throwing a ``WiringError`` if it cannot.
    public func resolveThrowing<T, Tag: Hashable & Sendable>(
        _ type: T.Type = T.self, tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> T {
        do {
            return try resolveCore(T.self, tag: tag)
        } catch {
            throw error.requested(at: CodeLocation(file, line))
        }
    }

    // MARK: - The hot path

    /// The address of the existing singleton registered for `type` and `tag` in this container,
    /// as the free `_existingInstance(of:tag:_:)` finds it (the caller holds this container).
    @usableFromInline
    func _existingInstance(of type: ObjectIdentifier, tag: _TagKey, _ found: inout _Found) -> UnsafeRawPointer? {
        lookUp(type, tag: tag, &found, retaining: false, reader: ReadSection.enter())
    }

    /// The fast path's lookup, inside the read section `reader`: the published address of the
    /// singleton (the section stays open), or `nil` with what to build directly in `found` (the
    /// section is closed). With `retaining`, the container is retained for the build.
    @inline(__always)
    func lookUp(
        _ type: ObjectIdentifier, tag: _TagKey, _ found: inout _Found, retaining: Bool,
        reader: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer? {
        guard let slot = fastSlot(for: type, tag: tag) else {
            if scope != nil { return lookUpPast(type, tag: tag, &found, reader: reader) }
            ReadSection.exit(reader)
            return nil
        }
        if let word = slot.word, let address = publishedAddress(word) {
            // Inside a build, the singleton is a dependency of it (see `Dependencies`).
            if ResolutionFrame.current(of: reader) != nil {
                DependencyCollector.note(Entry(opaque: slot.entry.unsafelyUnwrapped).publishedSequence)
            }
            return address
        }
        return unpublished(slot.entry, type, tag: tag, &found, retaining: retaining, reader: reader)
    }

    /// The fast path's lookup once `entry` (if any) has no published singleton: what to build
    /// directly, in `found`. Out of line, so that the lookup of an existing singleton stays
    /// small enough to be inlined wherever it is read (an existing singleton is the case to
    /// make cheapest; a build costs hundreds of instructions, next to which a call is nothing).
    @inline(never)
    private func unpublished(
        _ entry: UnsafeMutableRawPointer?, _ type: ObjectIdentifier, tag: _TagKey, _ found: inout _Found,
        retaining: Bool, reader: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer? {
        if let entry {
            if buildsDirectly {
                return direct(entry, &found, retaining: retaining, reader: reader)
            }
            if scope != nil { return lookUpOwn(entry, type, tag: tag, &found, retaining: retaining, reader: reader) }
        }
        ReadSection.exit(reader)
        return nil
    }

    /// Ends the fast path's lookup with `entry` to build here, in `found`; returns `nil`.
    @inline(__always)
    private func direct(
        _ entry: UnsafeMutableRawPointer, _ found: inout _Found, retaining: Bool, reader: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer? {
        let container = Unmanaged.passUnretained(self)
        found = _Found(entry: entry, container: container.toOpaque(), retained: retaining)
        if retaining {
            // The root may be replaced and freed once the section ends: retained inside it.
            _ = container.retain()
            ReadSection.exitAfterRetaining(reader)
            return nil
        }
        ReadSection.exit(reader)
        return nil
    }

    /// The fast path in a scope, for a definition of its own (`entry`): built directly when no
    /// value declared here may stand in front of it (see ``ScopeSummary``); else, for a value
    /// declared here without a tag, that value, found under the lock.
    ///
    /// Out of line: a scope's resolves should not add to the root's fast path.
    @inline(never)
    private func lookUpOwn(
        _ entry: UnsafeMutableRawPointer, _ type: ObjectIdentifier, tag: _TagKey, _ found: inout _Found,
        retaining: Bool, reader: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer? {
        let summary = scope.unsafelyUnwrapped.summary.current
        let mayBeDeclared = summary & ScopeSummary.declared(type) != 0
        guard verification == nil, summary & ScopeSummary.closed == 0, eager?.isFinished ?? true,
            Entry(opaque: entry).isBuiltInScope
        else {
            ReadSection.exit(reader)
            return nil
        }
        // The entry to build, as for any container (retained inside the section if need be).
        let result = direct(entry, &found, retaining: retaining, reader: reader)
        guard mayBeDeclared else { return result }
        var declared = _Found()
        let lookup = lookUpDeclared(type, tag: tag, &declared)
        // `.absent`: the bit was another declared type's, so the entry stands.
        guard lookup != .absent else { return result }
        if found.kind == _Found.Kind.entryInRetainedContainer { Unmanaged.passUnretained(self).release() }
        found = declared  // the declared value, or nothing (`.unknown`: the slow path decides)
        return nil
    }

    /// The fast path in a scope, for a type it has no definition of: a value declared here
    /// without a tag (found under the lock, after the read section), or the published singleton
    /// of the container the scope was opened from, when nothing here may stand in front of it
    /// (no value of the type declared, no link, not closed; see ``ScopeSummary``) and the scope
    /// defines nothing that must be told apart from the parent's (the type announced with
    /// `declared(_:example:)`, which must be declared; definitions with parameters). Anything
    /// else (a singleton to build, a factory, which KOIN builds in the scope asking) takes the
    /// slow path.
    @inline(never)
    private func lookUpPast(
        _ type: ObjectIdentifier, tag: _TagKey, _ found: inout _Found, reader: UnsafeMutableRawPointer
    ) -> UnsafeRawPointer? {
        let summary = scope.unsafelyUnwrapped.summary.current
        guard verification == nil, summary & ScopeSummary.closed == 0 else {
            ReadSection.exit(reader)
            return nil
        }
        let declaredBit = ScopeSummary.declared(type)
        guard summary & declaredBit != 0 else {
            return publishedPast(type, tag: tag, summary: summary, reader: reader)
        }
        ReadSection.exit(reader)
        guard lookUpDeclared(type, tag: tag, &found) == .absent else { return nil }
        // The bit was another declared type's (checked under the lock): on to the parent, in a
        // new read section. A scope is alive here: its caller, frame or task holds it.
        return publishedPast(type, tag: tag, summary: summary & ~declaredBit, reader: ReadSection.enter())
    }

    /// The published singleton of `type` in the container this scope was opened from, or
    /// further up, when nothing in this scope may stand in front of it: see `lookUpPast`. Ends
    /// the read section when it returns `nil`. Call on a scope.
    ///
    /// Retains nothing: it reads `let` fields of containers the caller holds (this scope holds
    /// its registry and its state, which holds the container it was opened from), and passes
    /// them on as they are read, never through a local of their own.
    private func publishedPast(_ type: ObjectIdentifier, tag: _TagKey, summary: UInt, reader: UnsafeMutableRawPointer)
        -> UnsafeRawPointer?
    {
        // A scope is built at once: its registry is its own.
        guard summary & (ScopeSummary.closed | ScopeSummary.linked | ScopeSummary.declared(type)) == 0,
            ownRegistry.parameterized.isEmpty, !ownRegistry.announces(type)
        else {
            ReadSection.exit(reader)
            return nil
        }
        if let slot = scope.unsafelyUnwrapped.parent.fastSlot(for: type, tag: tag) {
            if let word = slot.word, let address = publishedAddress(word) { return address }
            ReadSection.exit(reader)
            return nil
        }
        guard let grandparent = scope.unsafelyUnwrapped.parent.scope,
            scope.unsafelyUnwrapped.parent.verification == nil
        else {
            ReadSection.exit(reader)
            return nil
        }
        return scope.unsafelyUnwrapped.parent.publishedPast(
            type, tag: tag, summary: grandparent.summary.current, reader: reader)
    }

    /// Puts the value declared in this scope for `type`, untagged, in `found`, if there is one
    /// and the scope is open (under the lock; call outside the read section), and says what it
    /// found. Call on a scope.
    private func lookUpDeclared(_ type: ObjectIdentifier, tag: _TagKey, _ found: inout _Found)
        -> ScopeState.DeclaredLookup
    {
        // A tagged request is the slow path's: only untagged values are looked for here.
        guard tag.type == 0 else { return .unknown }
        // Called on the state borrowed, not bound: a bound class reference read from this
        // container's `let` is retained around the call (this container, which holds it, is
        // alive for the caller's whole resolve).
        let result = scope.unsafelyUnwrapped.retainedDeclared(type)
        if case let .found(value, isObject) = result { found = _Found(declared: value, isObject: isObject) }
        return result
    }

    /// The fast path's slot for `type` and `tag`. A container built at once reads its own table in
    /// place, with no retain (the `registry` getter returns its result retained); a module reads
    /// the table it built on first use, or misses until then (the slow path builds it).
    @inline(__always)
    func fastSlot(for type: ObjectIdentifier, tag: _TagKey) -> ResolveTable.Slot? {
        // A module's `fastTable` is the empty registry's, so a hit is always the container's own.
        if let slot = fastTable.slot(for: type, tag: tag) { return slot }
        return lazy?.slot(for: type, tag: tag)
    }

    /// Whether a resolve may build this container's entries directly, without the slow path's
    /// checks: not a scope (declared values, links, closing), not a verification sandbox (which
    /// records every resolve), and its eager singletons built.
    @inline(__always)
    var buildsDirectly: Bool {
        scope == nil && verification == nil && (eager?.isFinished ?? true)
    }

    /// The core of every slow resolve: initializes `buffer` (memory for a `type`) with the
    /// instance a resolve of `type` with `tag` returns here, where `find` looks the definition
    /// up in a registry.
    ///
    /// Not generic: Wiring's slow paths run unspecialized (the app's inlined `resolve()` calls
    /// them through a non-inlinable function), where every generic temporary instantiates
    /// metadata and every generic frame adds stack to each level of a deep graph.
    /// - Parameters:
    ///   - isInstance: Whether a value is a `type` (for a missing definition's message).
    ///   - requester: The scope the resolve started in, when it reached this container through
    ///     the containers that scope was opened from: a `factory` found here is built there, so
    ///     that its own dependencies are looked up in that scope first (KOIN's rule; a factory
    ///     keeps nothing, so where it is built is only where it looks). A `single` is built
    ///     here, from this container's definitions, since every scope shares it.
    func resolveCore(
        _ type: Any.Type, tag: Tag?, find: (Registry) -> Entry?, into buffer: UnsafeMutableRawPointer,
        isInstance: (Any) -> Bool, requester: DependencyContainer? = nil
    ) throws(WiringError) {
        if let eager { try eager.start(in: self) }
        if let scope {
            return try resolveInScope(
                scope, type, tag: tag, find: find, into: buffer, isInstance: isInstance, requester: requester)
        }
        guard let entry = find(registry) else {
            return try resolveMissing(type, tag: tag, find: find, into: buffer, isInstance: isInstance, requester: requester)
        }
        if let verification { verification.willResolve(entry.info) }
        do {
            try entry.resolve(into: buffer, in: entry.isFactory ? requester ?? self : self)
        } catch {
            try retry(after: error, type, tag: tag, find: find, into: buffer, isInstance: isInstance, requester: requester)
        }
    }

    // The branches below are out of line: each level of a deep graph passes through
    // `resolveCore`, and its frame would otherwise hold their temporaries too.

    /// `resolveCore` in a scope: its declared values, definitions and links, then the container
    /// it was opened from.
    @inline(never)
    private func resolveInScope(
        _ scope: ScopeState, _ type: Any.Type, tag: Tag?, find: (Registry) -> Entry?,
        into buffer: UnsafeMutableRawPointer, isInstance: (Any) -> Bool, requester: DependencyContainer?
    ) throws(WiringError) {
        let key = DefinitionKey(type: ObjectIdentifier(type), tag: tag)
        if try findInScope(type, key: key, into: buffer, find: find, checkingOpen: true, requester: requester) { return }
        try checkAnnounced(in: scope, type, tag: tag)
        // A definition that takes parameters, resolved without them: its instance if it built
        // one, or built with those of the build this resolve is nested in if they fit; else say
        // so, rather than that the type is scoped (which the root would report).
        if let parameterized = registry.parameterizedEntry(for: key.type, tag: tag) {
            if try resolveWithoutParameters(type, tag: tag, entry: parameterized, into: buffer) { return }
            throw .parameterMismatch(
                type: typeName(type), tag: tag?.description, expected: parameterized.parameterTypes, given: nil,
                requestedAt: nil)
        }
        do {
            try scope.parent.resolveCore(
                type, tag: tag, find: find, into: buffer, isInstance: isInstance, requester: requester ?? self)
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
    @inline(never)
    private func resolveMissing(
        _ type: Any.Type, tag: Tag?, find: (Registry) -> Entry?, into buffer: UnsafeMutableRawPointer,
        isInstance: (Any) -> Bool, requester: DependencyContainer?
    ) throws(WiringError) {
        if let current = rootState?.latest, current !== self {
            return try current.resolveCore(
                type, tag: tag, find: find, into: buffer, isInstance: isInstance, requester: requester)
        }
        let parameterized = registry.parameterizedEntry(for: ObjectIdentifier(type), tag: tag)
        if try resolveWithoutParameters(type, tag: tag, entry: parameterized, into: buffer) { return }
        throw missingDefinition(type, tag: tag, isInstance: isInstance)
    }

    /// A resolve without parameters that found no definition of `type` without parameters here:
    /// initializes `buffer` (memory for a `type`) and returns `true` with the instance a `single`
    /// or `scoped` definition that takes parameters built already (KOIN's rule: its parameters
    /// were for building it); or, nested in a build with parameters (see ``ParameterFrame``),
    /// with the definition that takes parameters built with them if they fit, or, untagged, the
    /// first of them that is a `type`. Rare paths only: a resolve that finds its definition
    /// never comes here.
    /// - Parameter entry: This registry's definition of `type` with `tag` that takes parameters,
    ///   as the caller looked it up.
    func resolveWithoutParameters(
        _ type: Any.Type, tag: Tag?, entry: (any AnyParameterizedEntry)?, into buffer: UnsafeMutableRawPointer
    ) throws(WiringError) -> Bool {
        if let entry, entry.copyBuilt(into: buffer, in: self) { return true }
        guard let parameters = ParameterFrame.current else { return false }
        if let entry, let arguments = parameters.pointee.arguments(for: entry) {
            if let verification { verification.willResolve(entry.info) }
            try entry.resolve(into: buffer, in: self, values: arguments)
            return true
        }
        return tag == nil && parameters.pointee.put(type, into: buffer)
    }

    /// `resolveCore` after `error`: again on the current root if the module was unloaded
    /// meanwhile (see ``newerRoot(after:)``), else `error`.
    @inline(never)
    private func retry(
        after error: WiringError, _ type: Any.Type, tag: Tag?, find: (Registry) -> Entry?,
        into buffer: UnsafeMutableRawPointer, isInstance: (Any) -> Bool, requester: DependencyContainer?
    ) throws(WiringError) {
        guard let newer = newerRoot(after: error) else { throw error }
        try newer.resolveCore(type, tag: tag, find: find, into: buffer, isInstance: isInstance, requester: requester)
    }

    /// `resolveCore` without a tag, into `buffer`.
    @inline(__always)
    func resolveCore(_ type: Any.Type, into buffer: UnsafeMutableRawPointer, isInstance: (Any) -> Bool)
        throws(WiringError)
    {
        let id = ObjectIdentifier(type)
        try resolveCore(type, tag: nil, find: { $0.entry(for: id) }, into: buffer, isInstance: isInstance)
    }

    /// `resolveCore` with `tag`, into `buffer`.
    @inline(__always)
    func resolveCore<Tag: Hashable & Sendable>(
        _ type: Any.Type, tag: Tag, into buffer: UnsafeMutableRawPointer, isInstance: (Any) -> Bool
    ) throws(WiringError) {
        let id = ObjectIdentifier(type)
        try resolveCore(
            type, tag: Wiring.Tag(tag), find: { $0.entry(for: id, tag: tag) }, into: buffer, isInstance: isInstance)
    }

    /// The instance of `T`, for a generic caller inside Wiring (see ``builtOnHeap(_:_:)``).
    @inline(__always)
    func resolveCore<T>(_: T.Type) throws(WiringError) -> T {
        try builtOnHeap(T.self) { (buffer) throws(WiringError) in
            try resolveCore(T.self, into: buffer, isInstance: { $0 is T })
        }
    }

    /// The instance of `T` with `tag`; see ``resolveCore(_:)``.
    @inline(__always)
    func resolveCore<T, Tag: Hashable & Sendable>(_: T.Type, tag: Tag) throws(WiringError) -> T {
        try builtOnHeap(T.self) { (buffer) throws(WiringError) in
            try resolveCore(T.self, tag: tag, into: buffer, isInstance: { $0 is T })
        }
    }

    @inline(never)
    func missingDefinition(_ type: Any.Type, tag: Tag?, isInstance: (Any) -> Bool = { _ in false }) -> WiringError {
        if let parameterized = registry.parameterizedEntry(for: ObjectIdentifier(type), tag: tag) {
            return .parameterMismatch(
                type: typeName(type), tag: tag?.description, expected: parameterized.parameterTypes, given: nil,
                requestedAt: nil)
        }
        if registry.asyncEntry(for: ObjectIdentifier(type), tag: tag) != nil {
            return .asyncDefinition(type: typeName(type), tag: tag?.description, requestedAt: nil)
        }
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
