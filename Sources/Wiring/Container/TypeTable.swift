/// A frozen hash table keyed by `ObjectIdentifier`, built once and then only read.
///
/// Open addressing with linear probing over a power-of-two capacity kept at most half full;
/// the hash is one multiplication of the metadata address, so a lookup costs a few
/// nanoseconds and never touches `Hasher`.
struct TypeTable<Value: Sendable>: Sendable {
    private let keys: [UInt]
    private let values: [Value?]
    private let shift: UInt

    /// A table of `pairs`; with none, a table that allocates nothing. A key given twice keeps
    /// its last value.
    init(_ pairs: [(ObjectIdentifier, Value)]) {
        self.init(pairs, rejectingDuplicates: false)!
    }

    /// A table of `pairs`, or `nil` if a key is given twice.
    init?(uniquely pairs: [(ObjectIdentifier, Value)]) {
        self.init(pairs, rejectingDuplicates: true)
    }

    private init?(_ pairs: [(ObjectIdentifier, Value)], rejectingDuplicates: Bool) {
        guard !pairs.isEmpty else {
            (keys, values, shift) = ([], [], 0)
            return
        }
        var capacityLog2: UInt = 1
        while (1 << capacityLog2) < pairs.count * 2 { capacityLog2 += 1 }
        let capacity = 1 << capacityLog2
        var keys = [UInt](repeating: 0, count: capacity)
        var values = [Value?](repeating: nil, count: capacity)
        let shift = UInt(UInt.bitWidth) - capacityLog2
        for (id, value) in pairs {
            let key = UInt(bitPattern: id)
            var index = TypeTable.home(of: key, shift: shift)
            while keys[index] != 0 && keys[index] != key {
                index = (index + 1) & (capacity - 1)
            }
            if rejectingDuplicates, keys[index] == key { return nil }
            keys[index] = key
            values[index] = value
        }
        self.keys = keys
        self.values = values
        self.shift = shift
    }

    @inline(__always)
    private static func home(of key: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    subscript(id: ObjectIdentifier) -> Value? {
        guard let index = index(of: id) else { return nil }
        return values[index]
    }


    /// Where the value of `id` is, if the table has one.
    @inline(__always)
    private func index(of id: ObjectIdentifier) -> Int? {
        guard !keys.isEmpty else { return nil }
        let key = UInt(bitPattern: id)
        let mask = keys.count - 1
        var index = TypeTable.home(of: key, shift: shift)
        while true {
            let candidate = keys[index]
            if candidate == key { return index }
            if candidate == 0 { return nil }
            index = (index + 1) & mask
        }
    }
}
