/// What a definition is, for lookups and for messages: its type, tag, lifetime and site.
///
/// One instance per definition, shared by every container the definition is composed into.
final class DefinitionInfo: Sendable {
    let type: Any.Type
    /// The tag, if ``isTagged``; else a placeholder. Kept here rather than with the rarer fields:
    /// a tagged definition is common enough (a module of thousands of them) not to pay for a
    /// second object. Not optional: an optional existential is tested, copied and destroyed
    /// through outlined code and value witnesses, which every untagged definition would pay when
    /// it is freed; a placeholder costs one plain store to make.
    private let storedTag: Tag
    /// The tag, if any (a copy: test ``isTagged`` first on a hot path).
    var tag: Tag? { isTagged ? storedTag : nil }

    /// The tag of a definition that ``isTagged``, read without wrapping it in an optional.
    var presentTag: Tag {
        assert(isTagged, "Wiring: presentTag read on an untagged definition")
        return storedTag
    }

    /// The placeholder of an untagged definition's `storedTag`: made in place, a few stores.
    private static var noTag: Tag {
        @inline(__always) get { Tag(false) }
    }
    let lifetime: Lifetime
    let site: CodeLocation?
    /// Whether this is an `injection(for:)`: code run on an existing object, not a builder.
    let isInjection: Bool
    /// Whether this definition deliberately replaces an earlier one of the same type and tag.
    let isOverride: Bool
    /// Whether this singleton is built as soon as its container starts.
    let createdAtStart: Bool
    /// Whether an async factory builds it (`single { await … }`).
    let isAsync: Bool
    /// Whether this definition's key is its type alone: no tag, no scope, not an injection.
    let isPlain: Bool
    /// `tag != nil`, known without copying the tag (an absent existential is copied through
    /// outlined code).
    let isTagged: Bool
    /// Whether two tags of this tag's type are equal exactly when their bits are (an integer, a
    /// `Bool`): the resolve table's bitwise key then finds a duplicate tag alone, with no `==`.
    let tagKeyIsExact: Bool
    /// How values of `type` are laid out and copied, for the storage an entry builds them in.
    let layout: ValueLayout
    /// Builds the value, for a definition with a builder (`single`, `factory`, a binding); read by
    /// each entry made from this definition, in every container it is composed into. Kept here,
    /// not in an object of its own, so that a definition costs one allocation besides its closure.
    /// Not optional: a closure in an `Optional` is stored at the generic enum's abstraction, and
    /// every call through it would allocate a reabstraction thunk.
    let build: Builder
    /// What few definitions have: `nil` for a `single` or `factory` without a scope, a close
    /// callback or bindings, which so costs less to make, holds less and frees faster (a payload
    /// enum is an outlined copy and destroy).
    private let extras: Extras?

    /// The scope, close callback, payload and bindings of a definition that has any.
    private final class Extras: Sendable {
        let scope: ScopeID?
        let onClose: (@Sendable (Any) -> Void)?
        let payload: Definition.Payload
        let bindings: [Definition.Binding]

        init(
            scope: ScopeID?, onClose: (@Sendable (Any) -> Void)?, payload: Definition.Payload,
            bindings: [Definition.Binding]
        ) {
            self.scope = scope
            self.onClose = onClose
            self.payload = payload
            self.bindings = bindings
        }
    }

    /// The scope type this definition belongs to (`scope(S.self) { … }`), if any.
    var scope: ScopeID? { extras?.scope }
    /// Runs on an instance when Wiring releases it (`.onClose { }`): scope close, module unload.
    var onClose: (@Sendable (Any) -> Void)? { extras?.onClose }
    /// What the definition builds, or what else it stands for (see ``Definition/Payload``).
    var payload: Definition.Payload { extras?.payload ?? .builder }
    /// Secondary types the definition also answers for (``Definition/bind(_:file:line:)``).
    var bindings: [Definition.Binding] { extras?.bindings ?? [] }

    /// The info of a plain `single` or `factory` (no tag, no scope, no flags), as the DSL makes
    /// one per line: it stores no tag rather than copying an absent one, which for an optional
    /// existential is an outlined copy through its value witnesses.
    init(plainType type: Any.Type, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder) {
        self.type = type
        storedTag = DefinitionInfo.noTag
        self.lifetime = lifetime
        self.site = site
        isInjection = false
        isOverride = false
        createdAtStart = false
        isAsync = false
        self.build = build
        extras = nil
        layout = ValueLayout(of: type)
        isPlain = true
        isTagged = false
        tagKeyIsExact = false
    }

    /// The info of a `single` or `factory` under `tag` and nothing else (no scope, no flags), as
    /// the DSL makes one per line: a module of thousands of tagged definitions makes this many.
    init(taggedType type: Any.Type, tag: Tag, keyIsExact: Bool, lifetime: Lifetime, site: CodeLocation, build: @escaping Builder) {
        self.type = type
        storedTag = tag
        self.lifetime = lifetime
        self.site = site
        isInjection = false
        isOverride = false
        createdAtStart = false
        isAsync = false
        self.build = build
        extras = nil
        layout = ValueLayout(of: type)
        isPlain = false
        isTagged = true
        tagKeyIsExact = keyIsExact
    }

    init(
        type: Any.Type, tag: Tag?, lifetime: Lifetime, site: CodeLocation?, isInjection: Bool = false,
        isOverride: Bool = false, createdAtStart: Bool = false, scope: ScopeID? = nil,
        onClose: (@Sendable (Any) -> Void)? = nil, isAsync: Bool = false,
        build: @escaping Builder = DefinitionInfo.noBuilder, payload: Definition.Payload = .builder,
        bindings: [Definition.Binding] = []
    ) {
        self.type = type
        storedTag = tag ?? DefinitionInfo.noTag
        self.lifetime = lifetime
        self.site = site
        self.isInjection = isInjection
        self.isOverride = isOverride
        self.createdAtStart = createdAtStart
        self.isAsync = isAsync
        self.build = build
        var isBuilder = false
        if case .builder = payload { isBuilder = true }
        extras =
            scope == nil && onClose == nil && isBuilder && bindings.isEmpty
            ? nil : Extras(scope: scope, onClose: onClose, payload: payload, bindings: bindings)
        layout = ValueLayout(of: type)
        isTagged = tag != nil
        isPlain = !isTagged && scope == nil && !isInjection
        tagKeyIsExact = false
    }

    /// A copy for another type (a binding, which never carries the `onClose` callback: the
    /// primary runs it once, and which builds with `build`), or with other flags.
    func with(
        type: Any.Type? = nil, lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil,
        scope: ScopeID? = nil, onClose: (@Sendable (Any) -> Void)? = nil, build: Builder? = nil,
        payload: Definition.Payload? = nil, bindings: [Definition.Binding]? = nil
    ) -> DefinitionInfo {
        DefinitionInfo(
            copying: self, type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart,
            scope: scope, onClose: onClose, build: build, payload: payload, bindings: bindings)
    }

    /// `base` with what is given changed (see `with(type:…)`).
    /// Copies the tag only when there is one, and the layout unless the type changes: the
    /// modifiers (`.bind`, `.override()`, a scope) make one of these per definition they touch.
    private init(
        copying base: DefinitionInfo, type newType: Any.Type?, lifetime: Lifetime?, isOverride: Bool?,
        createdAtStart: Bool?, scope newScope: ScopeID?, onClose newOnClose: (@Sendable (Any) -> Void)?,
        build newBuild: Builder?, payload newPayload: Definition.Payload?, bindings newBindings: [Definition.Binding]?
    ) {
        type = newType ?? base.type
        storedTag = base.isTagged ? base.storedTag : DefinitionInfo.noTag
        self.lifetime = lifetime ?? base.lifetime
        site = base.site
        isInjection = base.isInjection
        self.isOverride = isOverride ?? base.isOverride
        self.createdAtStart = createdAtStart ?? base.createdAtStart
        isAsync = base.isAsync
        // Only a binding (a new type) gets a builder of its own; every other copy keeps this one.
        build = newBuild ?? (newType != nil ? DefinitionInfo.noBuilder : base.build)
        let scope = newScope ?? base.scope
        // A binding never carries the close callback (its primary runs it once), nor bindings.
        let onClose = newType != nil ? nil : (newOnClose ?? base.onClose)
        let bindings = newBindings ?? (newType != nil ? [] : base.bindings)
        let payload = newPayload ?? (newType != nil ? .builder : base.payload)
        var isBuilder = false
        if case .builder = payload { isBuilder = true }
        extras =
            scope == nil && onClose == nil && isBuilder && bindings.isEmpty
            ? nil : Extras(scope: scope, onClose: onClose, payload: payload, bindings: bindings)
        layout = newType.map { ValueLayout(of: $0) } ?? base.layout
        isTagged = base.isTagged
        isPlain = !isTagged && scope == nil && !isInjection
        tagKeyIsExact = base.tagKeyIsExact
    }

    var typeID: ObjectIdentifier { ObjectIdentifier(type) }

    /// The builder of a definition that builds nothing itself (an injection, a declared value, a
    /// marker): no entry is ever made for one.
    static let noBuilder: Builder = { _, _ in
        preconditionFailure("Wiring: an entry was made for a definition without a builder")
    }


    /// What makes two definitions the same within one container: type and tag.
    var key: DefinitionKey {
        isPlain
            ? DefinitionKey(type: typeID, tag: nil)
            : DefinitionKey(type: typeID, tag: tag, isInjection: isInjection, scope: scope)
    }

    /// This definition as a step of a resolution path.
    var step: ResolutionStep { ResolutionStep(self) }
}

/// A scope type, by identity and by name (for messages).
struct ScopeID: Hashable, Sendable {
    let type: Any.Type
    /// The scopes this one is declared inside, outermost first (it is opened from them).
    let outer: [ScopeID]

    var id: ObjectIdentifier { ObjectIdentifier(type) }
    /// The name, made only for a message: opening a scope builds no string.
    var name: String { typeName(type) }

    init(_ type: Any.Type) {
        self.type = type
        outer = []
    }

    private init(type: Any.Type, outer: [ScopeID]) {
        self.type = type
        self.outer = outer
    }

    /// This scope, declared inside `scope`.
    func nested(in scope: ScopeID) -> ScopeID {
        ScopeID(type: type, outer: [scope] + outer)
    }

    static func == (lhs: ScopeID, rhs: ScopeID) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
