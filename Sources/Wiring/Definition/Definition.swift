internal import _WiringShims

/// One entry of a module: a type, an optional tag, a lifetime and the closure that builds it.
///
/// You do not create definitions directly; ``single(tag:file:line:_:)-3oonb``,
/// ``factory(tag:file:line:_:)-4z5h4`` and ``resolvable(lifetime:tag:file:line:_:)`` return them
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
public struct Definition: Sendable {
    /// The group holding the definition's record, immutable once made (see ``DefinitionGroup``),
    /// so shared between threads safely.
    nonisolated(unsafe) let group: DefinitionGroup
    /// The record's index in `group`.
    let index: Int

    /// The record of the definition, read in place (`group` keeps it alive).
    @inline(__always)
    private func withRecord<Result>(_ body: (UnsafeMutablePointer<DefinitionRecord>) -> Result) -> Result {
        group.withUnsafeMutablePointerToElements { body($0 + index) }
    }

    /// Everything about the definition.
    var info: DefinitionInfo { DefinitionInfo(group: group, index: index) }

    /// The identity of the definition's record (see ``DefinitionInfo/id``).
    var id: DefinitionID { withRecord { DefinitionID(address: UnsafeRawPointer($0)) } }

    /// The definition's record, valid while this definition is (it holds the group): a registry
    /// being built reads its definitions' records while it holds their array.
    var packedRecord: UnsafeMutablePointer<DefinitionRecord> { withRecord { $0 } }

    /// The group `packedRecord` lives in, unretained: valid while this definition is (it holds
    /// the group).
    var unretainedGroup: Unmanaged<DefinitionGroup> { Unmanaged.passUnretained(group) }

    /// The type it answers for.
    var type: Any.Type { withRecord { $0.pointee.type } }
    /// Its lifetime.
    var lifetime: Lifetime { withRecord { $0.pointee.lifetime } }
    /// Its scope, if it has one.
    var scope: ScopeID? { withRecord { DefinitionRecord.extras(at: $0)?.scope } }
    /// Its site.
    var site: CodeLocation? { withRecord { $0.pointee.site } }

    /// `info.with(…)` (a modifier's copy): a line's record is made on the stack to copy from,
    /// not in a group of its own first. See ``DefinitionInfo/with(type:lifetime:isOverride:createdAtStart:scope:onClose:payload:changingBindings:)``.
    func with(
        type: Any.Type? = nil, lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil,
        scope: ScopeID? = nil, hooks: LifecycleHooks? = nil, payload: Payload? = nil,
        changingBindings: Bool = false
    ) -> DefinitionInfo {
        info.with(
            type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart, scope: scope,
            hooks: hooks, payload: payload, changingBindings: changingBindings)
    }

    /// This definition with one more binding, to `type`, built by `build`: `bind(_:)`'s copy.
    /// One group holds the copy and all its bindings (see ``DefinitionRecord/bindingCount``).
    func adding(bindingTo type: Any.Type, build: @escaping Builder) -> Definition {
        withExtendedLifetime(group) {
            Definition(
                info: DefinitionInfo.copying(
                    packedRecord, type: nil, lifetime: nil, isOverride: nil, createdAtStart: nil, scope: nil,
                    hooks: nil, payload: nil, addedBinding: type, bindingBuilder: StoredBuilder(function: build)))
        }
    }

    /// What the definition builds, or what else it stands for.
    var payload: Payload {
        withRecord { DefinitionRecord.extras(at: $0)?.payload ?? .builder }
    }
    /// Whether it is scoped or declared in a scope, told in place (no scope copied out).
    var hasScope: Bool {
        withRecord { record in
            guard record.pointee.lifetime != .scoped else { return true }
            guard let extras = DefinitionRecord.extras(at: record) else { return false }
            return extras.scope != nil
        }
    }
    /// Whether it has bindings, told in place (no array made).
    var hasBindings: Bool {
        withRecord { $0.pointee.bindingCount != 0 }
    }
    /// Secondary types this definition also answers for (``bind(_:)``); a line has none.
    var bindings: [Binding] {
        info.bindings
    }

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
        self.init(info: DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site,
            build: { buffer, _ in buffer.initializeMemory(as: Value.self, to: try factory()) }))
    }

    /// A definition whose builder was made where `type` is known (the DSL's inlinable
    /// functions), so that it runs specialized code. The builder is stored as the closure it
    /// is, and the compiler retains and releases what it captured.
    @usableFromInline
    init(
        lifetime: Lifetime, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        self.init(
            info: DefinitionInfo {
                DefinitionRecord(plainType: type, lifetime: lifetime, site: CodeLocation(file, line), build: build)
            })
    }

    /// A definition under `tag`, with a builder made where `type` is known.
    @usableFromInline
    init<TagValue: Hashable & Sendable>(
        lifetime: Lifetime, tag: TagValue, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        self.init(info: DefinitionInfo(
            taggedType: type, tag: tag, lifetime: lifetime, site: CodeLocation(file, line), build: build))
    }

    init<Value: Sendable>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        asyncFactory: @escaping @Sendable () async throws -> Value
    ) {
        self.init(info: DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site, isAsync: true,
            payload: .async { info in AsyncEntry(info: info, factory: asyncFactory) }))
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

    /// Whether the definition has a scope, a close callback, a payload or bindings (a line has
    /// none): what a marker, an include and a binding need, tested without copying a payload.
    private var hasExtras: Bool { withRecord { $0.pointee.flags.hasExtras } }

    /// The scope a `linked(to:)` marker names; `nil` for anything else.
    var linkTarget: ScopeID? {
        withRecord { DefinitionRecord.extras(at: $0)?.linkTarget }
    }

    /// Whether this is a marker (of a declared scope, or of a link), not a definition.
    var isMarker: Bool {
        withRecord { DefinitionRecord.extras(at: $0)?.isMarker ?? false }
    }

    /// Whether this is a marker for an included module.
    var isInclude: Bool {
        guard hasExtras else { return false }
        if case .include = payload { return true }
        return false
    }

    /// The module this marker includes, if it is one.
    var includedModule: DependencyContainer? {
        guard hasExtras else { return nil }
        if case let .include(module) = payload { return module }
        return nil
    }

    init(injection: Injection) {
        self.init(info: injection.info.with(payload: .injection(injection)))
    }

    /// A definition of `info`.
    init(info: DefinitionInfo) {
        group = info.group
        index = info.index
    }

    /// Every type this definition answers for: its own, then its bindings'.
    var slots: [DefinitionInfo] { [info] + bindings.map(\.info) }

    /// Slot 0 is the definition itself; slot `n` its `n`th binding.
    func slot(_ index: Int) -> DefinitionInfo {
        index == 0 ? info : info.binding(index - 1)
    }
}

/// The type of a scope marker's info: no definition answers for it.
enum DeclaredScope {}
