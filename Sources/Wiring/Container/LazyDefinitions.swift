/// The definitions of a container made of modules (`modules { }`, `includes(_:)`, a root),
/// flattened the first time something asks for them: each definition once, in the order first
/// reached (see ``Part``).
///
/// Composing modules copies no definition: a root builds its registry from its modules' own
/// arrays (see `Registry.build(parts:scope:mode:reusing:)`), and a module that is only composed
/// into others is never flattened. What asks for the flat list (`load`/`unload` on the root,
/// `verify()`, `graph()`, a composed module resolved from directly) pays for it once.
///
/// One allocation: the word the flattened definitions are published in is this object's own
/// tail storage (as ``LazyRegistry``'s), not a word allocated beside it.
final class LazyDefinitions: ManagedBuffer<Void, UnsafeMutableRawPointer?> {
    // The one element, the published `Flat` (retained), is written once, under
    // `lazyDefinitionsLock`, with release ordering, read lock-free with acquire ordering, and
    // never replaced.

    /// Definitions not flattened yet.
    static func make() -> LazyDefinitions { makeUnpublished() }

    private func load() -> Unmanaged<Flat>? {
        AtomicReference<Flat>.load(from: publishedWord)
    }

    deinit {
        AtomicReference<Flat>.release(in: publishedWord)
    }

    /// The flattened definitions, in an object so that they are published with one word.
    private final class Flat: Sendable {
        let definitions: [Definition]

        init(_ definitions: [Definition]) {
            self.definitions = definitions
        }
    }

    /// The definitions of `parts` (the parts of the container that holds this), flattened on
    /// the first call.
    func definitions(of parts: [Part]) -> [Definition] {
        // The container that holds this keeps `Flat` alive while the caller copies the array.
        if let flat = load() { return flat.takeUnretainedValue().definitions }
        return flatten(parts)
    }

    /// The definitions, if they were flattened already.
    var flattened: [Definition]? {
        load()?.takeUnretainedValue().definitions
    }

    @inline(never)
    private func flatten(_ parts: [Part]) -> [Definition] {
        // Flattened outside the lock: a module inside these parts may flatten its own parts on
        // the way (with this same lock), and two threads that race here make equal arrays.
        let definitions = parts.flattened()
        return lazyDefinitionsLock.withLock {
            if let flat = load() { return flat.takeUnretainedValue().definitions }
            _ = AtomicReference.exchange(Flat(definitions), in: publishedWord)  // nothing was published before: nothing to release
            return definitions
        }
    }
}

/// Serializes the publication of flattened definitions: one lock for every container, since
/// each publishes once, and only a store happens under it.
private let lazyDefinitionsLock = Lock()
