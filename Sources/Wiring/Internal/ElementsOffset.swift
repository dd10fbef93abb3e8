/// Where a `ManagedBuffer` subclass keeps its first element, counted from the object's address:
/// after the object's header (its metadata and reference counts, two words), then the buffer's
/// header, each aligned as `ManagedBuffer` aligns them. An element that knows its index finds
/// its object by subtracting this and the index (``object(of:at:)``, for
/// ``DefinitionGroup/containing(_:)`` and ``EntryBlock/containing(_:)``).
///
/// A constant the optimizer folds. It restates the runtime's object layout, so each buffer
/// checks it against the address `withUnsafeMutablePointerToElements` gives when it is made
/// (`check(_:what:)`), and a different layout traps at the first one made rather than misleading a
/// subtraction.
enum ElementsOffset<Header, Element> {
    static var bytes: Int {
        @inline(__always) get {
            func aligned(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) & ~(alignment - 1) }
            let header = aligned(2 * MemoryLayout<UInt>.size, MemoryLayout<Header>.alignment)
            return aligned(header + MemoryLayout<Header>.size, MemoryLayout<Element>.alignment)
        }
    }

    /// The object (not retained) whose element `index` is at `element`.
    ///
    /// Invariant (the caller's): `element` points into an object made as a
    /// `ManagedBuffer<Header, Element>` subclass `Object` that was checked with `check(_:what:)`,
    /// and `index` is the element's place in it; the element is read in place, never copied out.
    @inline(__always)
    static func object<Object: AnyObject>(of element: UnsafePointer<Element>, at index: Int) -> Unmanaged<Object> {
        Unmanaged.fromOpaque(UnsafeRawPointer(element - index) - bytes)
    }

    /// Traps unless `buffer`'s first element is `bytes` after the object.
    static func check(_ buffer: ManagedBuffer<Header, Element>, what: StaticString) {
        buffer.withUnsafeMutablePointerToElements { elements in
            precondition(
                UnsafeRawPointer(elements) - UnsafeRawPointer(Unmanaged.passUnretained(buffer).toOpaque()) == bytes,
                "Wiring: \(what) is not where an element looks for its object")
        }
    }
}
