/// What the fast path found to build: an entry, and the container to build it in (retained when
/// `retained`, for a root that a `load`/`unload` may replace meanwhile).
@usableFromInline
struct _Found {
    @usableFromInline var entry: UnsafeMutableRawPointer?
    @usableFromInline var container: UnsafeMutableRawPointer?
    @usableFromInline var retained: Bool

    @inlinable
    init() {
        entry = nil
        container = nil
        retained = false
    }

    init(entry: UnsafeMutableRawPointer, container: UnsafeMutableRawPointer, retained: Bool) {
        self.entry = entry
        self.container = container
        self.retained = retained
    }
}

/// What a fast-path lookup found, as a `T`: the existing singleton at `existing`, copied out
/// (which ends the read section the lookup left open), or the entry in `found`, built; `nil`
/// when neither, and the slow path must resolve.
@inlinable @inline(__always)
func _value<T>(_: T.Type, at existing: UnsafeRawPointer?, _ found: inout _Found, file: StaticString, line: UInt) -> T? {
    if let existing {
        defer { _endRead() }
        return existing.assumingMemoryBound(to: T.self).pointee
    }
    if found.entry != nil { return _build(T.self, &found, file: file, line: line) }
    return nil
}

/// Builds what the fast path found into a `T` on the caller's stack; `nil` when a `load` or
/// `unload` retired the entry meanwhile, and the slow path must resolve from the root as it is now.
@inlinable @inline(__always)
func _build<T>(_: T.Type, _ found: inout _Found, file: StaticString, line: UInt) -> T? {
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        let address = buffer.baseAddress.unsafelyUnwrapped
        guard _build(&found, into: UnsafeMutableRawPointer(address), file: file, line: line) else { return nil }
        return address.move()
    }
}

/// Builds `found`'s entry into `buffer`: one non-generic call, whatever the type. Returns `false`,
/// with `buffer` left uninitialized, when the entry was retired by a change of the root.
@usableFromInline
func _build(_ found: inout _Found, into buffer: UnsafeMutableRawPointer, file: StaticString, line: UInt) -> Bool {
    // The container (retained, or held by the caller) keeps the entry's block alive.
    let entry = Entry(opaque: found.entry.unsafelyUnwrapped)
    let container = Unmanaged<DependencyContainer>.fromOpaque(found.container.unsafelyUnwrapped)
    var failure: WiringError?
    container._withUnsafeGuaranteedRef { container in
        do throws(WiringError) {
            try entry.resolveUnpublished(into: buffer, in: container)
        } catch {
            failure = error
        }
    }
    let retry = failure.map { error in
        container._withUnsafeGuaranteedRef { $0.newerRoot(after: error) != nil }
    }
    if found.retained { container.release() }
    if retry == true { return false }
    if let failure { wiringFailure(failure.requested(at: CodeLocation(file, line))) }
    return true
}
