/// An object whose one tail word publishes a reference once (``LazyRegistry``'s registry,
/// ``LazyDefinitions``' flat list): one allocation, the word in the object's own storage rather
/// than allocated beside it. The word is read and written through `AtomicReference`'s
/// operations on a word held elsewhere.
extension ManagedBuffer where Header == Void, Element == UnsafeMutableRawPointer? {
    /// An object of this class with its word holding nothing yet.
    static func makeUnpublished() -> Self {
        let made = unsafeDowncast(create(minimumCapacity: 1) { _ in () }, to: Self.self)
        made.withUnsafeMutablePointerToElements { $0.initialize(to: nil) }
        return made
    }

    /// The published word. Invariant: a `ManagedBuffer`'s elements are its own tail storage,
    /// allocated with it and never moved, so their address holds for as long as this object
    /// lives (every caller holds it), past the closure that hands it out.
    var publishedWord: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        @inline(__always) get { withUnsafeMutablePointerToElements { $0 } }
    }
}
