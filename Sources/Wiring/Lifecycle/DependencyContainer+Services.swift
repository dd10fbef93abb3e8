extension DependencyContainer {
    /// The singletons registered as `S` (directly or with `.bind(S.self)`), built if need be,
    /// in dependency order: each after what it uses. What swift-service-lifecycle's
    /// `ServiceGroup` wants, which starts its services in the order given and stops them in
    /// the reverse, so that a service stops before what it uses.
    ///
    /// ```swift
    /// let group = ServiceGroup(
    ///     configuration: .init(services: try DependencyContainer.shared.services((any Service).self), logger: logger))
    /// ```
    ///
    /// Factories are left out (a service runs for the app's lifetime). A definition replaced by
    /// `.override()` or a test override, with its bindings, is not among them.
    public func services<S>(_ type: S.Type = S.self) throws(WiringError) -> [S] {
        try managedServices(type).map(\.instance)
    }

    /// The services of ``services(_:)``, each with what ``start(_:timeout:)`` needs to run the
    /// start hooks of what it uses, whatever its shape (a struct, a binding, a tag).
    ///
    /// ```swift
    /// let services = try DependencyContainer.shared.managedServices((any Service).self)
    /// ```
    public func managedServices<S>(_ type: S.Type = S.self) throws(WiringError) -> [ManagedService<S>] {
        if let eager { try eager.start(in: self) }
        let registry = registry
        // A binding whose primary was replaced (`.override()` of its type) still answers for
        // `S`, as KOIN's does; but a replaced service must not run beside its replacement.
        let entries = registry.allEntries(of: ObjectIdentifier(S.self)).filter { entry in
            guard entry.info.lifetime == .singleton else { return false }
            guard let primary = entry.primary else { return !Self.isReplaced(entry.info, in: registry) }
            return registry.entry(for: primary.info.typeID, boxed: primary.info.tag) === primary
                && !Self.isReplaced(primary.info, in: registry)
        }
        for entry in entries { _ = try entry.resolve(in: self) }
        // A binding's instance is its primary's, which stands in the order for it.
        let wanted = Set(entries.map { ObjectIdentifier($0.primary ?? $0) })
        var services: [ManagedService<S>] = []
        for built in builtSingletons() where wanted.contains(ObjectIdentifier(built.entry)) {
            // Bound to `S` but not one: said here, where the service list is made, not dropped.
            guard let service = built.value as? S else {
                throw .invalidBinding(
                    type: typeName(Swift.type(of: built.value)), boundTo: typeName(S.self), definedAt: built.info.site)
            }
            services.append(ManagedService(instance: service, sequence: built.sequence, step: built.info.step))
        }
        return services
    }

    /// The singletons this container has built, in start order: each after what it uses (what
    /// its build resolved, and what its `@LazyInject`s resolved since). Close order is the
    /// reverse.
    ///
    /// ```swift
    /// for step in DependencyContainer.shared.startOrder { print(step.type) }
    /// ```
    public var startOrder: [ResolutionStep] {
        builtSingletons().map(\.info.step)
    }

    /// A built singleton of this container.
    typealias BuiltSingleton = (entry: Entry, info: DefinitionInfo, sequence: UInt64, dependencies: [UInt64], value: Any)

    /// The built singletons of this container (of a scope: the instances it holds), in start
    /// order. Bindings (whose instance is their primary's) order the others and are then left
    /// out, unless `keepingBindings`.
    func builtSingletons(keepingBindings: Bool = false) -> [BuiltSingleton] {
        let registry = registry
        let built = withExtendedLifetime(registry) {
            stateLock.withLock {
                registry.entries.compactMap { entry -> BuiltSingleton? in
                    (entry.builtSingleton() ?? (scope == nil ? nil : entry.heldInstance(in: self)))
                        .map { (entry, entry.info, $0.sequence, $0.dependencies, $0.value) }
                }
            }
        }
        let ordered = DependencyOrder.starting(built, sequence: \.sequence, dependencies: \.dependencies)
        return keepingBindings ? ordered : ordered.filter { !$0.entry.isBinding }
    }
}

/// A service from ``DependencyContainer/managedServices(_:)``: the instance, and which one it
/// is, so that ``DependencyContainer/start(_:timeout:)`` finds what it uses, whatever its shape.
///
/// ```swift
/// for service in try DependencyContainer.shared.managedServices((any Service).self) {
///     print(service.step.type, service.instance)
/// }
/// ```
public struct ManagedService<S> {
    /// The service.
    public let instance: S
    /// The instance's creation number (see `Dependencies`).
    let sequence: UInt64
    /// Its definition's type, tag and site, for logs.
    public let step: ResolutionStep
}

extension ManagedService: Sendable where S: Sendable {}
