/// A built value as Wiring hands it around: the value as `Any`, and, for a value built where its
/// type was known (``TypedInstance``), the value as that type too, so that a resolve of that
/// type takes it with a class check instead of a dynamic cast.
///
/// A singleton's value is not boxed: its entry holds it (see ``TypedEntry``), and a resolve that
/// does not know its type gets it boxed on the way out.
@usableFromInline
class Instance {
    @usableFromInline
    init() {}

    /// The value. Each kind stores it once and gives it here: a typed instance that kept an
    /// `Any` copy beside its typed value paid a retain, a release and 32 bytes per build.
    @usableFromInline
    var any: Any { preconditionFailure("Wiring: an Instance was made without a value") }

    /// The value as `T`, the type it was resolved for. Inlined into the public entry points,
    /// where `T` is known: there the class check costs a few instructions.
    @inlinable
    final func value<T>(as _: T.Type) -> T {
        if let typed = self as? TypedInstance<T> { return typed.value }
        // Boxed where its type was not known (a `TypedInstance<Any>`): a value of the resolved
        // type's definition, so the cast cannot fail.
        return any as! T
    }
}

/// An ``Instance`` built where its type is known; a `TypedInstance<Any>` holds a value whose
/// type was not known where it was boxed (a weak instance found again, a parameter).
@usableFromInline
final class TypedInstance<Value>: Instance {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
        super.init()
    }

    @usableFromInline
    override var any: Any { value }
}

/// A builder that returns `factory()`'s value as a ``TypedInstance``. `TypedInstance<T>`'s
/// metadata is found here, once per definition: named inside the builder, Wiring's unspecialized
/// code would look it up in the runtime's cache on every build. Inlined into the DSL's
/// inlinable forms, where `T` is known, it is a cached load.
@inlinable
func typedBuilder<T>(_ factory: @escaping @Sendable () throws -> T) -> Builder {
    let typed = TypedInstance<T>.self
    return { _ in makeInstance(typed, try factory()) }
}

/// A singleton's builder: it stores `factory()`'s value in the entry that builds it, a
/// ``TypedEntry`` of `T` (then `nil`: nothing is boxed), or, built for an entry of another
/// lifetime (a modifier changed it), returns it boxed. `TypedInstance<T>` is named only where it
/// is made: a definition that names it and `TypedEntry<T?>` pays the runtime for both types' metadata.
@inlinable
func holdingBuilder<T>(_ factory: @escaping @Sendable () throws -> T) -> Builder {
    return { entry in
        let value = try factory()
        if let holding = entry as? TypedEntry<T?>, holding.hold(value) { return nil }
        return makeInstance(TypedInstance<T>.self, value)
    }
}

/// The builder of a definition of `lifetime` and the entry a singleton of it has (see
/// ``DefinitionInfo/holder``): where the lifetime is not a constant of the DSL form.
@inlinable
func builder<T>(_ lifetime: Lifetime, _ factory: @escaping @Sendable () throws -> T) -> (Builder, Entry.Type) {
    guard lifetime == .singleton else { return (typedBuilder(factory), TypedEntry<Any?>.self) }
    return (holdingBuilder(factory), TypedEntry<T?>.self)
}

/// A `type` holding `value`. Not inlinable: its caller, specialized for `T`, would otherwise
/// fetch `TypedInstance<T>`'s metadata from the runtime's cache on every build; here the
/// metatype it was given is used as it is.
@usableFromInline
func makeInstance<T>(_ type: TypedInstance<T>.Type, _ value: T) -> Instance {
    type.init(value)
}

/// A `factory`'s closure, kept where its type, `Value`, is known, so that a resolve of that type
/// (the inlinable `resolve()`) can take the value from it unboxed: given one through its
/// ``Deliver``, it checks it is a `TypedFactory<T>` (a class check, where `T` is known) and calls
/// the closure itself. Only factories have one: a singleton's value is built once and kept, so
/// a box costs it nothing per resolve, and an object per definition would cost every start-up.
@usableFromInline
final class TypedFactory<Value>: Sendable {
    @usableFromInline let factory: @Sendable () throws -> Value

    @inlinable
    init(_ factory: @escaping @Sendable () throws -> Value) {
        self.factory = factory
    }

    /// The closure's value. A method, so that the closure is called on this object as it is
    /// borrowed: read out of it and called, its context was retained and released around the call.
    @inlinable
    func make() throws -> Value { try factory() }
}

/// What a resolve that knows its type is offered, to take its value without a box (see ``Deliver``).
@usableFromInline
enum Offer {
    /// A factory's ``TypedFactory``, inside its build's frame: the resolve builds the value itself.
    case factory(any AnyObject & Sendable)
    /// A published singleton's entry (a ``TypedEntry``), inside a read section or under
    /// `stateLock`, either of which keeps its value from being dropped meanwhile: the resolve
    /// copies the value out, there (see ``PublishedWords``).
    case singleton(Entry)
}

/// How a resolve that knows its type takes a value unboxed: given an ``Offer``, it takes the
/// value when the offer is of its type and returns `true`; `false` leaves the value to be boxed.
/// The inlinable `resolve()` passes one that writes into a local of its own (see
/// ``typedResolve(_:)``), so that a factory resolve allocates nothing but the user's object, and
/// a singleton's value is never boxed.
@usableFromInline
typealias Deliver = (_ offer: Offer) throws -> Bool

/// The value a typed resolve returns: what `resolve` gives back (see
/// ``resolveInstance(_:isInstance:deliver:file:line:)``), taken as `T`, or, when it delivered a
/// value (`nil`), that value, built by the user's closure or copied from its singleton's entry
/// into a local of this frame. Inlined into the public `resolve()` forms, where `T` is known:
/// the offers' class checks and the instance's are a few instructions there.
@inlinable
@inline(__always)
func typedResolve<T, Failure: Error>(
    _ resolve: (_ deliver: Deliver) throws(Failure) -> Instance?
) throws(Failure) -> T {
    var made: T?
    let instance = try resolve { offer in
        switch offer {
        case .factory(let factory):
            guard let typed = factory as? TypedFactory<T> else { return false }
            made = try typed.make()
        case .singleton(let entry):
            guard let typed = entry as? TypedEntry<T?> else { return false }
            made = typed.value
        }
        return made != nil
    }
    // Consumed, not copied: the branch that returns the instance then knows `made` is empty, and
    // destroys nothing (a copy would leave an empty optional to release on every resolve).
    switch consume made {
    case .some(let value): return value
    case .none:
        guard let instance else { preconditionFailure("Wiring: a resolve of \(T.self) returned no value") }
        return instance.value(as: T.self)
    }
}
