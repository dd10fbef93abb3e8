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
///
/// Each line is a ``Component``: one definition or several. The block gathers them into one
/// array with room for all of them, so that a module of a thousand `single { … }` lines makes
/// two arrays, not one per line.
@resultBuilder
public enum ModuleBuilder {
    /// One line of a module: a definition, or the definitions of an array, an `includes(_:)`, a
    /// `scope(_:_:)`, an `if` or a `for`. Made and taken apart by the builder alone.
    public struct Component: Sendable {
        /// The definition of a line, unless `many` is set. Flat fields rather than an enum of
        /// the two forms: a component is copied once per line (into the block's variadic
        /// array), and an enum with a definition in it is copied through value witnesses.
        let one: Definition
        /// The definitions of an array, a nested block, an `if` or a `for`.
        let many: [Definition]?

        init(one: Definition) {
            self.one = one
            many = nil
        }

        init(many: [Definition]) {
            one = Definition(placeholder: ())
            self.many = many
        }

        var count: Int { many?.count ?? 1 }

        static var empty: Component { Component(many: []) }

        /// The definitions of `components`, in order, in one array, with their plain lines
        /// packed into one group (see ``Definition/packing(count:lines:visit:)``): a module of a
        /// thousand lines makes one array and one group, and copies each line once.
        static func joining(_ components: [Component]) -> Component {
            var total = 0
            var lines = 0
            components.withUnsafeBufferPointer { components in
                for index in components.indices {
                    if let many = components[index].many {
                        total += many.count
                        for definition in many where definition.isLine { lines += 1 }
                    } else {
                        total += 1
                        if components[index].one.isLine { lines += 1 }
                    }
                }
            }
            guard total > 0 else { return .empty }
            // Each definition is read in place, through the components' buffers: a copy of a
            // component or a definition here would be an outlined copy per line.
            let definitions = Definition.packing(count: total, lines: lines) { body in
                components.withUnsafeBufferPointer { components in
                    for index in components.indices {
                        if let many = components[index].many {
                            many.withUnsafeBufferPointer { many in
                                for index in many.indices { body(many[index]) }
                            }
                        } else {
                            body(components[index].one)
                        }
                    }
                }
            }
            return Component(many: definitions)
        }
    }

    public static func buildExpression(_ definition: __owned Definition) -> Component {
        Component(one: definition)
    }

    public static func buildExpression(_ definitions: [Definition]) -> Component {
        Component(many: definitions)
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
        component.many ?? [component.one]
    }
}
