/// A built value as Wiring hands it around: the value as `Any`, and, for a value built where its
/// type was known (``TypedInstance``), the value as that type too, so that a resolve of that
/// type takes it with a class check instead of a dynamic cast.
///
/// A published singleton is one (see ``PublishedWords``); when it was built is its entry's
/// (``InstanceState/sequence``), kept once.
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
        // Built where its type was not known (a weak instance found again, a parameter): a
        // value of the resolved type's definition, so the cast cannot fail.
        return any as! T
    }
}

/// An ``Instance`` built where its type is known.
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

/// An ``Instance`` of a value whose type was not known where it was made.
@usableFromInline
final class UntypedInstance: Instance {
    @usableFromInline let stored: Any

    @usableFromInline
    init(_ value: Any) {
        stored = value
        super.init()
    }

    @usableFromInline
    override var any: Any { stored }
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

/// How a resolve that knows its type takes a factory's value unboxed: given a factory's
/// ``TypedFactory`` (inside its build's frame), it builds the value itself and returns `true`
/// when that is a factory of its type; `false` leaves the build to the definition's builder,
/// boxed. The inlinable `resolve()` passes one that writes into a local of its own (see
/// ``typedResolve(_:)``), so that a factory resolve allocates nothing but the user's object.
@usableFromInline
typealias Deliver = (_ factory: any AnyObject & Sendable) throws -> Bool

/// The value a typed resolve returns: what `resolve` gives back (see
/// ``resolveInstance(_:isInstance:deliver:file:line:)``), taken as `T`, or, when it delivered a
/// factory's value (`nil`), that value, built by the user's closure into a local of this frame.
/// Inlined into the public `resolve()` forms, where `T` is known: the factory's class check and
/// the instance's are a few instructions there.
@inlinable
@inline(__always)
func typedResolve<T>(_ resolve: (_ deliver: Deliver) -> Instance?) -> T {
    var made: T?
    let instance = resolve { factory in
        guard let typed = factory as? TypedFactory<T> else { return false }
        made = try typed.make()
        return true
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
