extension DependencyContainer {
    /// Runs this container's injections for `object`'s class and every superclass, base class
    /// first, and returns `object`.
    ///
    /// ```swift
    /// let controller = ProfileViewController(coder: coder)
    /// container.inject(into: controller)
    /// ```
    ///
    /// Classes without an injection are skipped; an object with none at all is left as it is.
    /// See ``injection(for:tag:file:line:_:)``.
    @discardableResult
    public func inject<Object: AnyObject>(into object: Object, file: StaticString = #fileID, line: UInt = #line)
        -> Object
    {
        runInjections(on: object, tag: nil, at: CodeLocation(file, line))
        return object
    }

    /// Runs the injections registered with `tag` (each class falling back to its untagged one),
    /// base class first; see ``injection(for:tag:file:line:_:)``.
    @discardableResult
    public func inject<Object: AnyObject, Tag: Hashable & Sendable>(
        into object: Object, tag: Tag, file: StaticString = #fileID, line: UInt = #line
    ) -> Object {
        runInjections(on: object, tag: Wiring.Tag(tag), at: CodeLocation(file, line))
        return object
    }

    func runInjections(on object: AnyObject, tag: Tag?, at site: CodeLocation) {
        let objectClass: AnyClass = type(of: object)
        // One injection for each of the object's class and superclasses that has one: a chain of
        // classes, each a subclass of the one before, run base class first.
        let registry = registry
        let chain = registry.injections.keys.lazy
            .compactMap { registry.injection(for: $0, tag: tag) }
            .filter { $0.covers(objectClass) }
            .sorted { base, derived in base.covers(derived.objectClass) && !derived.covers(base.objectClass) }
        for injection in chain {
            do {
                try ResolutionFrame.with(container: self, info: injection.info) {
                    injection.apply(object, self)
                }
            } catch {
                wiringFailure(error.requested(at: site))
            }
        }
    }
}

/// Runs the injections of the container building the caller, else the global root, on `object`;
/// see ``DependencyContainer/inject(into:file:line:)``.
///
/// ```swift
/// override func awakeFromNib() {
///     super.awakeFromNib()
///     inject(into: self)
/// }
/// ```
@discardableResult
public func inject<Object: AnyObject>(into object: Object, file: StaticString = #fileID, line: UInt = #line) -> Object {
    do {
        try DependencyContainer.withCurrent(type: Object.self, tag: nil) { container in
            container.runInjections(on: object, tag: nil, at: CodeLocation(file, line))
        }
    } catch {
        wiringFailure(error.requested(at: CodeLocation(file, line)))
    }
    return object
}
