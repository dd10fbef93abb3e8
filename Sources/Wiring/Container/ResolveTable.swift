/// The key of a tag on the fast path: the tag's type and, for a tag of up to two words (an enum
/// case, an integer, a short string), its bits. Equal bits mean an equal tag; a tag whose equal
/// values may differ in bits (a long string made twice) misses here and is compared with `==`
/// on the slow path.
@usableFromInline
struct _TagKey {
    @usableFromInline let type: UInt
    @usableFromInline let bits: (UInt, UInt)

    @usableFromInline
    init(type: UInt, bits: (UInt, UInt)) {
        self.type = type
        self.bits = bits
    }

    /// The key of `tag`, or `nil` if it is larger than two words.
    @inlinable @inline(__always)
    init?<Tag>(_ tag: Tag) {
        guard MemoryLayout<Tag>.size <= MemoryLayout<(UInt, UInt)>.size else { return nil }
        var bits: (UInt, UInt) = (0, 0)
        withUnsafeMutableBytes(of: &bits) { destination in
            withUnsafeBytes(of: tag) { destination.copyMemory(from: $0) }
        }
        self.init(type: UInt(bitPattern: ObjectIdentifier(Tag.self)), bits: bits)
    }

    /// The key of an untagged definition.
    @inlinable
    static var none: _TagKey { _TagKey(type: 0, bits: (0, 0)) }
}

/// A frozen open-addressing table from (type, tag) to an entry and its published word: what
/// the resolve fast path reads, without a lock, a retain or a call through a protocol.
///
/// Linear probing over a power-of-two capacity kept at most half full; the hash mixes the
/// metadata address with the tag key by multiplication. Entries are held by the registry; the
/// table only points at them.
final class ResolveTable: ManagedBuffer<ResolveTable.Header, ResolveTable.Slot> {
    // Written only while the table is built (`make`), then only read: safe to share between
    // threads, though `ManagedBuffer` cannot say so.
    struct Header {
        let mask: Int
        let shift: UInt
    }

    struct Slot {
        var type: UInt = 0
        var tag = _TagKey.none
        var word: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        var entry: UnsafeMutableRawPointer?
    }

    /// A table of `entries`: the winner of each (type, tag), untagged or with a tag of up to two
    /// words.
    static func make(_ entries: [(type: ObjectIdentifier, tag: _TagKey, entry: Entry)]) -> ResolveTable {
        let table = empty(capacity: entries.count)
        for (type, tag, entry) in entries { _ = table.insert(type, tag: tag, entry: entry) }
        return table
    }

    /// A table with room for `count` keys, none in it yet.
    static func empty(capacity count: Int) -> ResolveTable {
        var capacityLog2: UInt = 1
        while (1 << capacityLog2) < count * 2 { capacityLog2 += 1 }
        let capacity = 1 << capacityLog2
        let header = Header(mask: capacity - 1, shift: UInt(UInt.bitWidth) - capacityLog2)
        let table = unsafeDowncast(ResolveTable.create(minimumCapacity: capacity) { _ in header }, to: ResolveTable.self)
        // All bits zero is an empty slot: one memset rather than a store per field.
        table.withUnsafeMutablePointerToElements { slots in
            let raw = UnsafeMutableRawPointer(slots)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Slot>.stride)
            raw.bindMemory(to: Slot.self, capacity: capacity)
        }
        return table
    }

    /// Adds `entry` under `type` and `tag`, unless the table has that key already (then returns
    /// `false` and changes nothing). Only while the table is being built, before it is shared,
    /// and never beyond the capacity it was made with.
    @discardableResult
    func insert(_ type: ObjectIdentifier, tag: _TagKey, entry: Entry) -> Bool {
        let key = UInt(bitPattern: type)
        return withUnsafeMutablePointers { header, slots in
            var index = ResolveTable.home(key, tag, header.pointee)
            while slots[index].type != 0 {
                let slot = slots[index]
                if slot.type == key, slot.tag.type == tag.type, slot.tag.bits == tag.bits { return false }
                index = (index + 1) & header.pointee.mask
            }
            slots[index] = Slot(type: key, tag: tag, word: entry.instanceWord, entry: entry.opaque)
            return true
        }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, slots in slots.deinitialize(count: header.pointee.mask + 1) }
    }

    @inline(__always)
    private static func home(_ type: UInt, _ tag: _TagKey, _ header: Header) -> Int {
        let mixed = type &+ tag.type &* 0x2545_F491_4F6C_DD1D &+ tag.bits.0 &* 0x9E37_79B9 &+ tag.bits.1
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> header.shift)
    }

    /// The slot of `type` with `tag`, if the table has one.
    @inline(__always)
    func slot(for type: ObjectIdentifier, tag: _TagKey) -> Slot? {
        let key = UInt(bitPattern: type)
        return withUnsafeMutablePointers { header, slots in
            var index = ResolveTable.home(key, tag, header.pointee)
            while true {
                let slot = slots[index]
                if slot.type == key, slot.tag.type == tag.type, slot.tag.bits == tag.bits { return slot }
                if slot.type == 0 { return nil }
                index = (index + 1) & header.pointee.mask
            }
        }
    }
}

extension Tag {
    /// This tag's key on the fast path, if it has one (see ``_TagKey``).
    var fastKey: _TagKey? {
        func key<Value: Hashable & Sendable>(_ value: Value) -> _TagKey? { _TagKey(value) }
        return key(value)
    }
}
