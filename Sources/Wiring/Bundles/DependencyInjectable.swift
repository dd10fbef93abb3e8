/// A type built only from a bundle of everything it needs: `make(dependency:)` is its one way in.
///
/// The bundle is a plain struct, so the compiler, not the run time, checks that every member
/// is supplied. Give members that come from the container a `resolve()` default, and leave
/// the ones only the caller knows (a user ID) without one:
///
/// ```swift
/// final class ProfileViewModel: DependencyInjectable {
///     struct Dependency {
///         let userID: Int
///         var backend: BackendProtocol = resolve()
///         var analytics: Analytics? = resolveOptional()
///     }
///
///     private let dependency: Dependency
///     private init(dependency: Dependency) { self.dependency = dependency }
///
///     static func make(dependency: Dependency) -> ProfileViewModel {
///         ProfileViewModel(dependency: dependency)
///     }
/// }
///
/// // The caller supplies the user ID; the container supplies the rest:
/// let model = container.make(ProfileViewModel.self) { .init(userID: 42) }
/// ```
///
/// A type whose bundle the container can fill on its own is registered with
/// ``injectable(_:lifetime:file:line:_:)`` and resolved like any other.
public protocol DependencyInjectable {
    /// Everything an instance needs, usually a struct.
    associatedtype Dependency

    /// Builds an instance from its dependencies.
    static func make(dependency: Dependency) -> Self
}

/// Defines `Injectable`, built by `make(dependency:)` from the bundle `dependency` returns.
/// Inside the closure `resolve()` reads from the container building the instance.
///
/// ```swift
/// static let app = module {
///     single { Backend() as BackendProtocol }
///     injectable(SessionViewModel.self) { .init(backend: resolve()) }
/// }
/// let model: SessionViewModel = DependencyContainer.app.resolve()
/// ```
///
/// - Parameters:
///   - type: The type to define.
///   - lifetime: `.factory` (the default) builds a new instance per resolve; `.singleton` once.
///   - dependency: Builds the bundle; a missing member does not compile.
///   - line: The line of the call, for messages.
///   - file: The file of the call (`#fileID`), for messages.
public func injectable<Injectable: DependencyInjectable & SendableMetatype>(
    _ type: Injectable.Type,
    lifetime: Lifetime = .factory,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ dependency: @escaping @Sendable () -> Injectable.Dependency
) -> AnyDefinition {
    AnyDefinition(lifetime: lifetime, tag: nil, site: CodeLocation(file, line)) {
        Injectable.make(dependency: dependency())
    }
}

/// Defines `Injectable` under `tag`, built by `make(dependency:)`; see
/// ``injectable(_:lifetime:file:line:_:)``.
public func injectable<Injectable: DependencyInjectable & SendableMetatype, Tag: Hashable & Sendable>(
    _ type: Injectable.Type,
    tag: Tag,
    lifetime: Lifetime = .factory,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ dependency: @escaping @Sendable () -> Injectable.Dependency
) -> AnyDefinition {
    AnyDefinition(lifetime: lifetime, tag: Wiring.Tag(tag), site: CodeLocation(file, line)) {
        Injectable.make(dependency: dependency())
    }
}

extension DependencyContainer {
    /// Builds `Injectable` with a bundle the caller writes, in which `resolve()` (in default
    /// values or in the closure) reads from this container.
    ///
    /// ```swift
    /// let model = container.make(ProfileViewModel.self) { .init(userID: 42) }
    /// ```
    public func make<Injectable: DependencyInjectable>(
        _ type: Injectable.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ dependency: () -> Injectable.Dependency
    ) -> Injectable {
        let info = DefinitionInfo(type: type, tag: nil, lifetime: .factory, site: CodeLocation(file, line))
        return orStop(at: CodeLocation(file, line)) { () throws(WiringError) in
            let bundle = try ResolutionFrame.with(container: self, info: info) { dependency() }
            return Injectable.make(dependency: bundle)
        }
    }
}
