// Definitions built on the main actor, for `@MainActor` types: the view models and screens of an
// app. A definition is one when its closure's type says so: `single { @MainActor in … }`, or a
// `@MainActor` constructor (`singleOf(ProfileViewModel.init)`). Where a closure is written never
// decides it: `single { ProfileViewModel() }` without `@MainActor in` is a compile error, in an app
// target with Xcode 26's default isolation as anywhere else, because the plain forms take
// `@Sendable` closures that Wiring may call from any thread. Their `isolation` parameter only
// tells them apart from the plain forms; leave it out.
//
// A main-actor definition resolved on the main actor is built there at once, with no `await`
// (`@Inject` in a view controller, `= resolve()` in a `@MainActor` init). Resolved off it,
// `resolveThrowing` throws ``WiringError/mainActorIsolated(type:tag:path:definedAt:requestedAt:)``
// and `resolve()` stops with that message; `await resolveAsync()` builds it on the main actor.

/// Defines a singleton built on the main actor: `single { @MainActor in ProfileViewModel() }`.
///
/// ```swift
/// @MainActor final class ProfileViewModel { init() { … } }
///
/// static let screens = module {
///     single { @MainActor in ProfileViewModel() }
/// }
/// ```
///
/// `@MainActor in` is what makes it one: without it, the closure is one Wiring may call from
/// any thread, and Swift refuses the call to a main-actor constructor in it.
public func single<T>(
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorDefinition(.singleton, tag: nil, file: file, line: line, factory))
}

/// Defines a singleton under `tag`, built on the main actor.
///
/// ```swift
/// single(tag: Screen.home) { @MainActor in FeedViewModel() }
/// ```
public func single<T, Tag: Hashable & Sendable>(
    tag: Tag,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorDefinition(.singleton, tag: tag, file: file, line: line, factory))
}

/// Defines a factory built on the main actor, on every resolve.
///
/// ```swift
/// factory { @MainActor in DetailViewModel() }
/// ```
///
/// Inlinable, so that its build runs specialized for `T` where it is written: a view model's
/// factory builds on every resolve (2b of `Benchmarks/Scripts/instruction-counts.py`).
@inlinable
public func factory<T>(
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(
        mainActorFactory(file: file, line: line, factory)
    )
}

/// Defines a factory under `tag`, built on the main actor.
///
/// ```swift
/// factory(tag: Screen.home) { @MainActor in FeedViewModel() }
/// ```
@inlinable
public func factory<T, Tag: Hashable & Sendable>(
    tag: Tag,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(
        mainActorFactory(tag: tag, file: file, line: line, factory)
    )
}

/// Defines a scoped instance built on the main actor, one per open scope.
///
/// ```swift
/// scope(UserSession.self) { scoped { @MainActor in CartViewModel() } }
/// scope(UserSession.self) { scoped(tag: "draft") { @MainActor in CartViewModel() } }
/// ```
public func scoped<T>(
    tag: (any Hashable & Sendable)? = nil,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorDefinition(.scoped, tag: tag, file: file, line: line, factory))
}

/// Defines a weak singleton built on the main actor: the same instance while anyone holds it.
///
/// ```swift
/// weakSingle { @MainActor in PlayerViewModel() }
/// weakSingle(tag: "mini") { @MainActor in PlayerViewModel() }
/// ```
public func weakSingle<T>(
    tag: (any Hashable & Sendable)? = nil,
    isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorDefinition(.weak, tag: tag, file: file, line: line, factory))
}

/// Defines a singleton built on the main actor by a `@MainActor` constructor, each of whose
/// parameters is resolved by its type.
///
/// ```swift
/// @MainActor final class ProfileStore { init(backend: BackendProtocol) { … } }
///
/// singleOf(ProfileStore.init)
/// let store: ProfileStore = resolve()   // from main-actor code: built now, no `await`
/// singleOf(tag: Screen.home, FeedStore.init)
/// ```
public func singleOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorConstructorDefinition(.singleton, tag: tag, file: file, line: line, constructor))
}

/// Defines a factory built on the main actor by a `@MainActor` constructor on every resolve.
///
/// ```swift
/// factoryOf(DetailViewModel.init)
/// factoryOf(tag: Screen.home, FeedViewModel.init)
/// ```
public func factoryOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorConstructorDefinition(.factory, tag: tag, file: file, line: line, constructor))
}

/// Defines a scoped instance built on the main actor by a `@MainActor` constructor; a parameter
/// may be a value declared into the scope.
///
/// ```swift
/// scope(UserSession.self) { scopedOf(CartViewModel.init) }
/// scope(UserSession.self) { scopedOf(tag: "draft", CartViewModel.init) }
/// ```
public func scopedOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorConstructorDefinition(.scoped, tag: tag, file: file, line: line, constructor))
}

/// Defines a weak singleton built on the main actor by a `@MainActor` constructor: shared while
/// anyone holds it.
///
/// ```swift
/// weakSingleOf(PlayerViewModel.init)
/// weakSingleOf(tag: "mini", PlayerViewModel.init)
/// ```
public func weakSingleOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, isolation: MainActor.Type = MainActor.self,
    file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(mainActorConstructorDefinition(.weak, tag: tag, file: file, line: line, constructor))
}

/// A `factory` of `T` whose closure runs only on the main actor, from the main actor (see
/// ``MainActorBuild/check(_:tag:file:line:)``), under `tag` if there is one.
@inlinable
func mainActorFactory<T>(
    tag: (any Hashable & Sendable)? = nil, file: StaticString, line: UInt,
    _ factory: @escaping @MainActor @Sendable () throws -> T
) -> AnyDefinition {
    let build: @Sendable () throws -> T = {
        try MainActorBuild.check(T.self, tag: tag, file: file, line: line)
        // Handed back to the caller on this thread, which waits for it: it crosses no actor.
        nonisolated(unsafe) var value: T?
        try MainActor.assumeIsolated { value = try factory() }
        return value.unsafelyUnwrapped
    }
    return AnyDefinition(
        lifetime: .factory, tagIfAny: tag, file: file, line: line, type: T.self, build: typedBuilder(build),
        typedFactory: TypedFactory(build))
}

/// A definition of `T` whose `factory` runs only on the main actor (see ``MainActorBuild``).
/// `beforehand` runs first, wherever the build is: a constructor's check in a sandbox.
@usableFromInline
func mainActorDefinition<T>(
    _ lifetime: Lifetime, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt,
    beforehand: (@Sendable () throws -> Void)? = nil, _ factory: @escaping @MainActor @Sendable () throws -> T
) -> AnyDefinition {
    let (build, holder) = builder(lifetime) {
        try beforehand?()
        return try MainActorBuild.run(T.self, tag: tag, file: file, line: line) { try factory() }
    }
    return AnyDefinition(info: DefinitionInfo(
        type: T.self, tag: tag.map { Tag($0) }, lifetime: lifetime, site: CodeLocation(file, line), build: build,
        holder: holder))
}

/// Resolves each parameter of a `@MainActor` `constructor` by its type, then calls it; on the
/// main actor, from a main-actor definition's build.
@MainActor
func constructOnMainActor<each Parameter, T>(
    _ constructor: @MainActor (repeat each Parameter) throws -> T, file: StaticString, line: UInt
) throws -> T {
    let arguments = (repeat try resolveThrowing((each Parameter).self, file: file, line: line))
    return try constructor(repeat each arguments)
}

/// A definition built on the main actor by `constructor`. In a verification sandbox (off the
/// main actor) its parameters are checked without running it (see ``ConstructorChecked``);
/// where a closure definition needs the instance, it is reported as main-actor.
func mainActorConstructorDefinition<each Parameter, T>(
    _ lifetime: Lifetime, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt,
    _ constructor: @escaping @MainActor @Sendable (repeat each Parameter) throws -> T
) -> AnyDefinition {
    mainActorDefinition(
        lifetime, tag: tag, file: file, line: line,
        beforehand: {
            guard ConstructorChecked.isVerifying else { return }
            // Checked here without being run: what resolves it must know it is main-actor.
            if !MainActorBuild.isOnMainActor { ResolutionFrame.current?.container.verification?.didReachMainActor() }
            _ = try ConstructorChecked.arguments(repeat (each Parameter).self, file: file, line: line)
        }
    ) { try constructOnMainActor(constructor, file: file, line: line) }
}
