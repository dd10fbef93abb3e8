/// A singleton's entry, which holds the value it built: one object per singleton per container,
/// where an entry and a box holding its value were two.
///
/// Generic over the stored type, `T?` for a singleton of `T` (named `TypedEntry<T?>`), not over
/// `T`: Wiring's own code, which is not specialized, reads the metadata of a generic argument
/// where it is, but looks up that of `Optional<T>` in the runtime's cache (hundreds of
/// instructions) wherever it makes, assigns or destroys one, as every entry's `init` and
/// `deinit` would.
///
/// How `value` is written and read is the publication invariant (see ``PublishedWords``): written
/// once, by the build that claimed the entry (when it ``Entry/mayHold``), before the release
/// store that publishes it; never again while it is published; read only where the flag was seen
/// set, inside a read section or under `stateLock`, and copied out there (the inlinable
/// `resolve()` does, through its ``Deliver``); dropped once no read section can see it after it
/// was unpublished, or with the entry. A definition that comes back gets a new entry.
@usableFromInline
final class TypedEntry<Stored: OptionalValue>: Entry, @unchecked Sendable {
    // `value` is only touched as the invariant above says.
    /// The singleton's value, once it is built.
    @usableFromInline
    @exclusivity(unchecked) var value: Stored = nil

    required init(
        info: DefinitionInfo, mode: EntryMode, primary: Entry?, slot: Int, words: (block: PublishedWords, index: Int)
    ) {
        super.init(info: info, mode: mode, primary: primary, slot: slot, words: words)
    }

    /// Holds `value`, built by the build that claimed this entry, before it is published, if that
    /// build ``Entry/mayHold``; whether it did (else the builder boxes the value). Inlined into
    /// the builder, where the type is known: here a value is assigned through its type's witnesses.
    @inlinable
    func hold(_ value: Stored) -> Bool {
        guard mayHold else { return false }
        self.value = value
        return true
    }

    override func holdAny(_ value: Any) -> Bool {
        guard mayHold, let value = Stored(casting: value) else { return false }
        self.value = value
        return true
    }

    override var singletonValue: Any? { value.any }

    override func takeSingleton() -> Any? {
        let taken = value.any
        value = nil
        return taken
    }

    override func dropSingleton() {
        value = nil
    }
}

/// `Optional`, as a ``TypedEntry`` stores its value. What its unspecialized code does with the
/// value goes through these requirements, whose witnesses are given `Optional<Wrapped>` as their
/// `Self`: done in `TypedEntry`, each would look that type up in the runtime's cache.
@usableFromInline
protocol OptionalValue: ExpressibleByNilLiteral {
    associatedtype Wrapped
    /// `value` as `Wrapped`, if it is one.
    init?(casting value: Any)
    /// The wrapped value as `Any`, if there is one.
    var any: Any? { get }
}

extension Optional: OptionalValue {
    @usableFromInline
    init?(casting value: Any) {
        guard let value = value as? Wrapped else { return nil }
        self = .some(value)
    }

    @usableFromInline
    var any: Any? {
        guard case .some(let value) = self else { return nil }
        return value
    }
}
