extension AnyDefinition {
    /// Marks this definition as deliberately replacing an earlier one of the same type and tag
    /// in the same container: how a debug or staging module swaps a service.
    ///
    /// ```swift
    /// static let staging = module {
    ///     single { StagingBackend() as BackendProtocol }.override()
    /// }
    /// DependencyContainer.defined(by: modules { .backend; .network; .app; .staging })
    /// ```
    ///
    /// Without it, a second definition of the same type and tag stops with a message naming both.
    /// The replacement takes the place of the earlier definition in declaration order
    /// (``DependencyContainer/resolveAll(_:file:line:)-method``); it is fine if there is nothing to replace.
    ///
    /// `.override()` and ``bind(_:file:line:)`` combine in either order: the definition and every
    /// type it is bound to replace the earlier ones.
    public func override() -> AnyDefinition {
        AnyDefinition(info: info.with(isOverride: true, changingBindings: true))
    }

    /// Runs `body` on this definition's instance when Wiring releases it: when its scope closes
    /// (`scoped`, or `single` inside a scope), when its module is unloaded, or when its container
    /// is closed with ``DependencyContainer/close(file:line:)`` (`single`).
    ///
    /// ```swift
    /// scope(UserSession.self) {
    ///     scoped { Connection(to: server) }
    ///         .onClose { (connection: Connection) in connection.disconnect() }
    /// }
    /// ```
    ///
    /// On an `AnyDefinition`, write the instance's type in the closure, as above: it does not carry
    /// its type statically. (A ``TypedDefinition``, which `scoped { }` and the other forms return,
    /// infers it: `.onClose { $0.disconnect() }`.) A type its instances can never be (`.onClose { (store: Store) in … }` on a
    /// `Connection`) stops the program here, with
    /// ``WiringError/onCloseNeverRuns(type:callbackTakes:definedAt:)``; a protocol, `Any` or a
    /// class in its hierarchy is checked on each instance. Each callback runs exactly once,
    /// outside every Wiring lock, each instance's before those of what it uses (see
    /// <doc:ServicesAndLifecycle>); when it runs, resolving from the
    /// closing scope is an error. Factories and weak singles are never held by Wiring, so they
    /// have nothing to release; a container that is deallocated without `close()` releases its
    /// singletons without callbacks.
    ///
    /// The closure runs on the thread that releases the instance, at that moment: Swift checks it
    /// as `@Sendable`. For a main-actor instance, write `@MainActor` in the closure (the next form):
    /// `.onClose { @MainActor tracker in tracker.flush() }`. Without it, the closure is this plain
    /// one even on `scoped { @MainActor in … }`, and Swift refuses its main-actor calls.
    public func onClose<T>(
        file: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @Sendable (_ instance: T) -> Void
    ) -> AnyDefinition {
        checkHook(taking: T.self, file: file, line: line)
        return adding(LifecycleHooks(close: .sync({ instance in if let instance = instance as? T { body(instance) } })))
    }

    /// Runs the `@MainActor` `body` on this definition's instance when Wiring releases it: at
    /// once on the main actor, queued to it from anywhere else.
    ///
    /// ```swift
    /// single { @MainActor in PlayerViewModel() }
    ///     .onClose { @MainActor (model: PlayerViewModel) in model.stop() }
    /// ```
    public func onClose<T>(
        isolation: MainActor.Type = MainActor.self, file: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @MainActor @Sendable (_ instance: T) -> Void
    ) -> AnyDefinition {
        checkHook(taking: T.self, file: file, line: line)
        return onMainActorClose(taking: T.self, body)
    }

    private func onMainActorClose<T>(taking _: T.Type, _ body: @escaping @MainActor @Sendable (T) -> Void) -> AnyDefinition {
        adding(LifecycleHooks(close: .sync({ instance in
            guard let instance = instance as? T else { return }
            // Wiring has released it: the callback is its last holder but the instance's own.
            nonisolated(unsafe) let released = instance
            MainActorBuild.runOnMainActor { body(released) }
        })))
    }

    /// Awaits `body` on this definition's instance when Wiring releases it: what a server
    /// resource that shuts down asynchronously needs.
    ///
    /// ```swift
    /// single { PostgresClient(configuration: configuration) }
    ///     .onClose { (client: PostgresClient) async throws in try await client.drain() }
    /// ```
    ///
    /// ``DependencyContainer/shutdown(timeout:)`` awaits it, dependents before what they use,
    /// and reports what it throws. `close()` and `unload` cannot wait: they start the async
    /// callbacks, in the same order, on a task of their own. Otherwise as the synchronous
    /// `onClose { (instance: T) in … }`.
    public func onClose<T>(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: T) async throws -> Void
    ) -> AnyDefinition {
        checkHook(taking: T.self, file: file, line: line)
        return adding(
            LifecycleHooks(close: .async({ instance in if let instance = instance as? T { try await body(instance) } })))
    }

    /// Runs `body` on this singleton's instance when the app starts its services:
    /// ``DependencyContainer/start(timeout:)`` builds every singleton that has one and awaits the hooks
    /// in dependency order, so that a hook finds what its instance uses already started.
    ///
    /// ```swift
    /// single { TodoRepository(client: resolve()) }
    ///     .onStart { (repository: TodoRepository) async throws in try await repository.createTable() }
    /// ```
    ///
    /// Each hook runs once per instance, however many times `start()` is called. A hook that
    /// could never run stops the program here
    /// (``WiringError/startHookNeverRuns(type:lifetime:hookTakes:definedAt:)``): on a `factory` or
    /// a `weakSingle`, which `start()` never starts. One whose instance turns out not to be a `T`
    /// is reported by `verify()`, and by `start()` instead of being skipped.
    public func onStart<T>(
        file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable (_ instance: T) async throws -> Void
    ) -> AnyDefinition {
        let site = CodeLocation(file, line)
        guard TypeRelation.mayHold(self.type, as: T.self) else {
            wiringFailure(.startHookNeverRuns(
                type: typeName(type), lifetime: "\(lifetime)", hookTakes: typeName(T.self), definedAt: site))
        }
        guard lifetime == .singleton else {
            wiringFailure(.startHookNeverRuns(
                type: typeName(type), lifetime: "\(lifetime)", hookTakes: nil, definedAt: site))
        }
        let definedType = typeName(type)
        let neverRuns = { @Sendable in
            WiringError.startHookNeverRuns(type: definedType, lifetime: "single", hookTakes: typeName(T.self), definedAt: site)
        }
        return adding(LifecycleHooks(
            start: { instance in
                guard let instance = instance as? T else { throw neverRuns() }
                try await body(instance)
            },
            startCheck: { instance in instance is T ? nil : neverRuns() }))
    }

    /// Stops the program where a hook is written if its instance type can never be a `T`.
    private func checkHook<T>(taking _: T.Type, file: StaticString, line: UInt) {
        guard TypeRelation.mayHold(self.type, as: T.self) else {
            wiringFailure(
                .onCloseNeverRuns(
                    type: typeName(self.type), callbackTakes: typeName(T.self), definedAt: CodeLocation(file, line)))
        }
    }

    private func adding(_ hooks: LifecycleHooks) -> AnyDefinition {
        AnyDefinition(info: info.with(hooks: (info.hooks ?? LifecycleHooks()).adding(hooks)))
    }

    /// Builds this singleton as soon as its container starts: when it becomes the root
    /// (``DependencyContainer/defined(by:file:line:)-(DependencyContainer,_,_)``), or on the first resolve from a
    /// container you hold. Eager singletons are built in declaration order, so start-up cost is
    /// paid up front and a broken one fails at launch.
    ///
    /// ```swift
    /// single { CrashReporter() }.createdAtStart()
    /// ```
    ///
    /// A module that is only composed into others (`modules { .a; .b }`) builds nothing itself.
    public func createdAtStart() -> AnyDefinition {
        AnyDefinition(info: info.with(createdAtStart: true))
    }

    /// Makes this definition answer for `type` too, with the same instance.
    ///
    /// ```swift
    /// single { Backend() }
    ///     .bind(BackendProtocol.self)
    ///     .bind(HealthChecking.self)
    ///
    /// let backend: BackendProtocol = resolve()
    /// let health: HealthChecking = resolve()   // the same Backend
    /// ```
    ///
    /// The binding has the definition's tag and lifetime. If the built value turns out not to be
    /// a `Secondary`, resolving the binding stops with a message naming both types.
    ///
    /// Several definitions may bind the same type, as plugins do:
    /// ``DependencyContainer/resolveAll(_:file:line:)-method`` returns all of them in declaration order,
    /// and `resolve()` returns the last one declared (KOIN's rule). A binding never conflicts with
    /// another definition; only two direct definitions of one type and tag do.
    @inlinable
    public func bind<Secondary>(_ type: Secondary.Type, file: StaticString = #fileID, line: UInt = #line) -> AnyDefinition {
        // The binding's entry type named here, where `Secondary` is known: named in Wiring's
        // unspecialized code, its metadata was looked up in the runtime's cache on every `bind`.
        bind(type, holder: TypedEntry<Secondary?>.self, file: file, line: line)
    }

    /// ``bind(_:file:line:)`` with the entry a singleton binding has, `TypedEntry<Secondary?>`.
    @usableFromInline
    func bind<Secondary>(_: Secondary.Type, holder: Entry.Type, file: StaticString, line: UInt) -> AnyDefinition {
        // Not a builder's definition, or a type its values can never be: stop where it is written.
        guard case .builder = payload, TypeRelation.mayHold(self.type, as: Secondary.self) else {
            wiringFailure(.invalidBinding(
                type: typeName(self.type), boundTo: typeName(Secondary.self), definedAt: CodeLocation(file, line)))
        }
        return adding(bindingTo: Secondary.self, holder: holder, build: AnyDefinition.bindingBuilder(Secondary.self))
    }

    /// The builder of a binding's entry: the value of its primary's entry, as `Secondary` (the
    /// entry's own type), held by the entry if it is a singleton's (see ``Entry/holdAny(_:)``).
    /// Neither `TypedEntry<Secondary?>` nor `TypedInstance<Secondary>` is named on a singleton's
    /// build: here, where `Secondary` is not known statically, each would be looked up in the
    /// runtime's cache.
    static func bindingBuilder<Secondary>(_: Secondary.Type) -> Builder {
        return { entry in
            // A binding's entry always has a primary, in the same container.
            guard let primary = entry.primary else {
                preconditionFailure("Wiring: the binding to \(typeName(entry.info.type)) has no primary")
            }
            // `Entry.resolve` pushed this binding's frame, so the container is the current one.
            guard let container = DependencyContainer.resolving else {
                preconditionFailure("Wiring: the binding to \(typeName(entry.info.type)) is built outside a resolution")
            }
            if let verification = container.verification { verification.willResolve(primary.info) }
            let primaryValue: Any
            do {
                primaryValue = try primary.resolveAny(in: container)
            } catch let WiringError.parameterMismatch(type, tag, expected, nil, site) where type == typeName(primary.info.type) {
                // Its primary takes parameters and was given none: the error names the type the
                // resolve asked for, which is how `resolveOptional` knows it is this one's.
                throw WiringError.parameterMismatch(
                    type: typeName(Secondary.self), tag: tag, expected: expected, given: nil, requestedAt: site)
            }
            if entry.holdAny(primaryValue) { return nil }
            return try boxed(primaryValue, as: Secondary.self, binding: entry)
        }
    }

    /// A binding's value, boxed as `Secondary` (a binding of a factory or a scoped definition),
    /// or the error that says its primary's value is not one.
    @inline(never)
    private static func boxed<Secondary>(_ value: Any, as _: Secondary.Type, binding entry: Entry) throws -> Instance {
        guard let value = value as? Secondary else {
            throw WiringError.invalidBinding(
                type: typeName(entry.primary.map { $0.info.type } ?? entry.info.type), boundTo: typeName(Secondary.self),
                definedAt: entry.info.site)
        }
        return TypedInstance(value)
    }
}
