/// The state behind ``LazyInject`` and ``OptionalInject``: resolved once, on first read.
///
/// It remembers the container that was building the owner when the wrapper was created, so a
/// lazily injected value comes from the same container as an eagerly injected one.
final class LazyStorage<Value>: @unchecked Sendable {
    // `instance` is written once (see `OnceValue`) and read with acquire ordering; every
    // other field is immutable.
    private let instance = OnceValue<Value>()
    private let container: DependencyContainer?
    private let type: Any.Type
    private let tag: Tag?
    private let site: CodeLocation
    private let resolveValue: @Sendable (DependencyContainer) -> Value
    /// The build that made this wrapper, which the value resolved later counts as a dependency
    /// of (see ``Dependencies``); `nil` outside a build.
    private let owner: LateDependencies?

    init(
        file: StaticString,
        line: UInt,
        tag: Tag? = nil,
        resolve: @escaping @Sendable (DependencyContainer) -> Value
    ) {
        self.container = DependencyContainer.resolving
        self.type = Value.self
        self.tag = tag
        self.site = CodeLocation(file, line)
        self.resolveValue = resolve
        self.owner = container?.verification == nil ? DependencyCollector.lateDependencies() : nil
        if let container, let verification = container.verification {
            // In a verification sandbox, check the dependency once the owner is built.
            verification.queueLazyCheck { _ = resolve(container) }
        }
    }

    var value: Value {
        if let value = instance.value { return value }
        return orStop(at: site) { () throws(WiringError) in
            // A sandbox builds without `stateLock` (see `Verification`).
            return try instance.initialize(locked: container?.verification == nil) { () throws(WiringError) -> Value in
                if let container, let owner { return resolve(from: container, for: owner) }
                if let container { return resolveValue(container) }
                return try DependencyContainer.withCurrent(type: type, tag: tag) { resolveValue($0) }
            }
        }
    }

    /// Resolves as the owner's build would have, in a frame of the owner's, so that what it
    /// resolves counts as the owner's dependency and a failure's path starts at the owner.
    private func resolve(from container: DependencyContainer, for owner: LateDependencies) -> Value {
        var value: Value?
        let resolved = withExtendedLifetime(owner.owner) {
            try? DependencyCollector.collecting(for: owner.owner) { () throws(WiringError) in
                try ResolutionFrame.with(container: container, info: owner.owner) { () throws(WiringError) in
                    value = resolveValue(container)
                }
            }
        }
        owner.add(resolved?.all ?? [])
        // Only a cycle check can throw there, before the resolve: resolved plainly, it reports.
        return value ?? resolveValue(container)
    }
}
