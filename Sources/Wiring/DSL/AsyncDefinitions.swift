
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
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () async throws -> T
) -> Definition {
    Definition(lifetime: .singleton, tag: tag.map { Wiring.Tag($0) }, site: CodeLocation(file, line), asyncFactory: factory)
}

/// Defines an async factory: every `await resolveAsync()` runs it anew.
///
/// ```swift
/// factory { await Snapshot.capture() }
/// factory(tag: Feed.home) { await Snapshot.capture(feed: .home) }
/// ```
public func factory<T: Sendable>(
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () async throws -> T
) -> Definition {
    Definition(lifetime: .factory, tag: tag.map { Wiring.Tag($0) }, site: CodeLocation(file, line), asyncFactory: factory)
}

