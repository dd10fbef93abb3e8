/// One entry of a ``Storyboard``: an object to build, or a reference to another storyboard's scene.
///
/// Made by ``scene(_:file:line:_:)`` and ``storyboardReference(_:to:in:of:file:line:)`` inside
/// ``storyboard(_:file:line:_:)``.
public struct Scene: Sendable {
    let identifier: String
    let site: CodeLocation
    private let kind: Kind

    private enum Kind: Sendable {
        case object(type: Any.Type, tag: Tag?, make: @Sendable () -> AnyObject)
        case reference(storyboard: String, identifier: String, container: DependencyContainer?)
    }

    init(identifier: String, site: CodeLocation, type: Any.Type, tag: Tag?, make: @escaping @Sendable () -> AnyObject) {
        self.identifier = identifier
        self.site = site
        self.kind = .object(type: type, tag: tag, make: make)
    }

    init(identifier: String, site: CodeLocation, storyboard: String, target: String, container: DependencyContainer?) {
        self.identifier = identifier
        self.site = site
        self.kind = .reference(storyboard: storyboard, identifier: target, container: container)
    }

    /// Builds the object in `container` (so `@Inject` in its initialiser reads `container`),
    /// then runs `container`'s injections on it; a reference asks its own storyboard.
    func instantiate(in container: DependencyContainer, at site: CodeLocation) throws(WiringError) -> AnyObject {
        switch kind {
        case let .object(type, tag, make):
            let info = DefinitionInfo(type: type, tag: tag, lifetime: .factory, site: self.site)
            let object = try ResolutionFrame.with(container: container, info: info) { make() }
            container.runInjections(on: object, tag: tag, at: site)
            return object
        case let .reference(storyboard, identifier, target):
            let owner = target ?? container
            return try owner.storyboardThrowing(named: storyboard, at: site)
                .instantiate(identifier, as: AnyObject.self, at: site)
        }
    }
}
