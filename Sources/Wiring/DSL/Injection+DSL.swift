
/// Defines how to inject the dependencies of `Object`s that Wiring does not create: view
/// controllers made by a storyboard, objects decoded from a file, anything built elsewhere.
///
/// ```swift
/// static let profile = module {
///     single { Backend() as BackendProtocol }
///     injection(for: ProfileViewController.self) { controller, container in
///         controller.backend = container.resolve()
///     }
/// }
///
/// let controller = storyboard.instantiateViewController(withIdentifier: "Profile")
/// DependencyContainer.profile.inject(into: controller)
/// ```
///
/// With a tag, `inject(into:tag:)` runs this one rather than the untagged one:
///
/// ```swift
/// injection(for: AnimalViewController.self, tag: "cat") { controller, container in
///     controller.animal = container.resolve(tag: "mimi")
/// }
/// ```
///
/// ``DependencyContainer/inject(into:tag:file:line:)`` runs the injections of the object's class and
/// of each of its superclasses, base class first. Inside `inject`, `resolve()` and `@Inject`
/// also read from `container`.
///
/// - Parameters:
///   - type: The class whose instances this sets up (subclasses get it too).
///   - tag: Runs only for `inject(into:tag:)` with this tag; leave it out for the untagged one.
///   - file: Where the injection is defined, for messages; leave the default.
///   - line: Where the injection is defined, for messages; leave the default.
///   - inject: Sets the object's dependencies; `container` is the one injecting.
public func injection<Object: AnyObject>(
    for type: Object.Type,
    tag: (any Hashable & Sendable)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ inject: @escaping @Sendable (_ object: Object, _ container: DependencyContainer) -> Void
) -> AnyDefinition {
    makeInjection(type, tag: tag.map { Wiring.Tag($0) }, site: CodeLocation(file, line), inject)
}

private func makeInjection<Object: AnyObject>(
    _ type: Object.Type,
    tag: Tag?,
    site: CodeLocation,
    _ inject: @escaping @Sendable (Object, DependencyContainer) -> Void
) -> AnyDefinition {
    let info = DefinitionInfo(type: type, tag: tag, lifetime: .factory, site: site, isInjection: true)
    return AnyDefinition(injection: Injection(for: type, info: info, apply: inject))
}
