/// A named set of object factories, registered in a module: the role a storyboard plays in an
/// app, modelled without UIKit so it works (and is tested) on every platform.
///
/// Each scene builds an object for an identifier. The storyboard then injects the object's
/// dependencies with the container that *registered* the storyboard, not the global root. This
/// matters in an app made of modules: a scene reached through a reference into another
/// module's storyboard is set up by that module.
///
/// ```swift
/// extension DependencyContainer {
///     static let settings = module {
///         single { SettingsStore() as SettingsStoreProtocol }
///         injection(for: SettingsViewController.self) { controller, container in
///             controller.store = container.resolve()
///         }
///         storyboard("Settings") {
///             scene("Root") { SettingsViewController() }
///         }
///     }
///     static let profile = module {
///         storyboard("Profile") {
///             scene("Profile") { ProfileViewController() }
///             storyboardReference("Settings", to: "Root", in: "Settings", of: .settings)
///         }
///     }
/// }
///
/// let profile = DependencyContainer.profile.registeredStoryboard(named: "Profile")
/// let settings = profile.instantiate("Settings")   // injected by `.settings`
/// ```
///
/// On Apple platforms, a `UIStoryboard` subclass can call ``DependencyContainer/inject(into:tag:file:line:)``
/// from `instantiateViewController`; see <doc:ObjectsYouDontCreate>.
public final class Storyboard: Sendable {
    /// The name the storyboard was registered with.
    public let name: String

    /// The identifiers of its scenes, in declaration order.
    public let identifiers: [String]

    private let scenes: [String: Scene]
    /// The container that registered (and built) this storyboard. Weak: the container holds
    /// the storyboard, so a strong reference would keep both alive forever.
    private weak let container: DependencyContainer?

    init(name: String, scenes: [Scene], container: DependencyContainer?) {
        self.name = name
        self.identifiers = scenes.map(\.identifier)
        self.scenes = Dictionary(scenes.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        self.container = container
    }

    /// Builds the object of the scene `identifier` and injects it, or stops with a message
    /// listing the identifiers that exist.
    ///
    /// ```swift
    /// let controller = storyboard.instantiate("Profile", as: ProfileViewController.self)
    /// ```
    public func instantiate<Object: AnyObject>(
        _ identifier: String, as type: Object.Type = AnyObject.self, file: StaticString = #fileID, line: UInt = #line
    ) -> Object {
        return orStop { () throws(WiringError) in
            try instantiateThrowing(identifier, as: type, file: file, line: line)
        }
    }

    /// Builds and injects the object of the scene `identifier`, throwing
    /// ``WiringError/sceneNotFound(storyboard:identifier:available:requestedAt:)`` if there is no
    /// such scene or it builds another type.
    public func instantiateThrowing<Object: AnyObject>(
        _ identifier: String, as type: Object.Type = AnyObject.self, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> Object {
        try instantiate(identifier, as: type, at: CodeLocation(file, line))
    }

    func instantiate<Object: AnyObject>(
        _ identifier: String, as type: Object.Type, at site: CodeLocation
    ) throws(WiringError) -> Object {
        guard let scene = scenes[identifier] else {
            throw .sceneNotFound(storyboard: name, identifier: identifier, available: identifiers, requestedAt: site)
        }
        guard let container else {
            throw .storyboardReleased(storyboard: name, requestedAt: site)
        }
        let object = try scene.instantiate(in: container, at: site)
        guard let typed = object as? Object else {
            throw .sceneTypeMismatch(
                storyboard: name, identifier: identifier, expected: typeName(Object.self),
                actual: typeName(Swift.type(of: object)), requestedAt: site)
        }
        return typed
    }
}

/// The tag a storyboard is registered under: its name, kept apart from string tags.
struct StoryboardName: Hashable, Sendable, DescribedTag {
    let name: String
    var tagDescription: String { "\"\(name)\"" }
}
