/// Builds a container (a module) from `single` and `factory` definitions.
///
/// Declare modules as static members of ``DependencyContainer`` so that
/// ``modules(file:line:_:)`` can list them with a leading dot:
///
/// ```swift
/// extension DependencyContainer {
///     static let app = module {
///         single { AppState() as AppStateProtocol }
///         factory { StopWatch() as StopWatchProtocol }
///         factory(tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
///     }
/// }
/// ```
///
/// (In Swift 5 language mode `static var` works too, as in DIKit.)
///
/// A module can build on others with ``includes(_:file:line:)``.
///
/// A module is a list of definitions: it builds nothing until it is used. The container it is
/// installed or composed into (`defined(by:)`, ``modules(file:line:_:)``) builds its own lookup
/// tables from the definitions, once; a module you resolve from directly builds its own on the
/// first resolve.
///
/// > Warning: Two different definitions of the same type and tag stop the program with a
/// > message naming both sites where the module is first used (installed as the root, loaded,
/// > or resolved from), unless the later one says ``TypedDefinition/override()``.
///
/// - Parameter content: The definitions, written one per line.
/// - Parameter line: The line of the call, for messages.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Returns: A container whose definitions are fixed.
public func module(
    file: StaticString = #fileID,
    line: UInt = #line,
    @ModuleBuilder _ content: () -> ModuleBuilder.Content
) -> DependencyContainer {
    DependencyContainer(moduleOf: content().parts, site: CodeLocation(file, line))
}

/// Builds a module from main-actor code: deprecated, because it no longer changes what its
/// definitions are.
///
/// ```swift
/// extension DependencyContainer {
///     static let screens = module {
///         factory { @MainActor in DetailViewModel() }   // what makes it main-actor
///     }
/// }
/// ```
///
/// A definition is main-actor when its own closure says `@MainActor in` (or its constructor is
/// `@MainActor`), wherever its module is written (see <doc:WiringInAnApp>). This form runs
/// `content` on the main actor and makes the module from it, as before.
///
/// - Parameters:
///   - isolation: Leave it out: it tells this form apart from ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)``.
///   - file: The file of the call (`#fileID`), for messages.
///   - line: The line of the call, for messages.
///   - content: The module's definitions.
@available(
    *, deprecated,
    message: "write `module { … }`, and `@MainActor in` in each closure that must run on the main actor"
)
public func module(
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    @ModuleBuilder _ content: @MainActor () -> ModuleBuilder.Content
) -> DependencyContainer {
    let site = CodeLocation(file, line)
    guard MainActorBuild.isOnMainActor else {
        preconditionFailure(
            "Wiring: `module { @MainActor in … }` at \(site) was made off the main actor. Fix: read it first from "
                + "main-actor code, or write `module { … }` for a non-isolated module.")
    }
    nonisolated(unsafe) var parts: [Part] = []  // filled on the main actor, where this caller is
    MainActor.assumeIsolated { parts = content().parts }
    return DependencyContainer(moduleOf: parts, site: site)
}

/// Builds a module from definitions returned as an array: a function that makes them, or a
/// closure that returns them with `return` (which the builder of ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` does
/// not read).
///
/// ```swift
/// func storageDefinitions() -> [Definition] {
///     StorageContext.allCases.map { context in
///         factory(tag: context) { LocalStorage(context) as LocalStorageProtocol }
///     }
/// }
/// let storage = module(storageDefinitions)
/// ```
///
/// A closure written line by line, without `return`, builds its module with
/// ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` instead (this one is disfavored, so it is chosen only when that
/// one does not apply).
///
/// - Parameter content: Returns the definitions.
/// - Parameter line: The line of the call, for messages.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Returns: A container whose definitions are fixed.
@_disfavoredOverload
public func module(
    file: StaticString = #fileID,
    line: UInt = #line,
    _ content: () -> [any Definition]
) -> DependencyContainer {
    DependencyContainer(definitions: ModuleBuilder.erasing(content()), site: CodeLocation(file, line))
}

/// Composes modules into one container, usually the root.
///
/// ```swift
/// DependencyContainer.defined(by: modules { .backend; .network; .app })
/// ```
///
/// The result holds every definition of every module and builds its own singletons.
///
/// A module reached through several of them (a shared core module, a module listed twice) is
/// composed once: one definition, one singleton.
///
/// Composing builds nothing and copies no definition: the root you install the result as
/// builds the lookup tables, once, reading every module's own definitions in place. (A composed
/// module you resolve from directly builds tables of its own on its first resolve.)
///
/// > Warning: A type and tag defined differently in two of the modules stops the program with a
/// > message naming both sites where the result is first used, unless the later definition says
/// > ``TypedDefinition/override()``.
///
/// Separate modules written as `.name` with `;`, or give each a line of its own only after a
/// module made by a call: Swift reads a line that starts with `.` as continuing the line above
/// it, so `made(from: settings)` followed by a line `.core` means `made(from: settings).core`
/// ("static member 'core' cannot be used on instance"). ``modules(_:_:file:line:)``, with commas,
/// has no such trap.
///
/// - Parameter content: The modules, such as `.backend`, separated by `;`.
/// - Parameter line: The line of the call, for messages.
/// - Parameter file: The file of the call (`#fileID`), for messages.
/// - Returns: The composed container.
public func modules(
    file: StaticString = #fileID,
    line: UInt = #line,
    @ModulesBuilder _ content: () -> [DependencyContainer]
) -> DependencyContainer {
    DependencyContainer.derive(from: content(), file: file, line: line)
}

/// Composes modules into one container, as the `modules { }` block does, from a list: the
/// spelling for modules made at start-up from configuration, which a comma keeps apart.
///
/// ```swift
/// func database(_ settings: DatabaseSettings) -> DependencyContainer {
///     module { single { Database(url: settings.url) } }
/// }
/// let settings = DatabaseSettings(url: "postgres://localhost/app")   // read with `await` in `main`
/// DependencyContainer.defined(by: modules(.backend, database(settings), .app))
/// ```
public func modules(
    _ first: DependencyContainer, _ rest: DependencyContainer..., file: StaticString = #fileID, line: UInt = #line
) -> DependencyContainer {
    DependencyContainer.derive(from: [first] + rest, file: file, line: line)
}
