/// Collects the containers listed in a ``modules(file:line:_:)`` closure.
///
/// The implicit-member spelling works for modules declared in an extension of
/// ``DependencyContainer``, as do `if`, `if/else`, `switch` and `for`:
///
/// ```swift
/// DependencyContainer.defined(by: modules {
///     .backend
///     .network
///     if useMocks { .mocks } else { .app }
/// })
/// ```
@resultBuilder
public enum ModulesBuilder {
    public static func buildExpression(_ container: DependencyContainer) -> [DependencyContainer] {
        [container]
    }

    public static func buildBlock(_ parts: [DependencyContainer]...) -> [DependencyContainer] {
        parts.flatMap { $0 }
    }

    public static func buildOptional(_ part: [DependencyContainer]?) -> [DependencyContainer] {
        part ?? []
    }

    public static func buildEither(first part: [DependencyContainer]) -> [DependencyContainer] {
        part
    }

    public static func buildEither(second part: [DependencyContainer]) -> [DependencyContainer] {
        part
    }

    public static func buildArray(_ parts: [[DependencyContainer]]) -> [DependencyContainer] {
        parts.flatMap { $0 }
    }

    public static func buildLimitedAvailability(_ part: [DependencyContainer]) -> [DependencyContainer] {
        part
    }
}
