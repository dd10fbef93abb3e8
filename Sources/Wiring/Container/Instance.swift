/// A built value as Wiring hands it around: the value as `Any`, and, for a value built where its
/// type was known (``TypedInstance``), the value as that type too, so that a resolve of that
/// type takes it with a class check instead of a dynamic cast.
///
/// A published singleton is one (see ``Entry``); its `sequence` is written before it is
/// published and never after.
@usableFromInline
class Instance {
    /// When it was built, for the closing order (see ``Released``); 0 in a verification sandbox.
    var sequence: UInt64 = 0

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
