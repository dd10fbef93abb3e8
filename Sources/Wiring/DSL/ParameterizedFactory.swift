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
    _ factory: @escaping @Sendable (First, repeat each Parameter) throws -> T
) -> Definition {
    parameterizedDefinition(
        T.self, tag: nil, site: CodeLocation(file, line), types: (First, repeat each Parameter).self,
        erasing(factory))
}

/// Defines a factory with parameters under `tag`; resolve it with `resolve(tag:parameters:)`.
public func factory<First, each Parameter, T, Tag: Hashable & Sendable>(
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable (First, repeat each Parameter) throws -> T
) -> Definition {
    parameterizedDefinition(
        T.self, tag: Wiring.Tag(tag), site: CodeLocation(file, line), types: (First, repeat each Parameter).self,
        erasing(factory))
}

/// `factory` as a closure over an array of parameters, which the entry calls only after checking
/// that their tuple type is `(First, repeat each Parameter)`: what lets the entry be a
/// non-variadic type (see `ParameterizedEntry`).
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

private func parameterizedDefinition<T>(
    _: T.Type, tag: Tag?, site: CodeLocation, types: Any.Type, _ make: @escaping @Sendable ([Any]) throws -> T
) -> Definition {
    let list = parameterList(types)
    return Definition(
        info: DefinitionInfo(type: T.self, tag: tag, lifetime: .factory, site: site),
        payload: .parameterized { info in
            ParameterizedEntry<T>(info: info, parameterTypes: list, signature: types, make: make)
        })
}
