/// The definitions of a container made of modules (`modules { }`, `includes(_:)`, a root),
/// flattened the first time something asks for them: each definition once, in the order first
/// reached (see ``Part``).
///
/// Composing modules copies no definition: a root builds its registry from its modules' own
/// arrays (see `Registry.build(parts:scope:mode:reusing:)`), and a module that is only composed
/// into others is never flattened. What asks for the flat list (`load`/`unload` on the root,
/// `verify()`, `graph()`, a composed module resolved from directly) pays for it once.
final class LazyDefinitions: @unchecked Sendable {
    // `flat` is published once, under `lazyDefinitionsLock`, and read lock-free with acquire
    // ordering; it is never replaced.
    private let flat = AtomicReference<Flat>()

    /// The flattened definitions, in an object so that they are published with one word.
    private final class Flat: Sendable {
        let definitions: [Definition]

        init(_ definitions: [Definition]) {
            self.definitions = definitions
        }
    }

    init() {}

    /// The definitions of `parts` (the parts of the container that holds this), flattened on
    /// the first call.
    func definitions(of parts: [Part]) -> [Definition] {
        // The container that holds this keeps `Flat` alive while the caller copies the array.
        if let flat = flat.load() { return flat._withUnsafeGuaranteedRef(\.definitions) }
        return flatten(parts)
    }

    /// The definitions, if they were flattened already.
    var flattened: [Definition]? {
        flat.load()?._withUnsafeGuaranteedRef(\.definitions)
    }

    @inline(never)
    private func flatten(_ parts: [Part]) -> [Definition] {
        // Flattened outside the lock: a module inside these parts may flatten its own parts on
        // the way (with this same lock), and two threads that race here make equal arrays.
        let definitions = Definition.packingLines(of: parts.flattened())
        return lazyDefinitionsLock.withLock {
            if let flat = flat.load() { return flat._withUnsafeGuaranteedRef(\.definitions) }
            _ = flat.exchange(Flat(definitions))  // nothing was published before: nothing to release
            return definitions
        }
    }
}

/// Serializes the publication of flattened definitions: one lock for every container, since
/// each publishes once, and only a store happens under it.
private let lazyDefinitionsLock = WordLock()
