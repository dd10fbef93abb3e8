/// Registers a ``Storyboard`` named `name` in a module: one per container that composes it.
///
/// ```swift
/// static let profile = module {
///     storyboard("Profile") {
///         scene("Profile") { ProfileViewController() }
///         scene("Avatar", tag: "small") { AvatarViewController() }
///     }
/// }
/// let storyboard = DependencyContainer.profile.registeredStoryboard(named: "Profile")
/// ```
///
/// A second storyboard of the same name in one container is a duplicate definition; the same
/// name in two modules is fine, and each module resolves its own.
public func storyboard(
    _ name: String,
    file: StaticString = #fileID,
    line: UInt = #line,
    @SceneBuilder _ scenes: () -> [Scene]
) -> TypedDefinition<Storyboard> {
    let scenes = scenes()
    var seen: [String: CodeLocation] = [:]
    for scene in scenes {
        if let first = seen[scene.identifier] {
            wiringFailure(.duplicateScene(storyboard: name, identifier: scene.identifier, first: first, second: scene.site))
        }
        seen[scene.identifier] = scene.site
    }
    return single(tag: StoryboardName(name: name), file: file, line: line) {
        Storyboard(name: name, scenes: scenes, container: DependencyContainer.resolving)
    }
}

/// A scene of a ``Storyboard``: `identifier` builds an object with `make`, which the storyboard
/// then injects (with `tag`, if given, as ``DependencyContainer/inject(into:tag:file:line:)`` does).
///
/// ```swift
/// scene("Profile") { ProfileViewController() }
/// ```
public func scene<Object: AnyObject>(
    _ identifier: String,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ make: @escaping @Sendable () -> Object
) -> Scene {
    Scene(identifier: identifier, site: CodeLocation(file, line), type: Object.self, tag: nil, make: make)
}

/// A scene whose object is injected with the injections registered under `tag`.
public func scene<Object: AnyObject, Tag: Hashable & Sendable>(
    _ identifier: String,
    tag: Tag,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ make: @escaping @Sendable () -> Object
) -> Scene {
    Scene(identifier: identifier, site: CodeLocation(file, line), type: Object.self, tag: Wiring.Tag(tag), make: make)
}

/// A scene that is another storyboard's: instantiating `identifier` instantiates `target` of the
/// storyboard named `storyboard`, registered in `container` (by default, the container of the
/// storyboard holding this reference). The object is built and injected by the container that
/// registered the target storyboard.
///
/// ```swift
/// storyboardReference("Settings", to: "Root", in: "Settings", of: .settings)
/// ```
public func storyboardReference(
    _ identifier: String,
    to target: String,
    in storyboard: String,
    of container: DependencyContainer? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
) -> Scene {
    Scene(identifier: identifier, site: CodeLocation(file, line), storyboard: storyboard, target: target, container: container)
}

/// Collects the scenes of ``storyboard(_:file:line:_:)``.
@resultBuilder
public enum SceneBuilder {
    public static func buildExpression(_ scene: Scene) -> [Scene] { [scene] }
    public static func buildBlock(_ parts: [Scene]...) -> [Scene] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Scene]?) -> [Scene] { part ?? [] }
    public static func buildEither(first part: [Scene]) -> [Scene] { part }
    public static func buildEither(second part: [Scene]) -> [Scene] { part }
    public static func buildArray(_ parts: [[Scene]]) -> [Scene] { parts.flatMap { $0 } }
}

extension DependencyContainer {
    /// The storyboard registered as `name` in this container, or stop with a message listing
    /// the storyboards that are registered.
    ///
    /// ```swift
    /// let storyboard = DependencyContainer.profile.registeredStoryboard(named: "Profile")
    /// ```
    public func registeredStoryboard(named name: String, file: StaticString = #fileID, line: UInt = #line) -> Storyboard {
        return orStop { () throws(WiringError) in try storyboardThrowing(named: name, file: file, line: line) }
    }

    /// The storyboard registered as `name`, throwing ``WiringError/missingDefinition(type:tag:path:registered:searched:requestedAt:)``
    /// if there is none.
    public func storyboardThrowing(
        named name: String, file: StaticString = #fileID, line: UInt = #line
    ) throws(WiringError) -> Storyboard {
        try storyboardThrowing(named: name, at: CodeLocation(file, line))
    }

    func storyboardThrowing(named name: String, at site: CodeLocation) throws(WiringError) -> Storyboard {
        return try requested(at: site) { () throws(WiringError) in
            try resolveCore(Storyboard.self, tag: Tag(StoryboardName(name: name)))
        }
    }
}
