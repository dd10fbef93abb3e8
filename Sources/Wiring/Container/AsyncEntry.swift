/// An async definition (`single { await … }`), type-erased for the container's table.
protocol AnyAsyncEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }

    /// Lets go of the built single (its module was unloaded, or its container closed); later
    /// resolves build it again.
    func retire(closing: Bool) -> Retirement?
}

/// `single { await Database.open() }` or `factory { await … }` inside one container.
///
/// A single is built by one unstructured task, started by the first caller; every caller,
/// first or concurrent or later, awaits that task's value, so the factory runs exactly once.
final class AsyncEntry<Value: Sendable>: AnyAsyncEntry, @unchecked Sendable {
    // `task` is only touched under `lock`; everything else is immutable.
    let info: DefinitionInfo
    private let factory: @Sendable () async -> Value
    private let lock = Lock()
    private var task: Task<Value, Never>?

    init(info: DefinitionInfo, factory: @escaping @Sendable () async -> Value) {
        self.info = info
        self.factory = factory
    }

    func retire(closing: Bool) -> Retirement? {
        lock.withLock {
            defer { task = nil }
            return task.map { .instance(Released(value: $0, sequence: 0, onClose: nil)) }
        }
    }

    func resolve(in container: DependencyContainer) async -> Value {
        guard info.lifetime == .singleton else { return await build(in: container) }
        let building = lock.withLock { () -> Task<Value, Never> in
            if let existing = task { return existing }
            let started = Task { await self.build(in: container) }
            task = started
            return started
        }
        return await building.value
    }

    /// Runs the factory with `container` as the task's root, so that `resolve()` inside it, on
    /// whatever thread it resumes, reads the container that builds the value.
    private func build(in container: DependencyContainer) async -> Value {
        await DependencyContainer.withRoot(container, isolation: nil) {
            await factory()
        }
    }
}
