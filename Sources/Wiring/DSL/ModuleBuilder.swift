/// Collects the definitions written in a ``module(file:line:_:)`` closure.
///
/// Accepts `single`/`factory`/`resolvable` definitions, arrays of them, `if`, `if/else`,
/// `switch` and `for`:
///
/// ```swift
/// let network = module {
///     single { Network() as NetworkProtocol }
///     if isDebug {
///         single { NetworkLogger() }
///     }
///     for context in StorageContext.allCases {
///         factory(tag: context) { LocalStorage(context) as LocalStorageProtocol }
///     }
/// }
/// ```
@resultBuilder
public enum ModuleBuilder {
    public static func buildExpression(_ definition: Definition) -> [Definition] {
        [definition]
    }

    public static func buildExpression(_ definitions: [Definition]) -> [Definition] {
        definitions
    }

    /// A block of one statement (a module listing a shared array of definitions): its
    /// definitions as they are, without copying them into a new array.
    public static func buildBlock(_ part: [Definition]) -> [Definition] {
        part
    }

    public static func buildBlock(_ parts: [Definition]...) -> [Definition] {
        parts.flatMap { $0 }
    }

    public static func buildOptional(_ part: [Definition]?) -> [Definition] {
        part ?? []
    }

    public static func buildEither(first part: [Definition]) -> [Definition] {
        part
    }

    public static func buildEither(second part: [Definition]) -> [Definition] {
        part
    }

    public static func buildArray(_ parts: [[Definition]]) -> [Definition] {
        parts.flatMap { $0 }
    }

    public static func buildLimitedAvailability(_ part: [Definition]) -> [Definition] {
        part
    }
}
