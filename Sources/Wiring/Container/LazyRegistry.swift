/// The registry of a module, built the first time something needs it: a resolve from the
/// module itself, `verify()`, `graph()`. A module that is only composed into others (`modules { }`,
/// `includes(_:)`, `defined(by:)`) never builds one; the container it ends up in builds its own
/// from the definitions, once.
///
/// A duplicate definition is therefore reported where the module is first used (installed as the
/// root, composed into a container that is resolved from, or resolved from itself), as KOIN
/// reports it when the modules start, not where `module { }` is written.
///
/// One allocation: the word `Built` is published in is this object's own tail storage, not a
/// word allocated beside it (a module made is a container and this, and nothing else until used).
final class LazyRegistry: ManagedBuffer<Void, UnsafeMutableRawPointer?> {
    // The one element, the published `Built` (retained), is written once, under
    // `lazyRegistryLock`, with release ordering, and read lock-free with acquire ordering.

    /// A registry not built yet.
    static func make() -> LazyRegistry { makeUnpublished() }

    /// The built registry, unretained (this object holds it), or `nil` before.
    @inline(__always)
    private func loadBuilt() -> Unmanaged<Built>? {
        AtomicReference<Built>.load(from: publishedWord)
    }

    deinit {
        AtomicReference<Built>.release(in: publishedWord)
    }

    /// What a module builds on first use: its registry and its eager singletons' start.
    final class Built: Sendable {
        let registry: Registry
        let eager: EagerStart?

        init(registry: Registry) {
            self.registry = registry
            eager = EagerStart.of(registry.eagerEntries)
        }
    }

    /// The registry of `definitions`, building it if this is the first call. A duplicate among
    /// them stops the program with its message.
    @inline(__always)
    func built(for container: DependencyContainer) -> Built {
        // The container that holds this keeps `Built` alive for as long as the caller uses it.
        if let built = loadBuilt() { return built.takeUnretainedValue() }
        return build(for: container)
    }

    /// The fast path's slot for `type` and `tag`, once the registry is built; `nil` before.
    @inline(never)
    func slot(for type: ObjectIdentifier, tag: _TagKey) -> ResolveTable.Slot? {
        // The container keeps `Built` alive while it resolves: read without a retain.
        loadBuilt()?.takeUnretainedValue().registry.table.slot(for: type, tag: tag)
    }

    /// Builds the registry of `container` (the module that holds this), out of line, so that
    /// the getters every resolve inlines stay a load and a test.
    @inline(never)
    private func build(for container: DependencyContainer) -> Built {
        lazyRegistryLock.withLock {
            if let built = loadBuilt() { return built.takeUnretainedValue() }
            let registry: Registry
            do throws(WiringError) {
                registry = try Registry.build(definitions: container.definitions)
            } catch {
                wiringFailure(error)
            }
            let made = Built(registry: registry)
            _ = AtomicReference.exchange(made, in: publishedWord)  // nothing was published before: nothing to release
            return made
        }
    }
}

/// Serializes the first builds of module registries: one lock for every module rather than one
/// allocated per module, since each module builds once, and building runs no code of the app's.
private let lazyRegistryLock = Lock()
