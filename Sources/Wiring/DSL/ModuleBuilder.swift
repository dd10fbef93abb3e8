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
        enum Content: Sendable {
            case one(Definition)
            case many([Definition])
        }

        let content: Content

        var count: Int {
            switch content {
            case .one: 1
            case let .many(definitions): definitions.count
            }
        }

        static var empty: Component { Component(content: .many([])) }

        /// The definitions of `components`, in order, in one array.
        static func joining(_ components: [Component]) -> Component {
            var total = 0
            for component in components { total += component.count }
            guard total > 0 else { return .empty }
            // Written in place, once each: a module of a thousand lines joins a thousand
            // components, and appending checks capacity and uniqueness on every line.
            // Invariant: `total` is exactly what the loop writes, each slot once, in order, so
            // `next` ends at the buffer's end and `count` covers initialized slots only. Nothing
            // in the loop throws, so no slot is left half-written. (`total > 0`: a base address.)
            let definitions = [Definition](unsafeUninitializedCapacity: total) { buffer, count in
                var next = buffer.baseAddress.unsafelyUnwrapped
                for component in components {
                    switch component.content {
                    case let .one(definition):
                        next.initialize(to: definition)
                        next += 1
                    case let .many(more):
                        more.withUnsafeBufferPointer { source in
                            guard let start = source.baseAddress else { return }
                            next.initialize(from: start, count: source.count)
                            next += source.count
                        }
                    }
                }
                count = total
            }
            return Component(content: .many(definitions))
        }
    }

    public static func buildExpression(_ definition: Definition) -> Component {
        Component(content: .one(definition))
    }

    public static func buildExpression(_ definitions: [Definition]) -> Component {
        Component(content: .many(definitions))
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
        switch component.content {
        case let .one(definition): [definition]
        case let .many(definitions): definitions
        }
    }
}
