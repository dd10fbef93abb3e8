/// One entry of a module: a type, an optional tag, a lifetime and the closure that builds it.
///
/// You do not create definitions directly; ``single(tag:file:line:_:)``,
/// ``factory(tag:file:line:_:)`` and ``resolvable(lifetime:tag:file:line:_:)`` return them
/// for a ``module(file:line:_:)`` to collect:
///
/// ```swift
/// static let app = module {
///     single { AppState() as AppStateProtocol }
///     factory { StopWatch() as StopWatchProtocol }
/// }
/// ```
///
/// A definition is a description only. Each container it ends up in builds its own instances,
/// so a singleton is shared within one container, never between two.
public struct Definition: Sendable {
    let info: DefinitionInfo
    let payload: Payload

    enum Payload: Sendable {
        /// Makes this definition's entry for a new container (a sandboxed one for verification).
        case builder(@Sendable (_ sandboxed: Bool) -> any AnyEntry)
        /// Code to run on an existing object (`injection(for:)`).
        case injection(Injection)
    }

    init<Value>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        factory: @escaping @Sendable () -> Value
    ) {
        let info = DefinitionInfo(type: Value.self, tag: tag, lifetime: lifetime, site: site)
        self.info = info
        self.payload = .builder { Entry(info: info, sandboxed: $0, factory: factory) }
    }

    init(injection: Injection) {
        self.info = injection.info
        self.payload = .injection(injection)
    }
}
