// DIKit names kept so that DIKit code compiles after changing the import, each pointing at the
// right spelling.

extension DependencyContainer {
    /// The closure type of ``init(bootstrapBlock:)``.
    public typealias BootstrapBlock = (DependencyContainer) -> Void

    @available(*, deprecated, renamed: "init(bootstrapBlock:)", message: "DIKit misspelled this label.")
    @_disfavoredOverload
    public convenience init(boostrapBlock: (DependencyContainer) -> Void) {
        self.init(bootstrapBlock: boostrapBlock)
    }
}

/// DIKit's name for what `single`, `factory` and `resolvable` return.
@available(*, deprecated, renamed: "AnyDefinition")
public typealias ComponentProtocol = AnyDefinition

/// DIKit 1's way to hand over the root: a type, such as the app delegate, that owns the app's
/// container.
///
/// ```swift
/// final class TestApplication: DefinesContainer {
///     let container = module { single { ComponentA() } }
/// }
/// DependencyContainer.defined(by: TestApplication())
/// ```
///
/// New code passes the container itself: `DependencyContainer.defined(by: modules { … })`.
public protocol DefinesContainer {
    /// The container that becomes the root.
    var container: DependencyContainer { get }
}

extension DependencyContainer {
    /// Installs `definer`'s container as the root; see ``defined(by:file:line:)``.
    public static func defined(by definer: some DefinesContainer, file: StaticString = #fileID, line: UInt = #line) {
        defined(by: definer.container, file: file, line: line)
    }
}
