/// What the fast path found to build or copy, by `kind`:
/// - ``Kind/entry``: an entry, and the container to build it in;
/// - ``Kind/entryInRetainedContainer``: the same, the container retained (a root that a
///   `load`/`unload` may replace meanwhile);
/// - ``Kind/declaredObject``, ``Kind/declaredBox``: a value declared in a scope, in `entry`,
///   retained once for this resolve: a class instance itself, or the ``HeldValue`` holding it.
@usableFromInline
struct _Found {
    @usableFromInline var entry: UnsafeMutableRawPointer?
    @usableFromInline var container: UnsafeMutableRawPointer?
    @usableFromInline var kind: UInt8
    /// What a failed build reports, retained (a ``FailedBuild``); set only by `_build`, on a
    /// failure the caller must stop with. A plain pointer, so that a resolve that does not fail
    /// has nothing to destroy.
    @usableFromInline var failure: UnsafeMutableRawPointer?

    @inlinable
    init() {
        entry = nil
        container = nil
        kind = 0
        failure = nil
    }

    init(entry: UnsafeMutableRawPointer, container: UnsafeMutableRawPointer, retained: Bool) {
        self.entry = entry
        self.container = container
        kind = retained ? Kind.entryInRetainedContainer : Kind.entry
        failure = nil
    }

    init(declared value: UnsafeMutableRawPointer, isObject: Bool) {
        entry = value
        container = nil
        kind = isObject ? Kind.declaredObject : Kind.declaredBox
        failure = nil
    }

    enum Kind {
        static let entry: UInt8 = 0
        static let entryInRetainedContainer: UInt8 = 1
        static let declaredObject: UInt8 = 2
        static let declaredBox: UInt8 = 3
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
        guard _build(&found, into: UnsafeMutableRawPointer(address)) else {
            if found.failure != nil { _stop(&found, file: file, line: line) }
            return nil
        }
        return address.move()
    }
}

/// Builds `found`'s entry into `buffer`: one non-generic call, whatever the type. Returns `false`,
/// with `buffer` left uninitialized, when the entry was retired by a change of the root (the
/// slow path resolves again), or when the build failed: then `found.failure` is set, and the
/// caller stops with `_stop`.
///
/// Every level of a deep graph of factories passes through this frame: it takes no more than
/// it needs (the caller's site is only read on failure, by `_stop`), and what only a declared
/// value or a failure needs is out of line, so that the frame stays small.
@usableFromInline
func _build(_ found: inout _Found, into buffer: UnsafeMutableRawPointer) -> Bool {
    guard let failed = build(found, into: buffer) else { return true }
    found.failure = reported(failed, found)
    return false
}

/// `finishFailed`, with the error to report boxed for `_stop`; `nil` to retry.
@inline(never)
private func reported(_ error: WiringError, _ found: _Found) -> UnsafeMutableRawPointer? {
    finishFailed(error, found).map { Unmanaged.passRetained(FailedBuild($0)).toOpaque() }
}

/// Stops the program with the failure `_build` left in `found`, requested at `file`:`line`.
@usableFromInline
func _stop(_ found: inout _Found, file: StaticString, line: UInt) -> Never {
    let failed = Unmanaged<FailedBuild>.fromOpaque(found.failure.unsafelyUnwrapped).takeRetainedValue()
    wiringFailure(failed.error.requested(at: CodeLocation(file, line)))
}

/// A failed build's error, on its way from `_build` to `_stop`.
final class FailedBuild {
    let error: WiringError

    init(_ error: WiringError) {
        self.error = error
    }
}

/// `_build`, throwing what the build threw (for `resolveThrowing`).
func buildFound(_ found: inout _Found, into buffer: UnsafeMutableRawPointer) throws(WiringError) -> Bool {
    guard let failed = build(found, into: buffer) else { return true }
    if let failure = finishFailed(failed, found) { throw failure }
    return false
}

/// The build both share: `nil` once `buffer` holds the value, else what the build threw (the
/// container is then still retained, for `finishFailed`).
@inline(__always)
private func build(_ found: _Found, into buffer: UnsafeMutableRawPointer) -> WiringError? {
    if found.kind >= _Found.Kind.declaredObject { return copyDeclared(found, into: buffer) }
    // The container (retained, or held by the caller) keeps the entry's block alive.
    let entry = Entry(opaque: found.entry.unsafelyUnwrapped)
    let container = Unmanaged<DependencyContainer>.fromOpaque(found.container.unsafelyUnwrapped)
    var failed: WiringError?
    do throws(WiringError) {
        try entry.resolveUnpublished(into: buffer, in: container.takeUnretainedValue())
    } catch {
        failed = error
    }
    if failed == nil, found.kind == _Found.Kind.entryInRetainedContainer { container.release() }
    return failed
}

/// Initializes `buffer` with the declared value `found` holds, retained once for this resolve.
@inline(never)
private func copyDeclared(_ found: _Found, into buffer: UnsafeMutableRawPointer) -> WiringError? {
    if found.kind == _Found.Kind.declaredObject {
        // The reference, retained once for this resolve, moves into `buffer`: the memory of a
        // class type (declared values are found by their exact type), one reference.
        buffer.initializeMemory(as: UnsafeMutableRawPointer.self, repeating: found.entry.unsafelyUnwrapped, count: 1)
        return nil
    }
    let box = Unmanaged<HeldValue>.fromOpaque(found.entry.unsafelyUnwrapped).takeRetainedValue()
    ErasedValue.copy(box.type, from: box.storage, to: buffer)
    return nil
}

/// After a build of `found` failed with `error`: releases a retained container, and returns the
/// error to report, or `nil` when a change of the root retired the entry meanwhile and the
/// resolve should try again on the root as it is now.
@inline(never)
private func finishFailed(_ error: WiringError, _ found: _Found) -> WiringError? {
    let container = Unmanaged<DependencyContainer>.fromOpaque(found.container.unsafelyUnwrapped)
    let retry = container.takeUnretainedValue().newerRoot(after: error) != nil
    if found.kind == _Found.Kind.entryInRetainedContainer { container.release() }
    return retry ? nil : error
}

/// What `resolveThrowing` returns: the existing singleton or what the fast path found (see
/// `_existingInstance`), else `slowly`'s resolve. Generic inside Wiring, so the temporary is
/// on the heap (see ``builtOnHeap(_:_:)``).
@inline(__always)
func resolvedThrowing<T>(
    _: T.Type, existing: UnsafeRawPointer?, _ found: inout _Found,
    slowly: (UnsafeMutableRawPointer) throws(WiringError) -> Void
) throws(WiringError) -> T {
    if let existing {
        defer { _endRead() }
        return existing.assumingMemoryBound(to: T.self).pointee
    }
    return try builtOnHeap(T.self) { (buffer) throws(WiringError) in
        if found.entry != nil, try buildFound(&found, into: buffer) { return }
        try slowly(buffer)
    }
}
