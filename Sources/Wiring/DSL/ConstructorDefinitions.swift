// KOIN 4's constructor DSL (`singleOf(::UserRepository)`): a definition made from a constructor
// reference, each of whose parameters is resolved by its type from the container building it.
// Named `…Of`, as in KOIN, so that it is never ambiguous with a closure definition
// (`single { … }`) or with a factory that takes parameters at resolve time
// (`factory { (id: Int) in … }`).

/// Defines a singleton built by `constructor`, each of whose parameters is resolved by its type.
///
/// ```swift
/// final class UserRepository {
///     init(database: Database, cache: Cache, log: Logger) { … }
/// }
///
/// static let users = module {
///     singleOf(UserRepository.init)
///     // the same as: single { UserRepository(database: resolve(), cache: resolve(), log: resolve()) }
/// }
/// singleOf(tag: StorageContext.userdata, LocalStorage.init)
/// ```
///
/// The parameters are resolved in order, from the container that builds the singleton (in a
/// scope, a value declared there counts), before the constructor runs: a missing one is reported
/// without an instance being made. ``DependencyContainer/verify()-178vl`` and
/// ``DependencyContainer/graph()-2v0pa`` check a constructor definition's parameters without
/// running its constructor. Everything a closure definition takes applies: `.bind`,
/// `.override()`, `.onClose`, `.createdAtStart()`.
///
/// - Parameters:
///   - tag: Registers it under this tag, as `single(tag:)` does; leave it out for none.
///   - file: The file of the call (`#fileID`), for messages.
///   - line: The line of the call, for messages.
///   - constructor: A constructor reference, `UserRepository.init`, or any function whose
///     parameters are dependencies. A `@MainActor` type's constructor picks the form built on the
///     main actor (see <doc:WiringInAnApp>).
public func singleOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    TypedDefinition(AnyDefinition(
        lifetime: .singleton, tagIfAny: tag, file: file, line: line, type: T.self,
        build: holdingBuilder { try construct(constructor, file: file, line: line) }, holder: TypedEntry<T?>.self))
}

/// Defines a factory built by `constructor` on every resolve, each of its parameters resolved by
/// its type.
///
/// ```swift
/// factoryOf(ProfilePresenter.init)
/// factoryOf(tag: "preview", ProfilePresenter.init)
/// ```
public func factoryOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    let build: @Sendable () throws -> T = { try construct(constructor, file: file, line: line) }
    return TypedDefinition(AnyDefinition(
        lifetime: .factory, tagIfAny: tag, file: file, line: line, type: T.self, build: typedBuilder(build),
        typedFactory: TypedFactory(build)))
}

/// Defines a scoped instance built by `constructor`, inside `scope(_:_:)`; a parameter may be a
/// value declared into the scope.
///
/// ```swift
/// scope(UserSession.self) {
///     declared(User.self, example: User.preview)
///     scopedOf(Cart.init)   // init(user: User, prices: PriceList)
/// }
/// scope(UserSession.self) { scopedOf(tag: "draft", Cart.init) }
/// ```
public func scopedOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    scoped(tag: tag, file: file, line: line) { try construct(constructor, file: file, line: line) }
}

/// Defines a weak singleton built by `constructor`: shared while anyone holds it.
///
/// ```swift
/// weakSingleOf(ImageCache.init)
/// weakSingleOf(tag: "thumbnails", ImageCache.init)
/// ```
public func weakSingleOf<each Parameter, T>(
    tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @Sendable (repeat each Parameter) throws -> T
) -> TypedDefinition<T> {
    weakSingle(tag: tag, file: file, line: line) { try construct(constructor, file: file, line: line) }
}

/// Defines a singleton built by an `async` constructor, resolved with `await resolveAsync()`.
///
/// ```swift
/// singleOf(Database.open)   // static func open(configuration: Configuration) async throws -> Database
/// ```
public func singleOf<each Parameter, T: Sendable>(
    file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @Sendable (repeat each Parameter) async throws -> T
) -> TypedDefinition<T> {
    single(file: file, line: line) { () async throws -> T in
        try await constructAsync(constructor, file: file, line: line)
    }
}

/// Defines a factory built by an `async` constructor on every `await resolveAsync()`.
///
/// ```swift
/// factoryOf(Snapshot.capture)      // static func capture(store: Store) async -> Snapshot
/// ```
public func factoryOf<each Parameter, T: Sendable>(
    file: StaticString = #fileID, line: UInt = #line,
    _ constructor: @escaping @Sendable (repeat each Parameter) async throws -> T
) -> TypedDefinition<T> {
    factory(file: file, line: line) { () async throws -> T in
        try await constructAsync(constructor, file: file, line: line)
    }
}

/// Resolves each parameter of `constructor` by its type from the container building the
/// definition, in order, then calls it. In a verification sandbox, it stops once its parameters
/// are checked unless a closure definition needs the instance (see ``ConstructorChecked``).
func construct<each Parameter, T>(
    _ constructor: (repeat each Parameter) throws -> T, file: StaticString, line: UInt
) throws -> T {
    if ConstructorChecked.isVerifying {
        let arguments = try ConstructorChecked.arguments(repeat (each Parameter).self, file: file, line: line)
        return try constructor(repeat each arguments)
    }
    let arguments = (repeat try resolveThrowing((each Parameter).self, file: file, line: line))
    return try constructor(repeat each arguments)
}

/// ``construct(_:file:line:)`` for an async constructor. In a verification sandbox, one
/// verified on its own stops once its parameters are resolved.
func constructAsync<each Parameter, T>(
    _ constructor: (repeat each Parameter) async throws -> T, file: StaticString, line: UInt
) async throws -> T {
    let arguments = (repeat try resolveThrowing((each Parameter).self, file: file, line: line))
    if let frame = AsyncFrame.current, frame.parent == nil, !ThreadResolution.isResolving,
        frame.container.verification != nil
    {
        throw ConstructorChecked()
    }
    return try await constructor(repeat each arguments)
}

/// What a constructor definition's build throws in a verification sandbox once its parameters
/// are resolved, when it is verified on its own (not built for another definition that needs its
/// instance): `verify()` and `graph()` learn its dependencies without running its constructor,
/// and the sandbox counts the definition as verified.
///
/// A constructor definition is stopped whenever only constructor definitions wait for its
/// instance, up to the one being verified: `A(B(C))` of `singleOf` definitions runs no
/// constructor at all, each stopping once its parameters are checked, and the stop travels up as
/// this error. A closure definition on the path needs a real instance (its `resolve()` cannot
/// throw), so what it asks for is built, as closures are.
struct ConstructorChecked: Error {
    /// Whether the calling build runs in a verification sandbox.
    static var isVerifying: Bool {
        DependencyContainer.resolving?.verification != nil
    }

    /// The constructor's arguments, resolved in the sandbox; throws this instead once they are
    /// all checked, if only constructor definitions wait for the instance.
    static func arguments<each Parameter>(
        _ types: repeat (each Parameter).Type, file: StaticString, line: UInt
    ) throws -> (repeat each Parameter) {
        guard let frame = ResolutionFrame.current, let verification = frame.container.verification else {
            return (repeat try resolveThrowing(each types, file: file, line: line))
        }
        let definition = frame.info.id
        verification.enterConstructor(definition)
        defer { verification.leaveConstructor(definition) }
        let arguments = (repeat try checkedArgument(each types, file: file, line: line))
        var checked = false
        for argument in repeat each arguments {
            if argument == nil { checked = true }
        }
        if checked || verification.onlyConstructorsWait() { throw ConstructorChecked() }
        return (repeat (each arguments).unsafelyUnwrapped)
    }

    /// One argument resolved in the sandbox; `nil` for a constructor definition's that was
    /// checked without being built.
    private static func checkedArgument<Argument>(
        _ type: Argument.Type, file: StaticString, line: UInt
    ) throws -> Argument? {
        do {
            return try resolveThrowing(type, file: file, line: line)
        } catch where isChecked(error) {
            return nil
        } catch {
            guard case let .missingDefinition(missing, nil, _, registered, _, _) = error,
                let verification = DependencyContainer.resolving?.verification
            else { throw error }
            // Passed with `resolve(parameters:)` at run time: `verify(parameters:)` gave an example.
            if let example = verification.example(of: type) { return example }
            // A factory's own parameter that nothing registers is one the app passes at resolve
            // time, as a closure factory's `(id: FeedID) in` is: left unchecked alike, not missing.
            if registered.isEmpty, missing == typeName(type), let frame = ResolutionFrame.current,
                frame.info.lifetime == .factory, ThreadResolution.current?.frames.count == 1
            {
                verification.leaveParametersUnchecked(frame.info, unregistered: missing)
                return nil
            }
            throw error
        }
    }

    /// Whether `error` is this, as the sandbox's build reports it.
    static func isChecked(_ error: WiringError) -> Bool {
        if case let .factoryFailed(_, _, _, underlying, _) = error { return underlying is ConstructorChecked }
        return false
    }
}
