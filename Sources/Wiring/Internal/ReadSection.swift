internal import _WiringShims

/// Safe reclamation of what resolves read without a lock: a replaced root, the storage of a
/// singleton whose module was unloaded.
///
/// Lock-free readers (the resolve fast path) run inside a read section: a few nanoseconds that
/// run no user code, marked by storing the global epoch in the thread's record. A writer that
/// has unpublished something calls ``synchronize()``, which waits until every section that could
/// still see it has ended, and only then frees it. On Linux the writer orders readers' stores
/// with `membarrier`, so a section costs a reader two plain stores; elsewhere one atomic exchange.
enum ReadSection {
    /// Runs `body` inside a read section. `body` must not run user code or block.
    @inline(__always)
    static func read<Result>(_ body: () -> Result) -> Result {
        let reader = wiring_read_enter()
        defer { wiring_read_exit(reader) }
        return body()
    }

    /// Enters a read section that the caller ends with ``exit(_:)``.
    @inline(__always)
    static func enter() -> UnsafeMutableRawPointer {
        wiring_read_enter()
    }

    @inline(__always)
    static func exit(_ reader: UnsafeMutableRawPointer) {
        wiring_read_exit(reader)
    }

    /// Returns once no read section that began before this call is still running.
    static func synchronize() {
        wiring_synchronize()
    }
}

/// Ends the read section that a fast-path lookup (`_existingInstance`) left open for its caller
/// to copy the value out.
@usableFromInline
func _endRead() {
    wiring_read_exit_current()
}
