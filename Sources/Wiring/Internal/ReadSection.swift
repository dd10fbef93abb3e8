internal import _WiringShims

/// Safe reclamation of what resolves read without a lock: a replaced root, the storage of a
/// singleton whose module was unloaded.
///
/// Lock-free readers (the resolve fast path) run inside a read section: a few nanoseconds that
/// run no user code, marked by storing the global epoch in the thread's record. A writer that
/// has unpublished something calls ``synchronize()``, which waits until every section that could
/// still see it has ended, and only then frees it. Entering costs a reader one sequentially
/// consistent exchange, the same on every platform (see `wiring_read_enter`).
@usableFromInline
struct ReadSection {
    /// The thread's reader record, whose epoch marks the section.
    private let record: UnsafeMutableRawPointer

    /// Enters a read section that the caller ends with ``exit()`` or ``exitAfterRetaining()``.
    @inline(__always)
    static func enter() -> ReadSection {
        ReadSection(record: wiring_read_enter())
    }

    @inline(__always)
    func exit() {
        wiring_read_exit(record)
    }

    /// Ends a read section in which the caller retained (or copied, retaining) something it
    /// read there. Not inlined, on purpose: the exit itself is a plain atomic store, which the
    /// compiler's reference counting does not see as a barrier, so it may move a retain written
    /// before an inlined exit to after it, when a writer may already have freed the object. A
    /// call it cannot see into may release anything, so no retain is moved past it.
    @inline(never)
    func exitAfterRetaining() {
        wiring_read_exit(record)
    }

    /// `body`'s result, retained inside the read section (see `exitAfterRetaining`).
    @inline(__always)
    static func retaining<Object: AnyObject>(_ body: () -> ReferenceCell<Object>?) -> Object? {
        let section = enter()
        let object = body()?.object
        section.exitAfterRetaining()
        return object
    }

    /// Returns once no read section that began before this call is still running.
    static func synchronize() {
        wiring_synchronize()
    }
}
