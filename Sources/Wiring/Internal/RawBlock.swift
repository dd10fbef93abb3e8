#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// Blocks of a few words from the C allocator: the published words and cells of
/// ``AtomicReference`` and ``ReferenceCell``, and the blocks of ``PublishedWords``.
///
/// `UnsafeMutableRawPointer.allocate` asks the Swift runtime for its default alignment, which it
/// serves on Linux through glibc's aligned allocator (`posix_memalign`): about twice `malloc`'s
/// cost, and it fragments the heap, for blocks that `malloc` aligns for a pointer anyway.
enum RawBlock {
    /// A block of `bytes`, uninitialized, aligned for any pointer.
    static func allocate(bytes: Int) -> UnsafeMutableRawPointer {
        guard let block = malloc(bytes) else { fatalError("Wiring: out of memory (a block of \(bytes) bytes)") }
        return block
    }

    /// Gives back a block from ``allocate(bytes:)``, whose contents are deinitialized.
    static func release(_ block: UnsafeMutableRawPointer) {
        free(block)
    }
}
