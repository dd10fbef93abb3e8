/// What `a.name` on a module is: nothing. It exists so that the `modules { }`
/// line-continuation trap stops with a message that says what happened (see
/// ``ModulesBuilder/buildExpression(_:)-(LineContinuation)``).
public enum LineContinuation {}

extension DependencyContainer {
    /// Turns the `modules { }` line-continuation trap into a message that names the fix.
    ///
    /// Swift reads a line that starts with `.` as continuing the line above it, so inside
    /// `modules { }` a module on a line after a module made by a call becomes one expression:
    ///
    /// ```swift
    /// let app = modules {
    ///     database(on: settings)
    ///     .core          // read as `database(on: settings).core`
    /// }
    /// ```
    ///
    /// Without this, the compiler says "static member 'core' cannot be used on instance of type
    /// 'DependencyContainer'". With it, the block stops with: separate the modules with `;`,
    /// qualify the line (`DependencyContainer.core`), or put the module made by a call last.
    @available(
        *, deprecated,
        message: "a line that starts with '.' continues the line above it: inside modules { }, separate modules with ';' or write DependencyContainer.name"
    )
    public subscript(dynamicMember name: String) -> LineContinuation {
        preconditionFailure(
            "Wiring: `.\(name)` continued the line above it; separate modules with ';' or write DependencyContainer.\(name)")
    }
}
