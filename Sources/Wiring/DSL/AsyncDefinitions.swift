
/// Defines a singleton built by async code: opening a database, reading a file, a handshake.
///
/// ```swift
/// static let storage = module {
///     single { await Database.open(path: "app.sqlite") }
/// }
///
/// let database: Database = await resolveAsync()
/// ```
///
/// The first `await resolveAsync()` starts the factory; every other caller, at the same moment
/// or later, awaits the same result, so it runs exactly once per container. Inside the factory,
/// `resolve()` reads the container that builds the value, on whatever thread it resumes.
/// Resolving it synchronously stops with a message that says to use `await`
/// (``WiringError/asyncDefinition(type:tag:requestedAt:)``).
public func single<T: Sendable>(
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () async throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: .singleton, tag: nil, site: CodeLocation(file, line), asyncFactory: factory))
}

/// Defines a singleton built by async code, registered under `tag`.
///
/// ```swift
/// single(tag: Store.archive) { await Database.open(path: "archive.sqlite") }
/// ```
///
/// The tag is generic, as in the synchronous forms, so that a tag whose `Hashable` conformance
/// is main-actor isolated is refused here by the compiler: as an `any Hashable` it would not be,
/// and a synchronous closure with such a tag would silently become an async definition.
public func single<T: Sendable, Tag: Hashable & Sendable>(
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () async throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: .singleton, tag: Wiring.Tag(tag), site: CodeLocation(file, line), asyncFactory: factory))
}

/// Defines an async factory: every `await resolveAsync()` runs it anew.
///
/// ```swift
/// factory { await Snapshot.capture() }
/// ```
public func factory<T: Sendable>(
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () async throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: .factory, tag: nil, site: CodeLocation(file, line), asyncFactory: factory))
}

/// Defines an async factory registered under `tag` (generic, as the async `single(tag:)` says
/// why).
///
/// ```swift
/// factory(tag: Feed.home) { await Snapshot.capture(feed: .home) }
/// ```
public func factory<T: Sendable, Tag: Hashable & Sendable>(
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () async throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(lifetime: .factory, tag: Wiring.Tag(tag), site: CodeLocation(file, line), asyncFactory: factory))
}

