/// A built singleton found by a resolve that knows its type, with the read section it was found
/// in still open: the inlinable `resolve()` copies the value out of the entry (a ``TypedEntry``
/// of its type) and then ends the section, as ``PublishedWords`` requires. Handing the value to
/// a closure inside the section instead cost every resolve of a built singleton a call and
/// what it saves and restores, about a third of that resolve.
///
/// Between ``root(_:)`` (or ``of(_:in:)``) and ``end()`` the caller runs only a class check and a
/// copy: a read section never runs user code.
@usableFromInline
struct PublishedRead {
    /// The entry, retained inside the section; its value is read only before ``end()``.
    @usableFromInline let entry: Entry
    private let section: ReadSection

    /// Outside any resolution, the global root's singleton of `type`, if it is built; the section
    /// stays open. The root and the entry are read in place, through the root's cell (see
    /// ``ReferenceCell``), and the entry retained before the section ends; its flag is copied out
    /// of it before it is loaded (see ``PublishedWords``).
    @usableFromInline
    static func free(_ type: ObjectIdentifier) -> PublishedRead? {
        // A nested resolve reads the container of its build, through the general path: in a
        // scope, its declared values and definitions come first.
        guard !ThreadResolution.isResolving else { return nil }
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
        return PublishedRead(entry: entry, section: section)
    }

    /// ``free(_:)`` of `type` with `tag`. The tags are compared outside the section: a tag's `==`
    /// is the caller's code, which a section never runs.
    @usableFromInline
    static func free<Tag: Hashable & Sendable>(_ type: ObjectIdentifier, tag: Tag) -> PublishedRead? {
        guard !ThreadResolution.isResolving, let root = readRoot(),
            let entry = root.ownRegistry.entry(for: type, tag: tag), let word = entry.publishedWord
        else { return nil }
        let section = ReadSection.enter()
        guard PublishedWords.isPublished(word) else {
            section.exit()
            return nil
        }
        return PublishedRead(entry: entry, section: section)
    }

    /// `container`'s singleton of `type`, if it is built and nothing must be decided before it
    /// (a module or a root version; see ``DependencyContainer/publishedSingleton(_:deliver:)``),
    /// noted as a dependency of the build this resolve is part of; the section stays open.
    @usableFromInline
    static func of(_ type: ObjectIdentifier, in container: DependencyContainer) -> PublishedRead? {
        // (Inside a build too: what a build resolves from a container it names is noted.)
        switch container.role {
        case .module, .rootVersion: break
        case .scope, .sandbox, .collecting: return nil
        }
        guard let entry = container.withRegistry({ $0.entry(for: type) }), let word = entry.publishedWord else {
            return nil
        }
        let section = ReadSection.enter()
        guard PublishedWords.isPublished(word) else {
            section.exit()
            return nil
        }
        // Written before the singleton was published, and never after (see `Entry.buildSingleton`).
        DependencyCollector.note(entry.sequence)
        return PublishedRead(entry: entry, section: section)
    }

    /// Ends the section, once the value is copied. Not inlined (see
    /// ``ReadSection/exitAfterRetaining()``): no retain of the copy moves past it.
    @usableFromInline
    func end() {
        section.exitAfterRetaining()
    }
}

