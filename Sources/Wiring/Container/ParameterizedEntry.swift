/// A factory that takes parameters at resolve time, type-erased for the container's table.
protocol AnyParameterizedEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }
    /// The parameter types as a tuple, as in `(Int, String)`.
    var parameterTypes: String { get }
}

/// `factory { (userID: Int) in ProfileViewModel(userID: userID) }` inside one container.
///
/// Not generic over the parameters: a generic *type* with a parameter pack needs the Swift 5.9
/// runtime (iOS 17, macOS 14), while pack-generic *functions* back-deploy. So the definition's
/// pack-generic DSL function erases its factory into `make`, which takes the parameters as an
/// array, and records the tuple type of its parameters; a resolve is accepted when the tuple
/// type of its own parameters is the same type.
final class ParameterizedEntry<Value>: AnyParameterizedEntry {
    let info: DefinitionInfo
    let parameterTypes: String
    /// The tuple type `(P1, P2, …)` of the factory's parameters (`P1` alone for one).
    private let signature: ObjectIdentifier
    /// The factory, called with the parameters in order once their types were checked.
    private let make: @Sendable (_ parameters: [Any]) throws -> Value

    init(
        info: DefinitionInfo, parameterTypes: String, signature: Any.Type,
        make: @escaping @Sendable (_ parameters: [Any]) throws -> Value
    ) {
        self.info = info
        self.parameterTypes = parameterTypes
        self.signature = ObjectIdentifier(signature)
        self.make = make
    }

    func resolve<each Parameter>(
        in container: DependencyContainer, parameters: repeat each Parameter
    ) throws(WiringError) -> Value {
        guard ObjectIdentifier((repeat each Parameter).self) == signature else {
            throw .parameterMismatch(
                type: typeName(info.type), tag: info.tag?.description, expected: parameterTypes,
                given: parameterList((repeat each Parameter).self), requestedAt: nil)
        }
        var values: [Any] = []
        repeat values.append(each parameters)
        return try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) -> Value in
            do {
                return try make(values)
            } catch {
                throw WiringError.thrown(by: info, error)
            }
        }
    }
}

/// `(Int, String)` for a tuple type, `(Int)` for a single type.
func parameterList(_ type: Any.Type) -> String {
    let name = typeName(type)
    return name.hasPrefix("(") ? name : "(\(name))"
}
