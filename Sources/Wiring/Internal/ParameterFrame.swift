/// The parameters of a build that runs with parameters, visible to the resolves nested in it.
///
/// `factory { (id: Int) in Presenter(id: id, repository: resolve()) }` resolved with
/// `resolve(parameters: 42)` pushes one while its closure runs (as does a definition without
/// parameters resolved with some), so that a nested resolve the registry cannot answer may take
/// them (KOIN's stacked parameters):
/// - an untagged `resolve()` of a type none of the containers defines gets the first parameter
///   that is one;
/// - a definition that takes parameters, resolved without them, is built with these, when
///   they are its parameter types (see ``ParameterSignature/arguments(from:)``).
///
/// The registry comes first, as in KOIN, and a tagged resolve never takes a parameter (KOIN's
/// qualifier guard). Nested builds without parameters of their own see the same frame (the
/// parameters cascade); one with parameters of its own pushes a frame that hides this one
/// until it returns.
///
/// Frames sit on the thread's ``ThreadResolution``. Only rare paths read them (a resolve that
/// found no definition, a parameterized build): a resolve without parameters never touches them.
struct ParameterFrame {
    /// The parameters, in the order they were passed.
    let values: [Any]
    /// Their tuple type, `(Int, String)` (`Int` alone for one), as the pack's type.
    let signature: ObjectIdentifier
    /// For the frame `resolve(parameters:)` pushes, what it resolves and the tuple type of what it
    /// was given: the definition of that type and tag is built with exactly these (see
    /// ``ParameterSignature/build(_:tag:_:)``).
    let requested: Request?

    /// What `resolve(parameters:)` resolves (type and tag) and the tuple type it was given.
    typealias Request = (type: ObjectIdentifier, tag: Tag?, given: Any.Type)

    /// The innermost frame of the current thread, if a build with parameters is running on it.
    static var current: ParameterFrame? {
        ThreadResolution.current?.parameters.last
    }

    /// Runs `body` with `values` as the current thread's parameters.
    static func with<Result, Failure: Error>(
        _ values: [Any], signature: ObjectIdentifier,
        requested: Request? = nil, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let thread = ThreadResolution.mine
        thread.parameters.append(ParameterFrame(values: values, signature: signature, requested: requested))
        defer { thread.parameters.removeLast() }
        return try body()
    }

    /// The first parameter that is a `type`, if any.
    func value(of type: Any.Type) -> Instance? {
        func first<Value>(_: Value.Type) -> Any? { values.first { $0 is Value } }
        return first(type).map { TypedInstance<Any>($0) }
    }
}
