
/// Declares the definitions of the scope `S` (any type used as its name): they are built only in
/// a scope opened with ``DependencyContainer/openScope(_:file:line:)``.
///
/// ```swift
/// enum UserSession {}
///
/// static let session = module {
///     scope(UserSession.self) {
///         scoped { Cart() }                         // one per open session
///         factory { CheckoutViewModel() }           // new on every resolve, inside a session
///     }
/// }
/// ```
///
/// A `single` inside a scope is the same as `scoped`: one instance per scope instance.
public func scope<S>(
    _ scope: S.Type,
    @ModuleBuilder _ content: () -> [AnyDefinition]
) -> [AnyDefinition] {
    let id = ScopeID(scope)
    // A module included here (`includes(.x)`) has its definitions scoped too. The marker makes
    // the scope exist even with nothing in it (or only scopes nested in it).
    let content = Part.parts(of: content()).flattened()
    return [AnyDefinition(markingScope: id, site: content.first?.site)] + content.map { definition in
        // A scope declared inside this one keeps its own; it is opened from this one.
        let owner = definition.scope.map { $0.nested(in: id) } ?? id
        let lifetime: Lifetime = definition.lifetime == .singleton ? .scoped : definition.lifetime
        // `start()` starts the root's singletons only: a hook here would never run.
        if definition.info.hooks?.start != nil {
            wiringFailure(.startHookNeverRuns(
                type: typeName(definition.type), lifetime: "\(Lifetime.scoped)", hookTakes: nil,
                definedAt: definition.site))
        }
        return AnyDefinition(
            info: definition.info.with(lifetime: lifetime, scope: owner, changingBindings: true))
    }
}

/// Defines a scoped instance: one per open scope, released when the scope closes. Only inside
/// ``scope(_:_:)``.
///
/// ```swift
/// scope(UserSession.self) {
///     scoped { Cart() }
/// }
/// ```
@inlinable
public func scoped<T>(
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: .scoped, tagIfAny: tag, file: file, line: line, type: T.self, build: typedBuilder(factory)))
}

/// Announces that each scope gets a value of `T` at run time, with
/// ``DependencyContainer/declare(_:as:replacing:file:line:)``: the logged-in user of a session.
/// Only inside ``scope(_:_:)``.
///
/// ```swift
/// scope(UserSession.self) {
///     declared(UserProtocol.self) { User(id: 0, name: "Preview") }
///     factory { ProfileViewModel() }   // resolves the session's UserProtocol
/// }
/// ```
///
/// Nothing is built from it at run time. ``DependencyContainer/verify()-178vl`` declares `example()` in
/// the scopes it opens, so that the definitions needing the value are built and checked, and
/// ``DependencyContainer/graph()-2v0pa`` shows it as a declared node.
public func declared<T>(
    _ type: T.Type, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line,
    example: @escaping @Sendable () -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(
        info: DefinitionInfo(
            type: T.self, tag: tag.map { Wiring.Tag($0) }, lifetime: .declared, site: CodeLocation(file, line),
            payload: .declaration(example: example))))
}

/// Says that each scope of the enclosing `scope(S.self) { … }` is linked, at run time, to a
/// scope of `target` (with ``DependencyContainer/link(to:file:line:)``), so that `verify()` and
/// `graph()` follow that link as resolves will.
///
/// ```swift
/// static let editing = module {
///     scope(UserSession.self) {
///         declared(User.self, example: { User(id: 0, name: "Preview") })
///     }
///     scope(Draft.self) {
///         linked(to: UserSession.self)
///         scoped { Editor(author: resolve()) }   // the linked session's `User`
///     }
/// }
///
/// let draft = session.openScope(Draft.self)
/// draft.link(to: session)   // the link itself is still made at run time
/// ```
///
/// It makes no link by itself: which session a draft belongs to is only known at run time,
/// as in KOIN, where `linkTo` is called on a scope instance. Outside a `scope(S.self) { … }` it
/// stops with ``WiringError/linkOutsideScope(target:definedAt:)`` where the module is first used.
public func linked<Target>(to target: Target.Type, file: StaticString = #fileID, line: UInt = #line) -> AnyDefinition {
    AnyDefinition(linkingTo: ScopeID(target), site: CodeLocation(file, line))
}
