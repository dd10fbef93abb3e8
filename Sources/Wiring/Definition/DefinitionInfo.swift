/// One definition: its type, tag, lifetime, site, builder and what modifiers added. Immutable once
/// made, so shared by every module and container that holds it, and across threads.
///
/// A modifier (`override()`, `bind(_:)`, `onClose`, `scoped(in:)` …) makes a new info from an old
/// one; a binding is an info of its own, listed in its primary's ``bindings``, with the primary's
/// tag, lifetime and scope. Two infos are the same definition when they are the same object (`===`).
final class DefinitionInfo: Sendable {
    let type: Any.Type
    let tag: Tag?
    let lifetime: Lifetime
    let site: CodeLocation?
    let isInjection: Bool
    let isOverride: Bool
    let createdAtStart: Bool
    let isAsync: Bool
    /// Whether the key is type alone: no tag, no scope, not an injection.
    let isPlain: Bool
    /// Builds the value (see ``Builder``); ``noBuilder`` when the ``payload`` builds.
    let build: Builder
    /// A `factory`'s closure, for a resolve that takes its value unboxed (see ``TypedFactory``).
    let typedFactory: (any AnyObject & Sendable)?
    /// The entry a singleton of it has in each container, holding its value: `TypedEntry<T?>` of
    /// its type `T`, named where the type is known (`TypedEntry<Any?>` where it was not); an async
    /// definition's entry, whatever its lifetime, `AsyncEntry<T>`.
    let holder: Entry.Type
    let scope: ScopeID?
    let hooks: LifecycleHooks?
    let payload: AnyDefinition.Payload
    /// The parameters it takes at resolve time, if any (`factory { (id: Int) in … }`).
    let parameters: ParameterSignature?
    /// Whether a plain `resolve()` builds it: it takes no parameters and is not async. What builds
    /// every definition it can without being asked (`start()`, `createdAtStart()`, `resolveAll`)
    /// builds these alone.
    var isBuiltByPlainResolve: Bool { parameters == nil && !isAsync }
    /// The other types this definition is bound to (`bind(_:)`), in the order bound.
    let bindings: [DefinitionInfo]

    /// Whether it has a tag, told without copying the tag out.
    let isTagged: Bool
    /// Whether each container makes it an entry of its tables, which ``build`` builds (not an
    /// injection, an include, a declared value or a marker; an async one's build says to `await`
    /// it), told without copying the payload out.
    let buildsWithBuilder: Bool

    /// Any definition but a plain line's: a scoped, async, parameterized or declared one, an
    /// injection, a marker.
    convenience init(
        type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false, scope: ScopeID? = nil,
        hooks: LifecycleHooks? = nil, isAsync: Bool = false, build: @escaping Builder = DefinitionInfo.noBuilder,
        holder: Entry.Type = TypedEntry<Any?>.self, payload: AnyDefinition.Payload = .builder,
        parameters: ParameterSignature? = nil
    ) {
        self.init(
            type: type, tag: tag, isTagged: tag != nil, lifetime: lifetime, site: site, isInjection: isInjection,
            isOverride: isOverride, createdAtStart: createdAtStart, scope: scope, hooks: hooks, isAsync: isAsync,
            build: build, holder: holder, payload: payload, buildsWithBuilder: Self.makesEntry(payload), bindings: [],
            parameters: parameters)
    }

    /// A plain `single { … }` or `factory { … }`: no tag, scope, flags or bindings. Apart from
    /// the general initializer, so that a module of many lines never handles an absent tag or
    /// payload through their value witnesses.
    convenience init(
        plainType type: Any.Type, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder,
        typedFactory: (any AnyObject & Sendable)? = nil, holder: Entry.Type
    ) {
        self.init(
            type: type, tag: nil, isTagged: false, lifetime: lifetime, site: site, build: build,
            typedFactory: typedFactory, holder: holder)
    }

    /// A `single(tag:)` or `factory(tag:)` line: no scope, flags or bindings.
    convenience init<TagValue: Hashable & Sendable>(
        type: Any.Type, tagValue: TagValue, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder,
        typedFactory: (any AnyObject & Sendable)? = nil, holder: Entry.Type
    ) {
        self.init(
            type: type, tag: Tag(tagValue), isTagged: true, lifetime: lifetime, site: site, build: build,
            typedFactory: typedFactory, holder: holder)
    }

    /// Every field, the defaults a line's. Inlined into each caller, so that a line's constants
    /// (no tag, no payload) fold away rather than pass through value witnesses.
    @inline(__always)
    private init(
        type: Any.Type, tag: consuming Tag?, isTagged: Bool, lifetime: Lifetime, site: CodeLocation?,
        isInjection: Bool = false, isOverride: Bool = false, createdAtStart: Bool = false, scope: ScopeID? = nil,
        hooks: LifecycleHooks? = nil, isAsync: Bool = false, build: @escaping Builder,
        typedFactory: (any AnyObject & Sendable)? = nil, holder: Entry.Type = TypedEntry<Any?>.self,
        payload: consuming AnyDefinition.Payload = .builder, buildsWithBuilder: Bool = true,
        bindings: [DefinitionInfo] = [], parameters: ParameterSignature? = nil
    ) {
        self.type = type
        self.tag = tag
        self.isTagged = isTagged
        self.lifetime = lifetime
        self.site = site
        self.isInjection = isInjection
        self.isOverride = isOverride
        self.createdAtStart = createdAtStart
        self.isAsync = isAsync
        isPlain = !isTagged && scope == nil && !isInjection
        self.build = build
        self.typedFactory = typedFactory
        self.holder = holder
        self.scope = scope
        self.hooks = hooks
        self.payload = payload
        self.buildsWithBuilder = buildsWithBuilder
        self.bindings = bindings
        self.parameters = parameters
    }

    /// The tag of a definition known to be tagged (an entry in a registry's tagged lists).
    var presentTag: Tag {
        guard let tag else { preconditionFailure("Wiring: the tag of untagged \(typeName(type)) was read") }
        return tag
    }

    /// Whether its tag is `value` (the same type, an equal value). Out of line: a resolve's
    /// frame, which every level of a deep graph keeps, would otherwise hold a copy of the tag.
    @inline(never)
    func isTagged<Value: Hashable>(_ value: Value) -> Bool {
        tag?.matches(value) ?? false
    }

    /// A copy with what is given changed. `changingBindings` gives the bindings the new
    /// lifetime, override flag and scope too (a binding keeps its primary's).
    func with(
        lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil, scope: ScopeID? = nil,
        hooks: LifecycleHooks? = nil, payload: AnyDefinition.Payload? = nil, changingBindings: Bool = false
    ) -> DefinitionInfo {
        copy(
            lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart, scope: scope, hooks: hooks,
            payload: payload,
            bindings: changingBindings
                ? bindings.map { $0.copy(lifetime: lifetime, isOverride: isOverride, scope: scope) } : bindings)
    }

    /// A copy bound to `type` as well (`bind(_:)`), built from this definition's value by `build`;
    /// `holder` is the entry a singleton binding has (see ``holder``).
    func adding(bindingTo type: Any.Type, holder: Entry.Type, build: @escaping Builder) -> DefinitionInfo {
        // A binding has its primary's tag, lifetime, scope and parameters; its primary runs the
        // close callback.
        let binding = DefinitionInfo(
            type: type, tag: tag, isTagged: isTagged, lifetime: lifetime, site: site, isInjection: isInjection,
            isOverride: isOverride, createdAtStart: createdAtStart, scope: scope, isAsync: isAsync,
            build: build, holder: holder, parameters: parameters)
        return copy(bindings: bindings + [binding])
    }

    private func copy(
        lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil, scope: ScopeID? = nil,
        hooks: LifecycleHooks? = nil, payload: AnyDefinition.Payload? = nil, bindings: [DefinitionInfo] = []
    ) -> DefinitionInfo {
        return DefinitionInfo(
            type: type, tag: tag, isTagged: isTagged, lifetime: lifetime ?? self.lifetime, site: site,
            isInjection: isInjection, isOverride: isOverride ?? self.isOverride,
            createdAtStart: createdAtStart ?? self.createdAtStart, scope: scope ?? self.scope, hooks: hooks ?? self.hooks,
            isAsync: isAsync, build: build, typedFactory: typedFactory, holder: holder, payload: payload ?? self.payload,
            buildsWithBuilder: payload.map(Self.makesEntry) ?? buildsWithBuilder, bindings: bindings,
            parameters: parameters)
    }

    var id: DefinitionID { ObjectIdentifier(self) }

    /// Whether a definition of `payload` is an entry of each container's tables (see
    /// ``buildsWithBuilder``).
    private static func makesEntry(_ payload: AnyDefinition.Payload) -> Bool {
        switch payload {
        case .builder, .async: true
        case .injection, .include, .declaration, .scopeMarker, .linkMarker: false
        }
    }

    var typeID: ObjectIdentifier { ObjectIdentifier(type) }

    var key: DefinitionKey {
        isPlain
            ? DefinitionKey(type: typeID, tag: nil)
            : DefinitionKey(type: typeID, tag: tag, isInjection: isInjection, scope: scope)
    }

    var step: ResolutionStep { ResolutionStep(self) }

    static let noBuilder: Builder = { _ in
        preconditionFailure("Wiring: an entry was made for a definition without a builder")
    }
}

/// A definition's identity, for sets and dictionaries of definitions.
typealias DefinitionID = ObjectIdentifier
