
/// Copies, moves and destroys a value of a type known only at run time, in memory Wiring owns.
///
/// Entries are not generic (a generic class costs a metadata lookup for every entry a container
/// makes and for every unspecialized call that names it), so they handle their values through
/// the definition's metatype: the type is opened, and the value witnesses do the work. Nothing
/// here instantiates generic metadata.
enum ErasedValue {
    /// The stride and alignment of `type`'s values.
    static func layout(of type: Any.Type) -> (stride: Int, alignment: Int) {
        func open<Value>(_: Value.Type) -> (stride: Int, alignment: Int) {
            (MemoryLayout<Value>.stride, MemoryLayout<Value>.alignment)
        }
        return open(type)
    }

    /// Initializes `destination` with a copy of the value at `source`.
    static func copy(_ type: Any.Type, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        func open<Value>(_: Value.Type) {
            destination.initializeMemory(as: Value.self, from: source.assumingMemoryBound(to: Value.self), count: 1)
        }
        open(type)
    }

    /// Initializes `destination` with a copy of the value laid out as `layout` says at `source`.
    /// A class instance (most definitions) is copied by retaining it, without opening its type.
    @inline(__always)
    static func copy(_ layout: ValueLayout, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        guard layout.isObject else { return copy(layout.type, from: source, to: destination) }
        // A class reference of any class type is one reference, as `AnyObject` is.
        destination.initializeMemory(as: AnyObject.self, to: source.load(as: AnyObject.self))
    }

    /// Deinitializes the value laid out as `layout` says at `address`: a class instance by
    /// releasing it.
    @inline(__always)
    static func destroy(_ layout: ValueLayout, at address: UnsafeMutableRawPointer) {
        guard layout.isObject else { return destroy(layout.type, at: address) }
        address.assumingMemoryBound(to: AnyObject.self).deinitialize(count: 1)
    }

    /// The value at `source`, copied into an `Any`.
    static func value(_ type: Any.Type, at source: UnsafeRawPointer) -> Any {
        func open<Value>(_: Value.Type) -> Any { source.assumingMemoryBound(to: Value.self).pointee }
        return open(type)
    }

    /// The value at `source`, moved into an `Any`; `source` is left uninitialized.
    static func take(_ type: Any.Type, from source: UnsafeMutableRawPointer) -> Any {
        func open<Value>(_: Value.Type) -> Any { source.assumingMemoryBound(to: Value.self).move() }
        return open(type)
    }

    /// Initializes `destination` with `value` if it is a `type`; returns whether it was (else
    /// `destination` is left uninitialized).
    ///
    /// The type is opened, and the `Any` cast to it with `as?`.
    static func initialize(_ type: Any.Type, at destination: UnsafeMutableRawPointer, with value: Any) -> Bool {
        func open<Value>(_: Value.Type) -> Bool {
            guard let value = value as? Value else { return false }
            destination.initializeMemory(as: Value.self, to: value)
            return true
        }
        return open(type)
    }

    /// Deinitializes the value at `address`.
    static func destroy(_ type: Any.Type, at address: UnsafeMutableRawPointer) {
        func open<Value>(_: Value.Type) { address.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
        open(type)
    }

    /// Whether values of `type` are class instances, which a weak reference can hold.
    static func isClassInstance(_ value: Any) -> Bool {
        type(of: value as Any) is AnyClass
    }
}

/// What handling values of a run-time type needs, without retaining anything: the type, the
/// stride and alignment of its values, and whether a value is one class reference.
struct ValueLayout {
    let type: Any.Type
    /// How many bytes storage of its own for one value takes: the type's stride (at least 1),
    /// not its size, since the value witnesses copy a trivial value as `stride` bytes (a padded
    /// struct of 17 bytes in 17 would be read past its end).
    let stride: Int
    let alignment: Int
    let isObject: Bool

    init(type: Any.Type, stride: Int, alignment: Int, isObject: Bool) {
        self.type = type
        self.stride = stride
        self.alignment = alignment
        self.isObject = isObject
    }

    /// The layout of `type`'s values, given whether a value is one class reference: else its
    /// stride and alignment are its type's `MemoryLayout`.
    @inline(__always)
    init(type: Any.Type, isObject: Bool) {
        if isObject {
            self.init(
                type: type, stride: MemoryLayout<AnyObject>.stride, alignment: MemoryLayout<AnyObject>.alignment,
                isObject: true)
            return
        }
        let (stride, alignment) = ErasedValue.layout(of: type)
        self.init(type: type, stride: stride, alignment: alignment, isObject: false)
    }

    /// Whether a value of `type` is one class reference: what a ``DefinitionInfo`` stores of
    /// the layout (its type it has already; the rest is read from the type when needed).
    @inline(__always)
    static func isObject(_ type: Any.Type) -> Bool {
        type is AnyClass
    }
}

/// A value of a run-time type in storage of its own: a scoped instance held by its entry.
final class HeldValue {
    let type: Any.Type
    let storage: UnsafeMutableRawPointer

    private init(type: Any.Type, storage: UnsafeMutableRawPointer) {
        self.type = type
        self.storage = storage
    }

    /// A copy of `value`, in new storage.
    convenience init<Value>(_: Value.Type, holding value: Value) {
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: max(MemoryLayout<Value>.stride, 1), alignment: MemoryLayout<Value>.alignment)
        storage.initializeMemory(as: Value.self, to: value)
        self.init(type: Value.self, storage: storage)
    }

    /// Takes ownership of the value that `build` initializes in new storage.
    static func build(
        _ layout: ValueLayout, _ build: (UnsafeMutableRawPointer) throws(WiringError) -> Void
    ) throws(WiringError) -> HeldValue {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: layout.stride, alignment: layout.alignment)
        do {
            try build(storage)
        } catch {
            storage.deallocate()
            throw error
        }
        return HeldValue(type: layout.type, storage: storage)
    }

    /// The value, copied into an `Any`.
    var value: Any { ErasedValue.value(type, at: storage) }

    deinit {
        ErasedValue.destroy(type, at: storage)
        storage.deallocate()
    }
}

/// The `T` that `build` initializes in heap memory made for it.
///
/// For Wiring's own generic code, which runs unspecialized (the app's inlined `resolve()` calls
/// it through non-inlinable functions): there a stack temporary of `T`
/// (`withUnsafeTemporaryAllocation`) instantiates `Result<T, _>` metadata on every call, several
/// times what this allocation costs.
@inline(__always)
func builtOnHeap<T>(_: T.Type, _ build: (UnsafeMutableRawPointer) throws(WiringError) -> Void) throws(WiringError) -> T {
    let buffer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    defer { buffer.deallocate() }
    try build(UnsafeMutableRawPointer(buffer))
    return buffer.move()
}

/// As ``builtOnHeap(_:_:)``, for a `build` that may find nothing (returns `false`, leaving the
/// memory uninitialized): `nil` then.
@inline(__always)
func builtOnHeapIfFound<T>(_: T.Type, _ build: (UnsafeMutableRawPointer) throws(WiringError) -> Bool)
    throws(WiringError) -> T?
{
    let buffer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    defer { buffer.deallocate() }
    return try build(UnsafeMutableRawPointer(buffer)) ? buffer.move() : nil
}
