extension DependencyContainer {
    /// Runs this container's injections for `object`'s class and every superclass, base class
    /// first, and returns `object`. With `tag`, each class's injection registered with that tag
    /// runs, or its untagged one if it has none.
    ///
    /// ```swift
    /// let controller = ProfileViewController(coder: coder)
    /// container.inject(into: controller)
    /// container.inject(into: catController, tag: "cat")
    /// ```
    ///
    /// Classes without an injection are skipped; an object with none at all is left as it is.
    /// See ``injection(for:tag:file:line:_:)``.
    @discardableResult
    public func inject<Object: AnyObject>(
        into object: Object, tag: (any Hashable & Sendable)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Object {
        runInjections(on: object, tag: tag.map { Tag($0) }, at: CodeLocation(file, line))
        return object
    }

    func runInjections(on object: AnyObject, tag: Tag?, at site: CodeLocation) {
        for injection in registry.injections(applyingTo: type(of: object), tag: tag) {
            orStop(at: site) { () throws(WiringError) in
                try ResolutionFrame.with(container: self, info: injection.info) {
                    injection.apply(object, self)
                }
            }
        }
    }
}

/// Runs the injections of the container building the caller, else the global root, on `object`;
/// see ``DependencyContainer/inject(into:tag:file:line:)``.
///
/// ```swift
/// override func awakeFromNib() {
///     super.awakeFromNib()
///     inject(into: self)
/// }
/// ```
@discardableResult
public func inject<Object: AnyObject>(into object: Object, file: StaticString = #fileID, line: UInt = #line) -> Object {
    orStop(at: CodeLocation(file, line)) { () throws(WiringError) in
        try DependencyContainer.withCurrent(type: Object.self, tag: nil) { container in
            container.runInjections(on: object, tag: nil, at: CodeLocation(file, line))
        }
    }
    return object
}
