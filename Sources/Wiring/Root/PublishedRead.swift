/// What a resolve that knows its type takes without its general path: a built singleton, found
/// with the read section it was found in still open, or a value declared in a scope. The
/// inlinable `resolve()` copies a singleton's value out of its entry (a ``TypedEntry`` of its
/// type) and then ends the section, as ``PublishedWords`` requires. Handing the value to a
/// closure inside the section instead cost every resolve of a built singleton a call and what it
/// saves and restores, about a third of that resolve.
///
/// Between the read and ``value(as:)`` the caller runs nothing: a read section never runs user
/// code.
@usableFromInline
enum PublishedRead {
    /// A built singleton's entry, retained inside the section, which is still open.
    case built(Entry, ReadSection)
    /// A value declared in a scope (see ``ScopeState/passing(_:)``), boxed: it needs no section.
    case declared(Instance)

    /// The value as `T`, the type resolved, ending the section of a built singleton; `nil` when
    /// the singleton's entry is not of `T` (a binding's value read as another type), for the
    /// general path.
    @inlinable
    func value<T>(as _: T.Type) -> T? {
        switch self {
        case .built(let entry, let section):
            let value = (entry as? TypedEntry<T?>)?.value
            PublishedRead.end(section)
            return value
        case .declared(let instance):
            return instance.value(as: T.self)
        }
    }

    /// For a general path, which does not know the type: a singleton's value offered to `deliver`
    /// (then `nil`), else boxed, and its section ended; a declared value as it is.
    func take(deliver: Deliver) -> Instance? {
        switch self {
        case .built(let entry, let section):
            let taken = entry.offer(to: deliver)
            section.exitAfterRetaining()
            return taken
        case .declared(let instance):
            return instance
        }
    }

    /// Ends a built singleton's section, once its value is copied. Not inlined (see
    /// ``ReadSection/exitAfterRetaining()``): no retain of the copy moves past it.
    @usableFromInline
    static func end(_ section: ReadSection) {
        section.exitAfterRetaining()
    }

    /// What a free `resolve()` of `type` takes at once: in the container of the build it is
    /// nested in, what ``of(_:in:)`` finds; outside any, the global root's singleton of `type`,
    /// if it is built. The root and the entry are read in place, through the root's cell (see
    /// ``ReferenceCell``), and the entry retained before the section ends; its flag is copied out
    /// of it before it is loaded (see ``PublishedWords``).
    @usableFromInline
    static func free(_ type: ObjectIdentifier) -> PublishedRead? {
        if ThreadResolution.isResolving {
            guard let container = DependencyContainer.resolving else { return nil }
            return of(type, in: container)
        }
        let section = ReadSection.enter()
        // A root version is built at once: its registry is its own.
        guard let root = globalRootContainer(), case .rootVersion = root.object.role,
            let entry = root.object.ownRegistry.entry(for: type), let word = entry.publishedWord,
            PublishedWords.isPublished(word)
        else {
            section.exit()
            return nil
        }
        // Nothing to note (see `DependencyCollector.note`): outside any build.
        assert(!ThreadResolution.isCollecting, "Wiring: a dependency collector is active outside any build")
        return .built(entry, section)
    }

    /// ``free(_:)`` of `type` with `tag`, outside any resolution. The tags are compared outside
    /// the section: a tag's `==` is the caller's code, which a section never runs.
    @usableFromInline
    static func free<Tag: Hashable & Sendable>(_ type: ObjectIdentifier, tag: Tag) -> PublishedRead? {
        guard !ThreadResolution.isResolving, let entry = rootEntry(for: type, tag: tag) else { return nil }
        return published(entry)
    }

    /// The global root's entry of `type` with `tag`. Apart, and not inlined, so that the root is
    /// released before a section begins: a root replaced meanwhile may be freed by that release,
    /// and with it a module's closures and what they hold, whose `deinit` a section never runs.
    @inline(never)
    private static func rootEntry<Tag: Hashable & Sendable>(for type: ObjectIdentifier, tag: Tag) -> Entry? {
        readRoot()?.ownRegistry.entry(for: type, tag: tag)
    }

    /// What a resolve of `type` in `container` takes at once, if nothing must be decided before
    /// it: a module's or a root's built singleton, noted as a dependency of the build this
    /// resolve is part of (a published singleton was never retired: retiring unpublishes it);
    /// in a scope where nothing may stand in front of it (no definition of the type there, none
    /// with parameters, no value of it announced, no link, the scope open: see
    /// ``ScopeState/passing(_:)``), the value of `type` declared there, or what the container it
    /// was opened from has. What a scope resolves most (the root's singletons and the request's
    /// declared values, from its scoped factories) then takes one lock, not the general path's.
    /// Never in a verification sandbox, which records every resolve.
    @usableFromInline
    static func of(_ type: ObjectIdentifier, in container: DependencyContainer) -> PublishedRead? {
        switch container.role {
        case .module, .rootVersion:
            guard let entry = container.withRegistry({ $0.entry(for: type) }), let read = published(entry) else {
                return nil
            }
            // Written before the singleton was published, and never after (see `Entry.buildSingleton`).
            DependencyCollector.note(entry.sequence)
            return read
        case .scope(let scope):
            // A scope is built at once: its registry is its own.
            let registry = container.ownRegistry
            guard registry.entry(for: type) == nil, !registry.announces(type) else {
                return nil
            }
            switch scope.passing(type) {
            case .declared(let value): return .declared(value)
            case .pass: return of(type, in: scope.parent)
            case .stop: return nil
            }
        case .sandbox, .collecting:
            return nil
        }
    }

    /// `entry`'s singleton, if it is built, with the section it was seen in.
    private static func published(_ entry: Entry) -> PublishedRead? {
        guard let word = entry.publishedWord else { return nil }
        let section = ReadSection.enter()
        guard PublishedWords.isPublished(word) else {
            section.exit()
            return nil
        }
        return .built(entry, section)
    }
}
