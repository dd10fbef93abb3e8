/// A factory that takes parameters at resolve time, type-erased for the container's table.
protocol AnyParameterizedEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }
    /// The parameter types as a tuple, as in `(Int, String)`.
    var parameterTypes: String { get }
}

/// `factory { (userID: Int) in ProfileViewModel(userID: userID) }` inside one container.
final class ParameterizedEntry<Value>: AnyParameterizedEntry {
    let info: DefinitionInfo
    let parameterTypes: String
    /// A `ParameterizedFactory<Value, P1, P2, …>`; resolving casts it to the type the caller's
    /// parameters make, which succeeds exactly when the types match.
    private let factory: any Sendable

    init(info: DefinitionInfo, parameterTypes: String, factory: any Sendable) {
        self.info = info
        self.parameterTypes = parameterTypes
        self.factory = factory
    }

    func resolve<each Parameter>(
        in container: DependencyContainer, parameters: repeat each Parameter
    ) throws(WiringError) -> Value {
        guard let factory = factory as? ParameterizedFactory<Value, repeat each Parameter> else {
            throw .parameterMismatch(
                type: typeName(info.type), tag: info.tag?.description, expected: parameterTypes,
                given: parameterList((repeat each Parameter).self), requestedAt: nil)
        }
        return try ResolutionFrame.with(container: container, info: info) { factory.make(repeat each parameters) }
    }
}

/// `(Int, String)` for a tuple type, `(Int)` for a single type.
func parameterList(_ type: Any.Type) -> String {
    let name = typeName(type)
    return name.hasPrefix("(") ? name : "(\(name))"
}

/// A factory with parameters, in a struct because a variadic function type cannot be erased.
struct ParameterizedFactory<Value, each Parameter>: Sendable {
    let make: @Sendable (repeat each Parameter) -> Value
}
