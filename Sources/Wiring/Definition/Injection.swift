/// An `injection(for:)` definition: code that sets an existing object's dependencies.
final class Injection: Sendable {
    let info: DefinitionInfo
    let apply: @Sendable (AnyObject, DependencyContainer) -> Void
    /// The class it is registered for.
    let objectClass: AnyClass
    /// Whether a class is `objectClass` or one of its subclasses: whether the injection runs on
    /// its instances.
    let covers: @Sendable (AnyClass) -> Bool

    init<Object: AnyObject>(
        for _: Object.Type, info: DefinitionInfo, apply: @escaping @Sendable (Object, DependencyContainer) -> Void
    ) {
        self.info = info
        // Registered for `Object`, run only on instances of `Object` or its subclasses.
        self.apply = { object, container in apply(object as! Object, container) }
        objectClass = Object.self
        covers = { $0 is Object.Type }
    }
}
