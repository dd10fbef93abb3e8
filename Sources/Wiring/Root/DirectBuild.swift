/// The instance of `T` a throwing resolve returns: the existing singleton at `existing` (found
/// by `_existingInstance`, which left its read section open), else `slowly`'s resolve. Generic
/// inside Wiring, so the temporary is on the heap (see ``builtOnHeap(_:_:)``).
@inline(__always)
func resolvedThrowing<T>(
    _: T.Type, existing: UnsafeRawPointer?, slowly: (UnsafeMutableRawPointer) throws(WiringError) -> Void
) throws(WiringError) -> T {
    if let existing {
        defer { _endRead() }
        return existing.assumingMemoryBound(to: T.self).pointee
    }
    return try builtOnHeap(T.self, slowly)
}
