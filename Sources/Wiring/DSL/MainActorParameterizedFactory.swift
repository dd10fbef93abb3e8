// The forms of `ParameterizedFactory.swift` for a closure that says `@MainActor in`: a view model
// that takes values only its caller knows. Built on the main actor only, as the definitions of
// `MainActorDefinitions.swift` are; their `isolation` parameter only tells them apart from the
// non-isolated forms; leave it out.

/// Defines a factory built on the main actor that takes parameters when it is resolved.
///
/// ```swift
/// factory { @MainActor (id: FeedID) in FeedViewModel(id: id, api: resolve()) }
///
/// let model: FeedViewModel = resolve(parameters: FeedID(7))   // from main-actor code
/// ```
public func factory<First, each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable (First, repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(parameterizedDefinition(
        of: (First, repeat each Parameter).self, .factory, tag: tag, file: file, line: line,
        erasingOnMainActor(factory, tag: tag, file: file, line: line)))
}

/// Defines a singleton built on the main actor by its first resolve, with that resolve's
/// parameters.
///
/// ```swift
/// single { @MainActor (account: AccountID) in AccountViewModel(account: account) }
/// ```
public func single<First, each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable (First, repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(parameterizedDefinition(
        of: (First, repeat each Parameter).self, .singleton, tag: tag, file: file, line: line,
        erasingOnMainActor(factory, tag: tag, file: file, line: line)))
}

/// Defines a scoped instance built on the main actor by the first resolve in each scope, with
/// its parameters.
///
/// ```swift
/// scope(UserSession.self) {
///     scoped { @MainActor (draft: DraftID) in EditorViewModel(draft: draft) }
/// }
/// ```
public func scoped<First, each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable (First, repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(parameterizedDefinition(
        of: (First, repeat each Parameter).self, .scoped, tag: tag, file: file, line: line,
        erasingOnMainActor(factory, tag: tag, file: file, line: line)))
}

/// `factory` as a closure over an array of parameters (see `erasing(_:)`), called only on the
/// main actor: ``MainActorBuild`` refuses any other caller before the closure runs.
private func erasingOnMainActor<First, each Parameter, T>(
    _ factory: @escaping @MainActor @Sendable (First, repeat each Parameter) throws -> T,
    tag: (any Hashable & Sendable)?, file: StaticString, line: UInt
) -> @Sendable ([Any]) throws -> T {
    { values in
        // The caller's own array, read on the main actor while that caller waits on this thread
        // for the build: it is never shared with another thread.
        nonisolated(unsafe) let values = values
        return try MainActorBuild.run(T.self, tag: tag, file: file, line: line) {
            var index = 0
            func next<Element>(_: Element.Type) -> Element {
                index += 1
                return values[index] as! Element
            }
            return try factory(values[0] as! First, repeat next((each Parameter).self))
        }
    }
}
