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
        if let container, let verification = container.verification {
            // In a verification sandbox, check the dependency once the owner is built.
            verification.queueLazyCheck { _ = resolve(container) }
        }
    }

    var value: Value {
        if let value = instance.value { return value }
        do {
            // A sandbox builds without `stateLock` (see `Verification`).
            return try instance.initialize(locked: container?.verification == nil) { () throws(WiringError) -> Value in
                if let container { return resolveValue(container) }
                return try DependencyContainer.withCurrent(type: type, tag: tag) { resolveValue($0) }
            }
        } catch {
            wiringFailure(error.requested(at: site))
        }
    }
}
