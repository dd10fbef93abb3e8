// `single` and `factory` come as two functions each, untagged and tagged (here and in their
// `@MainActor` forms), where the other definition functions take an optional tag: an untagged
// line, of which a module may have thousands, then passes no tag at all.
//
// Their closures are `@Sendable`: Wiring calls them from whichever thread resolves first, so Swift
// checks them as such wherever they are written (`main.swift`, a `@MainActor` function, a test):
// a capture of a non-`Sendable` value, or a call to main-actor code without `@MainActor in`, is a
// compile error there. A closure that says `@MainActor in` picks the forms in
// `MainActorDefinitions.swift`, built on the main actor only.

/// Defines a singleton: built on first use, then shared by every resolve from the container.
///
/// ```swift
/// static let backend = module {
///     single { Backend() as BackendProtocol }
/// }
/// ```
///
/// Write `as SomeProtocol` to register under the protocol that callers resolve. Inside the
/// closure, `resolve()` and `@Inject` read from the container that is building the value.
///
/// - Parameter factory: Builds the instance. Runs once per container, even when many threads
///   ask at the same moment.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Parameter line: The line of the call, for messages.
@inlinable
public func single<T>(
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(
        lifetime: .singleton, file: file, line: line, type: T.self, build: holdingBuilder(factory),
        holder: TypedEntry<T?>.self))
}

/// Defines a singleton registered under `tag`.
///
/// ```swift
/// single(tag: StorageContext.systemdata) { LocalStorage() as LocalStorageProtocol }
/// ```
///
/// - Parameters:
///   - tag: Any `Hashable & Sendable` value, typically an enum case or a string.
///   - factory: Builds the instance, once per container.
///   - line: The line of the call, for messages.
///   - file: The file of the call (`#fileID`), for messages.
@inlinable
public func single<T, Tag: Hashable & Sendable>(
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(
        lifetime: .singleton, tag: tag, file: file, line: line, type: T.self, build: holdingBuilder(factory),
        holder: TypedEntry<T?>.self))
}

/// Defines a factory: every resolve builds a new instance.
///
/// ```swift
/// static let app = module {
///     factory { StopWatch() as StopWatchProtocol }
/// }
/// ```
///
/// - Parameter factory: Builds an instance; runs on every resolve.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Parameter line: The line of the call, for messages.
@inlinable
public func factory<T>(
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(
        lifetime: .factory, file: file, line: line, type: T.self, build: typedBuilder(factory),
        typedFactory: TypedFactory(factory)))
}

/// Defines a factory registered under `tag`.
///
/// ```swift
/// factory(tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
/// ```
@inlinable
public func factory<T, Tag: Hashable & Sendable>(
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(
        lifetime: .factory, tag: tag, file: file, line: line, type: T.self, build: typedBuilder(factory),
        typedFactory: TypedFactory(factory)))
}

/// Defines `T` with an explicit lifetime (DIKit's spelling), under `tag` if given.
///
/// ```swift
/// let definition = resolvable(lifetime: .factory) { StopWatch() as StopWatchProtocol }
/// ```
///
/// Prefer ``single(file:line:_:)-8x1oa`` and ``factory(file:line:_:)-26uhf`` in new code.
public func resolvable<T>(
    lifetime: Lifetime = .singleton,
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: lifetime, tag: tag.map { Wiring.Tag($0) }, site: CodeLocation(file, line), factory: factory))
}

/// Defines a weak singleton (also called *shared*): the same instance while anyone holds it,
/// built anew after the last holder releases it.
///
/// ```swift
/// weakSingle { ImageCache() as ImageCaching }
/// weakSingle(tag: "thumbnails") { ImageCache() as ImageCaching }
/// ```
///
/// For class instances: the container keeps only a weak reference. A value that is not a class
/// instance cannot be held weakly and is built on every resolve.
public func weakSingle<T>(
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: .weak, tag: tag.map { Wiring.Tag($0) }, site: CodeLocation(file, line)) { try factory() })
}
