/// A frozen hash table keyed by `ObjectIdentifier`, built once and then only read: Wiring's one
/// hand-written table.
///
/// Open addressing with linear probing over a power-of-two capacity kept at most half full;
/// the hash is one multiplication of the metadata address, so a lookup never touches `Hasher`
/// (a `Dictionary` lookup ran it, a third of a resolved singleton's instructions). The slots
/// hold keys and positions; the values sit densely in an array of their own, so that a table
/// is destroyed as one array of values, not as twice as many optionals.
struct TypeTable<Value: Sendable>: Sendable {
    private let keys: [UInt]
    /// For each slot whose key is set, where its value is in `values`.
    private let positions: [Int32]
    private let values: [Value]
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
            (keys, positions, values, shift) = ([], [], [], 0)
            return
        }
        var capacityLog2: UInt = 1
        while (1 << capacityLog2) < pairs.count * 2 { capacityLog2 += 1 }
        let capacity = 1 << capacityLog2
        var keys = [UInt](repeating: 0, count: capacity)
        var positions = [Int32](repeating: 0, count: capacity)
        var values: [Value] = []
        values.reserveCapacity(pairs.count)
        let shift = UInt(UInt.bitWidth) - capacityLog2
        for (id, value) in pairs {
            let key = UInt(bitPattern: id)
            var index = TypeTable.home(of: key, shift: shift)
            while keys[index] != 0 && keys[index] != key {
                index = (index + 1) & (capacity - 1)
            }
            if keys[index] == key {
                if rejectingDuplicates { return nil }
                values[Int(positions[index])] = value
                continue
            }
            keys[index] = key
            positions[index] = Int32(values.count)
            values.append(value)
        }
        self.keys = keys
        self.positions = positions
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
        return values[Int(positions[index])]
    }

    /// Where the key `id` is among the slots, if the table has it.
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
