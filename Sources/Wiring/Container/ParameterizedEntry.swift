/// A factory that takes parameters at resolve time, type-erased for the container's table.
protocol AnyParameterizedEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }
    /// The parameter types as a tuple, as in `(Int, String)`.
    var parameterTypes: String { get }
    /// The tuple type `(P1, P2, …)` of its parameters (`P1` alone for one).
    var signature: ObjectIdentifier { get }
    /// Its parameter types, in order.
    var parameterTypeList: [Any.Type] { get }

    /// The value resolved with `values`, which are of `parameterTypeList`'s types, in order: a
    /// resolve without parameters nested in a build with them (see ``ParameterFrame``).
    func resolveAny(in container: DependencyContainer, values: [Any]) throws(WiringError) -> Instance

    /// The instance a `single` or `scoped` one built already; `nil` if it has none (a factory,
    /// not built yet, unloaded, or its scope closed). Takes `stateLock`.
    func built(in container: DependencyContainer) -> Instance?

    /// Hands over the instance of a `single` or `scoped` one, leaving none; call under `stateLock`.
    func takeHeldInstance() -> Released?

    /// Marks its module as unloaded (or its container closed) and hands over its instance; call
    /// under `stateLock`.
    func retire(closing: Bool) -> Released?

    /// Makes it resolvable again after a retire (its module loaded again); call under `stateLock`.
    func revive()

    /// A new entry of the same definition, holding nothing: one for each scope opened from a
    /// scope definition that has it.
    func fresh() -> any AnyParameterizedEntry
}

/// `factory { (userID: Int) in ProfileViewModel(userID: userID) }` inside one container.
///
/// Not generic over the parameters: a generic *type* with a parameter pack needs the Swift 5.9
/// runtime (iOS 17, macOS 14), while pack-generic *functions* back-deploy. So the definition's
/// pack-generic DSL function erases its factory into `make`, which takes the parameters as an
/// array, and records the tuple type of its parameters; a resolve is accepted when the tuple
/// type of its own parameters is the same type.
///
/// A `single` or `scoped` one is built by the first resolve, with that resolve's parameters, and
/// kept: later resolves, with parameters of the same types (whatever their values) or with none
/// (``built(in:)``), get the kept instance (KOIN's rule: parameters are for building).
final class ParameterizedEntry<Value>: AnyParameterizedEntry, @unchecked Sendable {
    // Immutable: what it keeps is in `held`, which `stateLock` guards.
    let info: DefinitionInfo
    let parameterTypes: String
    let parameterTypeList: [Any.Type]
    /// The tuple type `(P1, P2, …)` of the factory's parameters (`P1` alone for one).
    let signature: ObjectIdentifier
    /// The factory, called with the parameters in order once their types were checked.
    private let make: @Sendable (_ parameters: [Any]) throws -> Value
    /// A `single` or `scoped` one's instance, kept as an entry's (see ``HeldInstance``).
    private let held: HeldInstance

    init(
        info: DefinitionInfo, parameterTypes: String, parameterTypeList: [Any.Type], signature: ObjectIdentifier,
        make: @escaping @Sendable (_ parameters: [Any]) throws -> Value
    ) {
        self.info = info
        self.parameterTypes = parameterTypes
        self.parameterTypeList = parameterTypeList
        self.signature = signature
        self.make = make
        held = HeldInstance(info: info)
    }

    func fresh() -> any AnyParameterizedEntry {
        ParameterizedEntry(
            info: info, parameterTypes: parameterTypes, parameterTypeList: parameterTypeList, signature: signature,
            make: make)
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
        guard info.lifetime == .factory else { return try resolveHeld(in: container, values).value(as: Value.self) }
        return try build(in: container, values)
    }

    func resolveAny(in container: DependencyContainer, values: [Any]) throws(WiringError) -> Instance {
        guard info.lifetime == .factory else { return try resolveHeld(in: container, values) }
        return TypedInstance(try build(in: container, values))
    }

    func built(in container: DependencyContainer) -> Instance? {
        guard info.lifetime != .factory else { return nil }
        return stateLock.withLock { held.built(in: container) }
    }

    func takeHeldInstance() -> Released? { held.take() }

    func retire(closing: Bool) -> Released? { held.retire(closing: closing) }

    func revive() { held.revive() }

    /// The kept instance of a `single` or `scoped` one, built with `values` the first time.
    private func resolveHeld(in container: DependencyContainer, _ values: [Any]) throws(WiringError) -> Instance {
        try held.resolve(in: container) { () throws(WiringError) -> Instance in
            TypedInstance(try build(in: container, values))
        }
    }

    /// Builds the value with `values`, which the resolves nested in the build see too (see
    /// ``ParameterFrame``).
    private func build(in container: DependencyContainer, _ values: [Any]) throws(WiringError) -> Value {
        try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) -> Value in
            try ParameterFrame.with(values, signature: signature) { () throws(WiringError) -> Value in
                do {
                    return try make(values)
                } catch {
                    throw WiringError.thrown(by: info, error)
                }
            }
        }
    }
}

/// `(Int, String)` for a tuple type, `(Int)` for a single type.
func parameterList(_ type: Any.Type) -> String {
    let name = typeName(type)
    return name.hasPrefix("(") ? name : "(\(name))"
}
