/// How long a resolved instance lives, and so how often its factory runs.
///
/// ```swift
/// let container = DependencyContainer { c in
///     c.register(lifetime: .singleton) { Backend() as BackendProtocol }
///     c.register(lifetime: .factory) { StopWatch() as StopWatchProtocol }
/// }
/// ```
///
/// In a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` you say the same with ``single(file:line:_:)-8x1oa`` and
/// ``factory(file:line:_:)-26uhf``.
public enum Lifetime: Sendable, Hashable, CustomStringConvertible {
    /// Built on first use, then the same instance for every resolve from the same container.
    case singleton

    /// Built anew for every resolve; the container keeps no reference to it.
    case factory

    /// Shared while anyone else holds it: the container keeps only a weak reference, and
    /// builds a new instance once the last holder releases the old one. For class instances.
    case weak

    /// One instance per open scope (see ``scoped(tag:file:line:_:)-(_,_,_,()->T)``), released when the scope closes.
    case scoped

    /// A value given to a scope at run time with `declare(_:)`, announced in the module with
    /// `declared(_:example:)` (graphs and verification only).
    case declared

    public var description: String {
        switch self {
        case .singleton: "single"
        case .factory: "factory"
        case .weak: "weakSingle"
        case .scoped: "scoped"
        case .declared: "declared at run time"
        }
    }
}
