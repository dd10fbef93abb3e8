/// The registry of a module, built the first time something needs it: a resolve from the
/// module itself, `verify()`, `graph()`. A module that is only composed into others (`modules { }`,
/// `includes(_:)`, `defined(by:)`) never builds one; the container it ends up in builds its own
/// from the definitions, once.
///
/// A duplicate definition is therefore reported where the module is first used (installed as the
/// root, composed into a container that is resolved from, or resolved from itself), as KOIN
/// reports it when the modules start, not where `module { }` is written.
final class LazyRegistry: @unchecked Sendable {
    // `published` is written once, under `lazyRegistryLock`, with release ordering, and read
    // lock-free with acquire ordering (`AtomicReference`); it is the only field.
    private let published = AtomicReference<Built>()

    final class Built: Sendable {
        let registry: Registry
        let eager: EagerStart?

        init(registry: Registry) {
            self.registry = registry
            eager = EagerStart.of(registry.eagerEntries)
        }
    }

    /// The registry of `container` (the module that holds this), building it if this is the first
    /// call. A duplicate among its definitions stops the program with its message.
    @inline(__always)
    func built(for container: DependencyContainer) -> Built {
        // The container that holds this keeps `Built` alive for as long as the caller uses it.
        if let built = published.load() { return built.object }
        return build(for: container)
    }

    /// `body`'s result for the built registry and start, given without a retain: the published
    /// `Built` is never replaced, and `container`, which holds this, outlives the call.
    @inline(__always)
    func withBuilt<Result>(for container: DependencyContainer, _ body: (Built) -> Result) -> Result {
        if let built = published.load() { return built.withObject(body) }
        return body(build(for: container))
    }

    /// Builds the registry of `container` (the module that holds this), out of line, so that
    /// the getters every resolve inlines stay a load and a test.
    @inline(never)
    private func build(for container: DependencyContainer) -> Built {
        lazyRegistryLock.withLock {
            if let built = published.load() { return built.object }
            let registry = orStop { () throws(WiringError) in try Registry.build(definitions: container.definitions) }
            let made = Built(registry: registry)
            _ = published.exchange(made)  // nothing was published before: nothing to release
            return made
        }
    }
}

/// Serializes the first builds of module registries: one lock for every module rather than one
/// allocated per module, since each module builds once, and building runs no code of the app's.
private let lazyRegistryLock = Lock()
