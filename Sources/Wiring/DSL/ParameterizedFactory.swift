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
/// factory. Resolving with parameters of other types, or with none, stops with a message naming
/// the expected and the given types (``WiringError/parameterMismatch(type:tag:expected:given:requestedAt:)``).
public func factory<First, each Parameter, T>(
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable (First, repeat each Parameter) -> T
) -> Definition {
    parameterizedDefinition(T.self, tag: nil, site: CodeLocation(file, line), types: (First, repeat each Parameter).self,
        ParameterizedFactory<T, First, repeat each Parameter>(make: factory))
}

/// Defines a factory with parameters under `tag`; resolve it with `resolve(tag:parameters:)`.
public func factory<First, each Parameter, T, Tag: Hashable & Sendable>(
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable (First, repeat each Parameter) -> T
) -> Definition {
    parameterizedDefinition(
        T.self, tag: Wiring.Tag(tag), site: CodeLocation(file, line), types: (First, repeat each Parameter).self,
        ParameterizedFactory<T, First, repeat each Parameter>(make: factory))
}

private func parameterizedDefinition<T>(
    _: T.Type, tag: Tag?, site: CodeLocation, types: Any.Type, _ factory: any Sendable
) -> Definition {
    let list = parameterList(types)
    return Definition(
        info: DefinitionInfo(type: T.self, tag: tag, lifetime: .factory, site: site),
        payload: .parameterized { info in ParameterizedEntry<T>(info: info, parameterTypes: list, factory: factory) })
}
