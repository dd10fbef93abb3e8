/// Whether a value of one type can ever be seen as another, decided from the types alone, so
/// that `.onClose { (x: T) in … }` and `.bind(T.self)` on a definition of an unrelated type stop
/// where they are written instead of being silently skipped (or failing at the first resolve).
///
/// Conservative: it answers `false` only when both types are concrete (a struct, an enum, a
/// tuple, a function or a class) and neither is the other, nor, for classes, a subclass of the
/// other. Anything involving an existential (`any P`, `Any`, `AnyObject`) or an optional may
/// hold, and is left to the cast at run time. Runs where a definition is declared, never on a
/// resolve.
enum TypeRelation {
    /// Whether a value declared as `declared` may be a `wanted` (see ``TypeRelation``).
    static func mayHold(_ declared: Any.Type, as wanted: Any.Type) -> Bool {
        if declared == wanted || mayHoldOthers(declared) || mayHoldOthers(wanted) { return true }
        guard declared is AnyClass, wanted is AnyClass else { return false }
        func open<First>(_: First.Type) -> Bool {
            func open<Second>(_: Second.Type) -> Bool {
                First.self is Second.Type || Second.self is First.Type
            }
            return open(wanted)
        }
        return open(declared)
    }

    /// Whether values of `type` may be of other types: an existential, whose metatype is a
    /// protocol metatype (`P.Protocol`, `Any.Protocol`), or an optional. Told by the metatype's
    /// name (no public API says it), once per type: a name costs thousands of instructions, and
    /// a module made in a function (a test's, a configured one) asks again each time it is made.
    private static func mayHoldOthers(_ type: Any.Type) -> Bool {
        if type is AnyClass { return false }
        let key = ObjectIdentifier(type)
        if let known = known.withLock({ $0[key] }) { return known }
        let metatype = String(describing: Swift.type(of: type))
        let answer = metatype.hasSuffix(".Protocol") || metatype.hasPrefix("Optional<")
        known.withLock { $0[key] = answer }
        return answer
    }

    private static let known = LockedValue<[ObjectIdentifier: Bool]>([:])
}
