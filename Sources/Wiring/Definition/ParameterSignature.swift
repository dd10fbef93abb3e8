/// The parameters a definition takes at resolve time (`factory { (userID: Int) in … }`): kept in
/// its ``DefinitionInfo``, whose entry lives in the registry's tables as every other does.
///
/// The definition's builder takes its arguments from the thread's ``ParameterFrame``: the one
/// `resolve(parameters:)` pushes, whose tuple type it checked against ``signature``, or, for a
/// resolve without parameters nested in a build with some, that build's (see ``arguments(from:)``).
/// Without a frame that fits, the build throws
/// ``WiringError/parameterMismatch(type:tag:expected:given:requestedAt:)``: a `single` or
/// `scoped` one is then answered only once a resolve with parameters built it (KOIN's rule:
/// parameters are for building).
///
/// Not generic over the parameters: a generic *type* with a parameter pack needs the Swift 5.9
/// runtime (iOS 17, macOS 14), while pack-generic *functions* back-deploy. So the definition's
/// pack-generic DSL function erases its factory into one that takes the parameters as an array,
/// and records the tuple type of its parameters.
struct ParameterSignature: Sendable {
    /// The parameter types as a tuple, as in `(Int, String)`.
    let parameterTypes: String
    /// The tuple type `(P1, P2, …)` of its parameters (`P1` alone for one).
    let signature: ObjectIdentifier
    /// Its parameter types, in order.
    let typeList: [Any.Type]

    /// The signature of a factory taking `(First, repeat each Parameter)`.
    init<First, each Parameter>(_ types: (First, repeat each Parameter).Type) {
        parameterTypes = parameterList(types)
        signature = ObjectIdentifier(types)
        var inOrder: [Any.Type] = [First.self]
        repeat inOrder.append((each Parameter).self)
        typeList = inOrder
    }

    /// The arguments `frame` gives a definition of this signature: all of its parameters in
    /// order when their types are exactly these; otherwise, for each of these types, the one
    /// parameter of that type (`nil` when a type has none, or more than one, among them: which
    /// to pass would be a guess).
    func arguments(from frame: ParameterFrame) -> [Any]? {
        if frame.signature == signature { return frame.values }
        var arguments: [Any] = []
        for type in typeList {
            func matches<Value>(_: Value.Type) -> [Any] { frame.values.filter { $0 is Value } }
            let candidates = matches(type)
            guard candidates.count == 1 else { return nil }
            arguments.append(candidates[0])
        }
        return arguments
    }

    /// Builds `T` (registered with `tag`) by `make` from the arguments of the current thread's
    /// ``ParameterFrame``, which the resolves nested in `make` see too; without arguments that
    /// fit, throws what a resolve without parameters gets. Resolved with parameters of other
    /// types, it names them: `resolve(parameters:)` checks them against the definition it finds
    /// first, but a racing `load` may move the resolve on to a newer root, whose definition of
    /// `T` takes others (see `newerRoot(after:)`); its arguments are not then guessed by type.
    func build<T>(_: T.Type, tag: Tag?, _ make: ([Any]) throws -> T) throws -> T {
        func mismatch(given: Any.Type?) -> WiringError {
            .parameterMismatch(
                type: typeName(T.self), tag: tag?.description, expected: parameterTypes, given: given.map(parameterList),
                requestedAt: nil)
        }
        guard let frame = ParameterFrame.current else { throw mismatch(given: nil) }
        // `resolve(parameters:)`'s own frame: the nested resolves see it already.
        if frame.signature == signature { return try make(frame.values) }
        if let requested = frame.requested, requested.type == ObjectIdentifier(T.self), requested.tag == tag {
            throw mismatch(given: requested.given)
        }
        guard let arguments = arguments(from: frame) else { throw mismatch(given: nil) }
        return try ParameterFrame.with(arguments, signature: signature) { () throws -> T in try make(arguments) }
    }
}

/// `(Int, String)` for a tuple type, `(Int)` for a single type.
func parameterList(_ type: Any.Type) -> String {
    let name = typeName(type)
    return name.hasPrefix("(") ? name : "(\(name))"
}
