/// One entry of a module: a type, an optional tag, a lifetime and the closure that builds it.
///
/// You do not create definitions directly; ``single(tag:file:line:_:)-3oonb``,
/// ``factory(tag:file:line:_:)-4z5h4`` and ``resolvable(lifetime:tag:file:line:_:)`` return them
/// for a ``module(file:line:_:)`` to collect:
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
public struct Definition: Sendable {
    /// Everything about the definition, in one object: copying a definition (the module builder
    /// does, line by line) is one retain.
    let info: DefinitionInfo

    /// What the definition builds, or what else it stands for.
    var payload: Payload { info.payload }
    /// Secondary types this definition also answers for (``bind(_:)``).
    var bindings: [Binding] { info.bindings }

    enum Payload: Sendable {
        /// Built by `info.build`; each container makes an ``Entry`` with it.
        case builder
        /// Code to run on an existing object (`injection(for:)`).
        case injection(Injection)
        /// A factory that takes parameters at resolve time.
        case parameterized(@Sendable (_ info: DefinitionInfo) -> any AnyParameterizedEntry)
        /// An async factory or single, resolved with `await resolveAsync()`.
        case async(@Sendable (_ info: DefinitionInfo) -> any AnyAsyncEntry)
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

    /// A secondary type: its info, whose builder reads the value of the entry's primary.
    struct Binding: Sendable {
        let info: DefinitionInfo
    }

    init<Value>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        factory: @escaping @Sendable () throws -> Value
    ) {
        self.info = DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site,
            build: { buffer, _ in buffer.initializeMemory(as: Value.self, to: try factory()) })
    }

    /// A definition whose builder was made where `type` is known (the DSL's inlinable
    /// functions), so that it runs specialized code.
    @usableFromInline
    init(
        lifetime: Lifetime, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        self.info = DefinitionInfo(plainType: type, lifetime: lifetime, site: CodeLocation(file, line), build: build)
    }

    /// A definition under `tag`, with a builder made where `type` is known.
    @usableFromInline
    init<TagValue: Hashable & Sendable>(
        lifetime: Lifetime, tag: TagValue, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        self.info = DefinitionInfo(
            taggedType: type, tag: Tag(tag), keyIsExact: Tag.keyIsExact(TagValue.self), lifetime: lifetime,
            site: CodeLocation(file, line), build: build)
    }

    init<Value: Sendable>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        asyncFactory: @escaping @Sendable () async throws -> Value
    ) {
        self.info = DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site, isAsync: true,
            payload: .async { info in AsyncEntry(info: info, factory: asyncFactory) })
    }

    /// A marker for `module` included by `includes(_:)` at `site`.
    init(including module: DependencyContainer, site: CodeLocation) {
        self.info = DefinitionInfo(
            type: DependencyContainer.self, tag: nil, lifetime: .factory, site: site, payload: .include(module))
    }

    /// The marker `scope(_:_:)` adds for the scope `scope`, declared at `site`.
    init(markingScope scope: ScopeID, site: CodeLocation?) {
        self.info = DefinitionInfo(
            type: DeclaredScope.self, tag: nil, lifetime: .factory, site: site, scope: scope, payload: .scopeMarker)
    }

    /// The marker `linked(to:)` adds for a link to the scope `target`, written at `site`.
    init(linkingTo target: ScopeID, site: CodeLocation) {
        self.info = DefinitionInfo(
            type: DeclaredScope.self, tag: nil, lifetime: .factory, site: site, payload: .linkMarker(target))
    }

    /// Whether this is the marker of a declared scope.
    var isScopeMarker: Bool {
        if case .scopeMarker = payload { return true }
        return false
    }

    /// The scope a `linked(to:)` marker names; `nil` for anything else.
    var linkTarget: ScopeID? {
        if case let .linkMarker(target) = payload { return target }
        return nil
    }

    /// Whether this is a marker (of a declared scope, or of a link), not a definition.
    var isMarker: Bool { isScopeMarker || linkTarget != nil }

    /// Whether this is a marker for an included module.
    var isInclude: Bool {
        if case .include = payload { return true }
        return false
    }

    /// The module this marker includes, if it is one.
    var includedModule: DependencyContainer? {
        if case let .include(module) = payload { return module }
        return nil
    }

    init(injection: Injection) {
        self.info = injection.info.with(payload: .injection(injection))
    }

    /// A definition of `info` (made for it alone: a definition's info is its identity).
    init(info: DefinitionInfo) {
        self.info = info
    }

    /// Every type this definition answers for: its own, then its bindings'.
    var slots: [DefinitionInfo] { [info] + bindings.map(\.info) }

    /// Slot 0 is the definition itself; slot `n` its `n`th binding.
    func slot(_ index: Int) -> DefinitionInfo {
        index == 0 ? info : bindings[index - 1].info
    }
}

/// The type of a scope marker's info: no definition answers for it.
enum DeclaredScope {}
