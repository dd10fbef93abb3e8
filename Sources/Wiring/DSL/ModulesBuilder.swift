/// Collects the containers listed in a ``modules(file:line:_:)`` closure.
///
/// The implicit-member spelling works for modules declared in an extension of
/// ``DependencyContainer``, as do `if`, `if/else`, `switch` and `for`:
///
/// ```swift
/// DependencyContainer.defined(by: modules {
///     .backend; .network
///     if useMocks { .mocks } else { .app }
/// })
/// ```
///
/// Separate `.name` lines with `;`: Swift reads a line that starts with `.` as continuing the
/// line above it.
///
/// Each line is a ``Component``: one module, or the modules of an `if` or a `for`. The block
/// gathers them into one array with room for all of them: composing ten modules makes that
/// array, not one per line and copies as it grows.
@resultBuilder
public enum ModulesBuilder {
    /// One line of a `modules { }` block: a module, or the modules of an `if`, a `switch` or a
    /// `for`. Made and taken apart by the builder alone.
    public struct Component: Sendable {
        /// The module of a line, unless `many` is set.
        let one: DependencyContainer?
        /// The modules of an `if`, a `switch`, a `for` or a nested block.
        let many: [DependencyContainer]

        init(one: DependencyContainer) {
            self.one = one
            many = []
        }

        init(many: [DependencyContainer]) {
            one = nil
            self.many = many
        }

        /// The modules of `components`, in order, in one array of exactly their count.
        static func joining(_ components: [Component]) -> [DependencyContainer] {
            var total = 0
            for component in components { total += component.one == nil ? component.many.count : 1 }
            var modules: [DependencyContainer] = []
            modules.reserveCapacity(total)
            for component in components {
                if let one = component.one { modules.append(one) } else { modules.append(contentsOf: component.many) }
            }
            return modules
        }

        var modules: [DependencyContainer] { one.map { [$0] } ?? many }
    }

    public static func buildExpression(_ container: DependencyContainer) -> Component {
        Component(one: container)
    }

    public static func buildBlock(_ components: Component...) -> Component {
        Component(many: Component.joining(components))
    }

    public static func buildOptional(_ component: Component?) -> Component {
        component ?? Component(many: [])
    }

    public static func buildEither(first component: Component) -> Component {
        component
    }

    public static func buildEither(second component: Component) -> Component {
        component
    }

    public static func buildArray(_ components: [Component]) -> Component {
        Component(many: Component.joining(components))
    }

    public static func buildLimitedAvailability(_ component: Component) -> Component {
        component
    }

    public static func buildFinalResult(_ component: Component) -> [DependencyContainer] {
        component.modules
    }
}
