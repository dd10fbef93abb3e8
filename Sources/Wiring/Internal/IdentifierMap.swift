/// Small non-negative integers by `ObjectIdentifier`, in open addressing over a power-of-two
/// table kept at most half full: for the claims of a registry being built, and the definitions
/// a composition has taken, where a dictionary or a set would hash every key with SipHash
/// (which for a thousand definitions costs more than the rest of the work). Never removes.
///
/// A class over memory of its own, read and written through pointers: arrays here paid a
/// uniqueness check and a bounds check on every probe. Used by one registry build or one
/// composition at a time (never shared between threads). Invariant: `keys` holds `mask + 1` initialized elements, a
/// key of 0 marking an empty place (no object's identity is 0); `values[i]` is initialized
/// exactly where `keys[i]` is not 0, and read only there (an `Int` needs no deinitializing).
final class IdentifierMap {
    private var keys: UnsafeMutablePointer<UInt>
    private var values: UnsafeMutablePointer<Int>
    private var mask: Int
    private var count = 0

    init(capacity: Int) {
        var size = 2
        while size < capacity * 2 { size <<= 1 }
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        values = .allocate(capacity: size)
        mask = size - 1
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// Where `key` is, or the empty place where it would go.
    @inline(__always)
    private func index(of key: UInt) -> Int {
        // Fibonacci hashing: the top bits of the product, which every bit of the key reaches.
        let shift = UInt(UInt.bitWidth - (mask + 1).trailingZeroBitCount)
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        return index
    }

    subscript(type: ObjectIdentifier) -> Int? {
        let index = index(of: UInt(bitPattern: type))
        return keys[index] == 0 ? nil : values[index]
    }

    /// The value of `type`, or `nil` once `value` is stored for it: a lookup and an insert in
    /// one probe.
    func value(for type: ObjectIdentifier, orInsert value: Int) -> Int? {
        if (count + 1) * 2 > mask + 1 { grow() }
        let key = UInt(bitPattern: type)
        let index = index(of: key)
        if keys[index] != 0 { return values[index] }
        keys[index] = key
        (values + index).initialize(to: value)
        count += 1
        return nil
    }

    private func grow() {
        let (oldKeys, oldValues, oldSize) = (keys, values, mask + 1)
        let size = oldSize * 2
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        values = .allocate(capacity: size)
        mask = size - 1
        for old in 0..<oldSize where oldKeys[old] != 0 {
            let index = index(of: oldKeys[old])
            keys[index] = oldKeys[old]
            (values + index).initialize(to: oldValues[old])
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
