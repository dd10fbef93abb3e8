/// One entry of a module, without its static type: what a module keeps, and what
/// ``TypedDefinition`` wraps. Modules take either; an array of definitions of several types is a
/// `[Definition]`.
///
/// You do not create definitions directly; ``single(file:line:_:)-8x1oa``,
/// ``factory(file:line:_:)-26uhf`` and ``resolvable(lifetime:tag:file:line:_:)`` return them
/// for a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` to collect:
///
/// ```swift
/// static let app = module {
///     single { AppState() as AppStateProtocol }
///     factory { StopWatch() as StopWatchProtocol }
/// }
/// ```
///
/// A definition is a description only. Each container it ends up in builds its own instances,
/// so a singleton is shared within one container, never between two.
public struct AnyDefinition: Definition {
    /// Everything about the definition (immutable, so shared between threads safely).
    let info: DefinitionInfo

    /// This definition.
    public var erased: AnyDefinition { self }

    var id: DefinitionID { info.id }
    var type: Any.Type { info.type }
    var lifetime: Lifetime { info.lifetime }
    var scope: ScopeID? { info.scope }
    var site: CodeLocation? { info.site }

    /// This definition with one more binding, to `type`, built by `build`: `bind(_:)`'s copy.
    func adding(bindingTo type: Any.Type, holder: Entry.Type, build: @escaping Builder) -> AnyDefinition {
        AnyDefinition(info: info.adding(bindingTo: type, holder: holder, build: build))
    }

    /// What the definition builds, or what else it stands for.
    var payload: Payload { info.payload }
    /// Whether it is scoped or declared in a scope.
    var hasScope: Bool { info.lifetime == .scoped || info.scope != nil }
    /// Whether it has bindings.
    var hasBindings: Bool { !info.bindings.isEmpty }

    enum Payload: Sendable {
        /// Built by `info.build`; each container makes an ``Entry`` with it.
        case builder
        /// Code to run on an existing object (`injection(for:)`).
        case injection(Injection)
        /// An async factory or single, resolved with `await resolveAsync()`: its factory, whose
        /// value its ``AsyncEntry`` takes as its own type. A closure, not the typed closure as
        /// `any Sendable`: that existential made every payload twice as large, and every copy of a
        /// definition (composing, claiming, making entries) pay for it.
        /// Each container makes an entry with it too; `info.build` says to `await` it.
        case async(@Sendable () async throws -> any Sendable)
        /// Not a definition: a module listed with `includes(_:)`, expanded when a container is built.
        case include(DependencyContainer)
        /// A value each scope gets at run time (`declared(_:example:)`); `example` stands in for
        /// it when the graph is verified.
        case declaration(example: @Sendable () -> Any)
        /// Not a definition: says that the scope `info.scope` is declared, even when nothing is
        /// declared in it (`scope(Session.self) { }` opens, as in KOIN).
        case scopeMarker
        /// Not a definition: says that each scope `info.scope` is linked at run time to a scope
        /// of the given type (`linked(to:)`), so that `verify()` and `graph()` follow that link.
        case linkMarker(ScopeID)
    }

    /// - Parameter parameters: For a definition that takes parameters at resolve time, which
    ///   `factory` takes from the thread's ``ParameterFrame``.
    init<Value>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        parameters: ParameterSignature? = nil,
        factory: @escaping @Sendable () throws -> Value
    ) {
        let (build, holder) = builder(lifetime, factory)
        self.init(info: DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site, build: build, holder: holder,
            parameters: parameters))
    }

    /// A definition of `type` built by `build`, written at `file` and `line`.
    @usableFromInline
    init(
        lifetime: Lifetime, file: StaticString, line: UInt, type: Any.Type, build: @escaping Builder,
        typedFactory: (any AnyObject & Sendable)? = nil, holder: Entry.Type = TypedEntry<Any?>.self
    ) {
        self.init(info: DefinitionInfo(
            plainType: type, lifetime: lifetime, site: CodeLocation(file, line), build: build, typedFactory: typedFactory,
            holder: holder))
    }

    /// A definition of `type` under `tag`, built by `build`.
    @usableFromInline
    init<TagValue: Hashable & Sendable>(
        lifetime: Lifetime, tag: TagValue, file: StaticString, line: UInt, type: Any.Type, build: @escaping Builder,
        typedFactory: (any AnyObject & Sendable)? = nil, holder: Entry.Type = TypedEntry<Any?>.self
    ) {
        self.init(info: DefinitionInfo(
            type: type, tagValue: tag, lifetime: lifetime, site: CodeLocation(file, line), build: build,
            typedFactory: typedFactory, holder: holder))
    }

    /// A definition of `type`, under `tag` if there is one, built by `build`.
    @usableFromInline
    init(
        lifetime: Lifetime, tagIfAny tag: (any Hashable & Sendable)?, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping Builder, typedFactory: (any AnyObject & Sendable)? = nil,
        holder: Entry.Type = TypedEntry<Any?>.self
    ) {
        guard let tag else {
            self.init(
                lifetime: lifetime, file: file, line: line, type: type, build: build, typedFactory: typedFactory,
                holder: holder)
            return
        }
        self.init(
            lifetime: lifetime, tag: tag, file: file, line: line, type: type, build: build, typedFactory: typedFactory,
            holder: holder)
    }

    init<Value: Sendable>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        asyncFactory: @escaping @Sendable () async throws -> Value
    ) {
        self.init(info: DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site, isAsync: true,
            build: { entry in
                // A synchronous resolve found it: only `resolveAsync()` builds it.
                throw WiringError.asyncDefinition(
                    type: typeName(Value.self), tag: entry.info.tag?.description, requestedAt: nil)
            },
            holder: AsyncEntry<Value>.self, payload: .async({ try await asyncFactory() })))
    }

    /// A marker for `module` included by `includes(_:)` at `site`.
    init(including module: DependencyContainer, site: CodeLocation) {
        self.init(info: DefinitionInfo(
            type: DependencyContainer.self, tag: nil, lifetime: .factory, site: site, payload: .include(module)))
    }

    /// The marker `scope(_:_:)` adds for the scope `scope`, declared at `site`.
    init(markingScope scope: ScopeID, site: CodeLocation?) {
        self.init(info: DefinitionInfo(
            type: DeclaredScope.self, tag: nil, lifetime: .factory, site: site, scope: scope, payload: .scopeMarker))
    }

    /// The marker `linked(to:)` adds for a link to the scope `target`, written at `site`.
    init(linkingTo target: ScopeID, site: CodeLocation) {
        self.init(info: DefinitionInfo(
            type: DeclaredScope.self, tag: nil, lifetime: .factory, site: site, payload: .linkMarker(target)))
    }

    /// The scope a `linked(to:)` marker names; `nil` for anything else.
    var linkTarget: ScopeID? {
        if case let .linkMarker(target) = info.payload { return target }
        return nil
    }

    /// Whether this is a marker (of a declared scope, or of a link), not a definition.
    var isMarker: Bool {
        switch info.payload {
        case .scopeMarker, .linkMarker: true
        default: false
        }
    }

    /// The module this marker includes, if it is one.
    var includedModule: DependencyContainer? {
        if case let .include(module) = info.payload { return module }
        return nil
    }

    init(injection: Injection) {
        self.init(info: injection.info.with(payload: .injection(injection)))
    }

    /// A definition of `info`.
    init(info: DefinitionInfo) {
        self.info = info
    }

    /// Every type this definition answers for: its own, then its bindings'.
    var slots: [DefinitionInfo] { [info] + info.bindings }
}

/// The type of a scope marker's info: no definition answers for it.
enum DeclaredScope {}
