/// An `injection(for:)` definition: code that sets an existing object's dependencies.
final class Injection: Sendable {
    let info: DefinitionInfo
    let apply: @Sendable (AnyObject, DependencyContainer) -> Void

    init(info: DefinitionInfo, apply: @escaping @Sendable (AnyObject, DependencyContainer) -> Void) {
        self.info = info
        self.apply = apply
    }
}
