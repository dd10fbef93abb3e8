
/// Defines a factory that takes parameters when it is resolved: values only the caller knows.
///
/// ```swift
/// static let profile = module {
///     factory { (userID: Int) in ProfileViewModel(userID: userID) }
///     factory { (userID: Int, style: Style) in AvatarView(userID: userID, style: style) }
/// }
///
/// let model: ProfileViewModel = container.resolve(parameters: 42)
/// let avatar: AvatarView = resolve(parameters: 42, Style.round)
/// ```
///
/// Inside the closure, `resolve()` reads from the container building the value, as in any
/// factory, and the parameters reach the resolves nested in the build: a nested definition that
/// takes parameters of these types, resolved without them, is built with them.
///
/// ```swift
/// factory { (userID: Int) in ProfileRepository(userID: userID) }
/// factory { (userID: Int) in ProfileViewModel(userID: userID, repository: resolve()) }
/// ```
///
/// Resolving with parameters of other types, or with none, stops with a message naming
/// the expected and the given types (``WiringError/parameterMismatch(type:tag:expected:given:requestedAt:)``).
public func factory<First, each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable (First, repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(parameterizedDefinition(of: (First, repeat each Parameter).self, .factory, tag: tag, file: file, line: line, erasing(factory)))
}

/// Defines a singleton built by its first resolve, with that resolve's parameters.
///
/// ```swift
/// single { (config: Config) in Database(config: config) }
///
/// let database: Database = resolve(parameters: Config.production)   // built now
/// let same: Database = resolve(parameters: Config.production)       // the same instance
/// let again: Database = resolve()                                   // the same instance
/// ```
///
/// Later resolves get the instance built first, with parameters of the same types (whose values
/// are ignored) or with none, as in KOIN: a singleton is one instance, and its parameters are
/// how it is built. Parameters of other types are still an error, and so is a resolve without
/// parameters before the first build (there is nothing to build it with).
public func single<First, each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable (First, repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(parameterizedDefinition(of: (First, repeat each Parameter).self, .singleton, tag: tag, file: file, line: line, erasing(factory)))
}

/// Defines a scoped instance built by the first resolve in each scope, with its parameters.
///
/// ```swift
/// scope(UserSession.self) {
///     scoped { (userID: Int) in Profile(userID: userID) }
/// }
///
/// let profile: Profile = session.resolve(parameters: 42)   // one per session
/// ```
///
/// As for ``single(tag:file:line:_:)-(_,_,_,(First,Parameter)->T)``, later resolves
/// in the same scope get the instance built first, whatever their parameters' values.
public func scoped<First, each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable (First, repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(parameterizedDefinition(of: (First, repeat each Parameter).self, .scoped, tag: tag, file: file, line: line, erasing(factory)))
}

/// `factory` as a closure over an array of parameters, which the entry calls only after checking
/// that their tuple type is `(First, repeat each Parameter)`: what lets the definition be
/// non-variadic (see ``ParameterSignature``).
private func erasing<First, each Parameter, T>(
    _ factory: @escaping @Sendable (First, repeat each Parameter) throws -> T
) -> @Sendable ([Any]) throws -> T {
    { values in
        var index = 0
        func next<Element>(_: Element.Type) -> Element {
            index += 1
            return values[index] as! Element
        }
        return try factory(values[0] as! First, repeat next((each Parameter).self))
    }
}

/// A definition of `T` that takes parameters of the types `(First, repeat each Parameter)`,
/// built by `make` from them as an array (see `erasing(_:)`), taken from the thread's
/// ``ParameterFrame`` (see ``ParameterSignature``).
func parameterizedDefinition<First, each Parameter, T>(
    of types: (First, repeat each Parameter).Type, _ lifetime: Lifetime, tag: (any Hashable & Sendable)?,
    file: StaticString, line: UInt, _ make: @escaping @Sendable ([Any]) throws -> T
) -> AnyDefinition {
    let signature = ParameterSignature(types)
    let boxedTag = tag.map { Tag($0) }
    return AnyDefinition(
        lifetime: lifetime, tag: boxedTag, site: CodeLocation(file, line), parameters: signature,
        factory: { () throws -> T in try signature.build(T.self, tag: boxedTag, make) })
}
