/// Collects the definitions written in a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` closure.
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
///
/// Each line is a ``Component``: one definition or several, joined in order.
@resultBuilder
public enum ModuleBuilder {
    /// One line of a module: a definition, or the definitions of an array, an `includes(_:)`, a
    /// `scope(_:_:)`, an `if` or a `for`. Made and taken apart by the builder alone.
    public struct Component: Sendable {
        let definitions: [Definition]

        static var empty: Component { Component(definitions: []) }

        /// The definitions of `components`, in order.
        static func joining(_ components: [Component]) -> Component {
            if components.count == 1 { return components[0] }
            var definitions: [Definition] = []
            definitions.reserveCapacity(components.reduce(0) { $0 + $1.definitions.count })
            for component in components { definitions.append(contentsOf: component.definitions) }
            return Component(definitions: definitions)
        }
    }

    /// What the block of a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` builds: its
    /// definitions, in the form the module keeps them. Made by the builder and read by `module`
    /// alone.
    public struct Content: Sendable {
        /// The module's parts (see ``Part``).
        let parts: [Part]
    }

    public static func buildExpression(_ definition: Definition) -> Component {
        Component(definitions: [definition])
    }

    public static func buildExpression(_ definitions: [Definition]) -> Component {
        Component(definitions: definitions)
    }

    /// A block of one statement (a module listing a shared array of definitions): its
    /// definitions as they are, without copying them into a new array.
    public static func buildBlock(_ component: Component) -> Component {
        component
    }

    public static func buildBlock(_ components: Component...) -> Component {
        Component.joining(components)
    }

    public static func buildOptional(_ component: Component?) -> Component {
        component ?? .empty
    }

    public static func buildEither(first component: Component) -> Component {
        component
    }

    public static func buildEither(second component: Component) -> Component {
        component
    }

    public static func buildArray(_ components: [Component]) -> Component {
        Component.joining(components)
    }

    public static func buildLimitedAvailability(_ component: Component) -> Component {
        component
    }

    public static func buildFinalResult(_ component: Component) -> [Definition] {
        component.definitions
    }

    public static func buildFinalResult(_ component: Component) -> Content {
        Content(parts: Part.parts(of: component.definitions))
    }
}
