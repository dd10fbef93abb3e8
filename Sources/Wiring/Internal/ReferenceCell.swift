/// A strong reference kept in raw memory of its own, whose address a C word can hold: what an
/// ``AtomicReference`` publishes, a thread's ``ThreadResolution`` in its reader record, a
/// worker thread's body on its way to the thread.
///
/// Reading the object through its cell (`cell.object.field`) reads the cell in place: the
/// compiler does not retain the object for it, as it would for a reference it cannot see the
/// owner of. A retain writes the object's reference count, which every thread reading a shared
/// object (the root, a built singleton) shares.
///
/// Invariant: a cell is written once, by ``init(holding:)``, before its address is handed to
/// any other thread (an ``AtomicReference`` publishes it with release ordering), and freed
/// (``free()``) exactly once, only when no thread can still read it: an ``AtomicReference``'s
/// owner frees the current cell in its deinit, and a replaced one only after
/// ``ReadSection/synchronize()``.
struct ReferenceCell<Object: AnyObject> {
    /// Where the cell is: what a C word holds.
    let address: UnsafeMutableRawPointer

    /// The cell at `address`, made by ``init(holding:)`` and not yet freed.
    init(address: UnsafeMutableRawPointer) {
        self.address = address
    }

    /// A new cell holding `object` (retained).
    init(holding object: Object) {
        address = RawBlock.allocate(bytes: MemoryLayout<Object>.size)
        address.initializeMemory(as: Object.self, repeating: object, count: 1)
    }

    /// The object. Reading a field through it reads the cell in place; keeping the object
    /// beyond the cell's lifetime retains it.
    @inline(__always)
    var object: Object { address.load(as: Object.self) }

    /// Whether this cell holds `other`.
    func holds(_ other: Object) -> Bool { object === other }

    /// `body`'s result for the object, borrowed where the cell holds it: no retain and release
    /// around a read that the cell's owner keeps valid (see ``LazyRegistry/withBuilt(for:_:)``).
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result {
        address.withMemoryRebound(to: Object.self, capacity: 1) { body($0.pointee) }
    }

    /// Releases the object and frees the cell; once, when no thread can read it any more.
    func free() {
        address.withMemoryRebound(to: Object.self, capacity: 1) { _ = $0.deinitialize(count: 1) }
        RawBlock.release(address)
    }
}
