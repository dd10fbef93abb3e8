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
@available(*, deprecated, renamed: "Definition")
public typealias ComponentProtocol = Definition
