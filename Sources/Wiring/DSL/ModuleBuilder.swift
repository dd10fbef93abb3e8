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
        /// A line's one definition, kept without an array of its own.
        let one: AnyDefinition?
        /// Any other line's definitions.
        let many: [AnyDefinition]

        init(one definition: AnyDefinition) {
            one = definition
            many = []
        }

        init(many definitions: [AnyDefinition]) {
            one = nil
            many = definitions
        }

        static var empty: Component { Component(many: []) }

        var definitions: [AnyDefinition] {
            if let one { return [one] }
            return many
        }

        var count: Int { one == nil ? many.count : 1 }

        /// The definitions of `components`, in order, in one array.
        static func joining(_ components: [Component]) -> Component {
            if components.count == 1 { return components[0] }
            var definitions: [AnyDefinition] = []
            definitions.reserveCapacity(components.reduce(0) { $0 + $1.count })
            for component in components {
                if let one = component.one {
                    definitions.append(one)
                } else {
                    definitions.append(contentsOf: component.many)
                }
            }
            return Component(many: definitions)
        }
    }

    /// What the block of a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` builds: its
    /// definitions, in the form the module keeps them. Made by the builder and read by `module`
    /// alone.
    public struct Content: Sendable {
        /// The module's parts (see ``Part``).
        let parts: [Part]
    }

    public static func buildExpression(_ definition: some Definition) -> Component {
        Component(one: definition.erased)
    }

    public static func buildExpression(_ definitions: [AnyDefinition]) -> Component {
        Component(many: definitions)
    }

    public static func buildExpression(_ definitions: [some Definition]) -> Component {
        Component(many: definitions.map { $0.erased })
    }

    public static func buildExpression(_ definitions: [any Definition]) -> Component {
        Component(many: erasing(definitions))
    }

    /// `definitions` erased, each read where the array holds it: `map` copied each existential
    /// out before asking it, a copy and a destroy per definition (scenario 7's shared array).
    static func erasing(_ definitions: [any Definition]) -> [AnyDefinition] {
        var erased: [AnyDefinition] = []
        erased.reserveCapacity(definitions.count)
        for index in definitions.indices { erased.append(definitions[index].erased) }
        return erased
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

    public static func buildFinalResult(_ component: Component) -> [AnyDefinition] {
        component.definitions
    }

    public static func buildFinalResult(_ component: Component) -> Content {
        Content(parts: Part.parts(of: component.definitions))
    }
}
