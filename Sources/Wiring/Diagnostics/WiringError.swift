/// A mistake in how dependencies were defined or requested, with everything needed to fix it.
///
/// The throwing API (``DependencyContainer/resolveThrowing(_:file:line:)-method``) throws these; the
/// plain `resolve()` stops the program with exactly the same ``description``.
///
/// ```swift
/// do {
///     let backend = try container.resolveThrowing(BackendProtocol.self)
/// } catch {
///     print(error)   // names the type, the tag, the resolution path and the fix
/// }
/// ```
///
/// It is an `indirect` enum: a value is one reference (8 bytes, not about 100), so every frame
/// that can throw one stays small, and a deep graph needs a third of the stack it otherwise
/// would. LeakSanitizer does not recognize such a reference when its spare bits carry the case
/// (most cases), and may report a ``WiringError`` your code keeps as leaked; it is not.
public indirect enum WiringError: Error, Sendable, CustomStringConvertible {
    /// Nothing is registered for the requested type and tag in the container resolved from.
    ///
    /// `path` runs from the outermost resolve to the missing type (its last step, which has no
    /// lifetime); `registered` lists the definitions of the same type under other tags, then
    /// definitions of *other* types the caller probably meant: the same closure type with or
    /// without `@Sendable`, or a built singleton whose instance is of the requested type.
    /// `searched` names the scopes the resolve looked in before the container that reported it,
    /// innermost first (`UserSession "u42"`, `linked Checkout "c7"`, then `root`); it is empty
    /// for a resolve that did not start in a scope.
    case missingDefinition(
        type: String, tag: String?, path: [ResolutionStep], registered: [ResolutionStep], searched: [String],
        requestedAt: CodeLocation?)

    /// A factory threw `underlying` (`single { try Database(path: …) }`). `path` runs from the
    /// outermost resolve to the definition whose factory threw. A singleton whose factory threw
    /// is not kept: the next resolve runs the factory again.
    case factoryFailed(
        type: String, tag: String?, path: [ResolutionStep], underlying: any Error, requestedAt: CodeLocation?)

    /// A definition needs itself, directly or through others: `path` is `[A, B, A]`.
    case cycle(path: [ResolutionStep], requestedAt: CodeLocation?)

    /// Two different definitions of the same type and tag were put into one container, neither
    /// marked `.override()`. (The same definition reached twice, through a shared module, is
    /// not a duplicate.)
    case duplicateDefinition(type: String, tag: String?, first: CodeLocation?, second: CodeLocation?)

    /// `linked(to:)` written outside `scope(S.self) { … }`: only a scope links to another.
    case linkOutsideScope(target: String, definedAt: CodeLocation?)

    /// A definition bound with `.bind(_:)` to a type its values are not.
    case invalidBinding(type: String, boundTo: String, definedAt: CodeLocation?)

    /// An `.onClose { (instance: T) in … }` whose `T` the definition's instances can never be
    /// (`single { Connection() }.onClose { (store: Store) in … }`): it would never run, so it
    /// stops where it is written.
    case onCloseNeverRuns(type: String, callbackTakes: String, definedAt: CodeLocation?)

    /// An `.onStart { (instance: T) in … }` that would never run: on a definition whose
    /// lifetime is never started (`factory`, `weakSingle`, `scoped`; `hookTakes` is `nil`), or
    /// whose instance, once built, is not a `T` (`hookTakes` names `T`).
    case startHookNeverRuns(type: String, lifetime: String, hookTakes: String?, definedAt: CodeLocation?)

    /// A definition was resolved with parameters of other types than it takes (`expected` is
    /// `nil` when it takes none; `given` is `nil` when none were passed).
    case parameterMismatch(type: String, tag: String?, expected: String?, given: String?, requestedAt: CodeLocation?)

    /// A scope was resolved from (or opened from) after `close()`.
    case scopeClosed(scope: String, type: String, requestedAt: CodeLocation?)

    /// An async definition (`single { await … }`) was resolved synchronously.
    case asyncDefinition(type: String, tag: String?, requestedAt: CodeLocation?)

    /// A main-actor definition (`single { @MainActor in … }`, or a `@MainActor` type's
    /// constructor given to `singleOf`) was resolved synchronously off the main actor. `path`
    /// runs from the outermost resolve to it; `definedAt` is where it is written.
    case mainActorIsolated(
        type: String, tag: String?, path: [ResolutionStep], definedAt: CodeLocation?, requestedAt: CodeLocation?)

    /// Found by `verify()`: a definition built on any thread (`type`, `tag`, written at
    /// `definedAt`) whose build resolves the main-actor definition `uses`. Resolved off the main
    /// actor, its build reaches `uses` there, where it is never built, and stops (a `resolve()` in
    /// its closure cannot throw). `path` runs from the definition verified to `uses`.
    case needsMainActor(
        type: String, tag: String?, uses: ResolutionStep, path: [ResolutionStep], definedAt: CodeLocation?)

    /// A definition that lives in a scope (`scope(S.self) { scoped { … } }`) was resolved from a
    /// container that is not that scope.
    case definedInScope(type: String, tag: String?, scope: String, definedAt: CodeLocation?, requestedAt: CodeLocation?)

    /// `DependencyContainer.load(_:)` was given a module the root already includes: `module` is
    /// where it is declared, `first` where it entered the root (`defined(by:)` or `load(_:)`).
    case moduleAlreadyLoaded(module: CodeLocation?, first: CodeLocation?, requestedAt: CodeLocation?)

    /// `DependencyContainer.unload(_:)` was given a module the root does not include.
    case moduleNotLoaded(module: CodeLocation?, requestedAt: CodeLocation?)

    /// The container was closed with `close()` or `shutdown()`: it resolves nothing any more.
    case containerClosed(type: String, requestedAt: CodeLocation?)

    /// `type` was part of a definition (its own type or a type it is bound to) that an
    /// `.override()` or a test override of another of its types, `overriding`, replaced whole.
    case replacedByOverride(
        type: String, tag: String?, definedAt: CodeLocation?, overriddenAt: CodeLocation?, overriding: String,
        requestedAt: CodeLocation?)

    /// The definition's module was unloaded from the root (`DependencyContainer.unload(_:)`).
    case moduleUnloaded(type: String, definedAt: CodeLocation?, requestedAt: CodeLocation?)

    /// `openScope(S.self, id:)` was given an id that a scope `S` opened from the same container
    /// still has.
    case scopeAlreadyOpen(scope: String, id: String, openedAt: CodeLocation?, requestedAt: CodeLocation?)

    /// `declare(_:)` was given a type and tag that the scope has a value for already.
    case valueAlreadyDeclared(type: String, tag: String?, scope: String, first: CodeLocation?, second: CodeLocation?)

    /// A scope was asked for a value its module announces with `declared(_:example:)`, before
    /// `declare(_:)` gave it one.
    case notDeclared(type: String, tag: String?, scope: String, announcedAt: CodeLocation?, requestedAt: CodeLocation?)

    /// `link(to:)` would make a scope reach itself through links.
    case scopeLinkCycle(scope: String, linkedTo: String, requestedAt: CodeLocation?)

    /// `openScope(S.self)` found no `scope(S.self) { … }` in the container or its parents.
    case scopeNotDefined(scope: String, requestedAt: CodeLocation?)

    /// A `scoped { … }` definition outside any `scope(_:) { … }`.
    case scopedOutsideScope(type: String, definedAt: CodeLocation?)

    /// `close()`, `declare(_:)`, `link(to:)` or `onClose(_:)` was called on a container that is
    /// not a scope.
    case notAScope(requestedAt: CodeLocation?)

    /// A ``Storyboard`` has no scene `identifier`; `available` lists those it has.
    case sceneNotFound(storyboard: String, identifier: String, available: [String], requestedAt: CodeLocation?)

    /// A scene built an object of another type than the caller asked for.
    case sceneTypeMismatch(
        storyboard: String, identifier: String, expected: String, actual: String, requestedAt: CodeLocation?)

    /// One storyboard declares two scenes with the same identifier.
    case duplicateScene(storyboard: String, identifier: String, first: CodeLocation?, second: CodeLocation?)

    /// The container that registered a storyboard was released while the storyboard was kept.
    case storyboardReleased(storyboard: String, requestedAt: CodeLocation?)

    /// The global root was asked for `type` before `DependencyContainer.defined(by:)` ran.
    case rootNotDefined(type: String, tag: String?, requestedAt: CodeLocation?)

    /// An operation on the root (`load(_:)`, `unload(_:)`, `withOverrides`) ran before any root
    /// was defined.
    case rootNeeded(operation: String, requestedAt: CodeLocation?)

    /// `DependencyContainer.defined(by:)` was called a second time.
    case rootAlreadyDefined(first: CodeLocation?, second: CodeLocation?)

    /// `register` was called on a container that is already built.
    case definitionsFixed(type: String, requestedAt: CodeLocation?)

    /// What the factory of `info` throwing `error` comes out as, inside that factory's frame: a
    /// ``WiringError`` as it is (a nested `try resolveThrowing()`), anything else wrapped in
    /// ``factoryFailed(type:tag:path:underlying:requestedAt:)`` with the resolution path.
    @inline(never)
    static func thrown(by info: DefinitionInfo, _ error: any Error) -> WiringError {
        if let error = error as? WiringError { return error }
        return .factoryFailed(
            type: typeName(info.type), tag: info.tag?.description, path: ResolutionFrame.currentPath.map(\.step),
            underlying: error, requestedAt: nil)
    }

    /// What the async factory of `info` throwing `error` comes out as: as `thrown(by:_:)`, with
    /// the async resolution's `path`.
    static func thrown(byAsync info: DefinitionInfo, _ error: any Error, path: [DefinitionInfo]) -> WiringError {
        if let error = error as? WiringError { return error }
        return .factoryFailed(
            type: typeName(info.type), tag: info.tag?.description, path: path.map(\.step), underlying: error,
            requestedAt: nil)
    }

    /// The error with `location` as the place of the failing request, unless it already has one.
    func requested(at location: CodeLocation) -> WiringError {
        switch self {
        case let .missingDefinition(type, tag, path, registered, searched, nil):
            .missingDefinition(
                type: type, tag: tag, path: path, registered: registered, searched: searched, requestedAt: location)
        case let .cycle(path, nil):
            .cycle(path: path, requestedAt: location)
        case let .factoryFailed(type, tag, path, underlying, nil):
            .factoryFailed(type: type, tag: tag, path: path, underlying: underlying, requestedAt: location)
        case let .rootNeeded(operation, nil):
            .rootNeeded(operation: operation, requestedAt: location)
        case let .rootNotDefined(type, tag, nil):
            .rootNotDefined(type: type, tag: tag, requestedAt: location)
        case let .scopeClosed(scope, type, nil):
            .scopeClosed(scope: scope, type: type, requestedAt: location)
        case let .asyncDefinition(type, tag, nil):
            .asyncDefinition(type: type, tag: tag, requestedAt: location)
        case let .mainActorIsolated(type, tag, path, definedAt, nil):
            .mainActorIsolated(type: type, tag: tag, path: path, definedAt: definedAt, requestedAt: location)
        case let .definedInScope(type, tag, scope, definedAt, nil):
            .definedInScope(type: type, tag: tag, scope: scope, definedAt: definedAt, requestedAt: location)
        case let .containerClosed(type, nil):
            .containerClosed(type: type, requestedAt: location)
        case let .moduleUnloaded(type, definedAt, nil):
            .moduleUnloaded(type: type, definedAt: definedAt, requestedAt: location)
        case let .replacedByOverride(type, tag, definedAt, overriddenAt, overriding, nil):
            .replacedByOverride(
                type: type, tag: tag, definedAt: definedAt, overriddenAt: overriddenAt, overriding: overriding,
                requestedAt: location)
        case let .scopeNotDefined(scope, nil):
            .scopeNotDefined(scope: scope, requestedAt: location)
        case let .notDeclared(type, tag, scope, announcedAt, nil):
            .notDeclared(type: type, tag: tag, scope: scope, announcedAt: announcedAt, requestedAt: location)
        case let .scopeLinkCycle(scope, linkedTo, nil):
            .scopeLinkCycle(scope: scope, linkedTo: linkedTo, requestedAt: location)
        case .notAScope(nil):
            .notAScope(requestedAt: location)
        case let .parameterMismatch(type, tag, expected, given, nil):
            .parameterMismatch(type: type, tag: tag, expected: expected, given: given, requestedAt: location)
        default:
            self
        }
    }
}

extension WiringError {
    /// A missing definition's error with `scopes` searched before the ones it names already
    /// (a scope the resolve passed through on its way to the container that reported it);
    /// any other error as it is.
    func searched(first scopes: @autoclosure () -> [String]) -> WiringError {
        guard case let .missingDefinition(type, tag, path, registered, searched, requestedAt) = self else { return self }
        return .missingDefinition(
            type: type, tag: tag, path: path, registered: registered, searched: scopes() + searched,
            requestedAt: requestedAt)
    }
}

extension WiringError {
    /// Whether this says that the definition of `type` with `tag` itself takes parameters, is
    /// not built, and was resolved without them: `resolveOptional` answers `nil` then, while the
    /// same error from a definition that one's build resolves is a broken graph, and stops.
    func isMissingParameters(of type: Any.Type, tag: Tag?) -> Bool {
        guard case let .parameterMismatch(named, namedTag, _, nil, _) = self else { return false }
        return named == typeName(type) && namedTag == tag?.description
    }
}
