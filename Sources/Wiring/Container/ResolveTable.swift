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
/// Two tables in one allocation, each with linear probing over a power-of-two capacity kept at
/// most half full: first the untagged keys, whose slot is two words (the type, and the
/// published word or the entry, see ``Slot``), then the keys with a tag, whose slot adds the
/// tag's three words. Most
/// definitions are untagged, and a resolve without a tag (a constant at the call site) never
/// reads the tagged slots: a module of a thousand lines makes 32 KB of slots, not 96 KB. Entries
/// are held by the registry; the table only points at them.
///
/// Memory: the elements are words; the first `untaggedCapacity * 2` are bound to ``Stored``, the
/// `taggedCapacity * 5` after them (from `taggedOffset`) to ``TaggedStored``. Both are trivial,
/// so nothing is deinitialized.
final class ResolveTable: ManagedBuffer<ResolveTable.Header, UInt> {
    // Written only while the table is built (`make`), then only read: safe to share between
    // threads, though `ManagedBuffer` cannot say so.
    struct Header {
        let mask: Int
        let shift: UInt
        /// The tagged slots' mask and shift, and the offset in bytes of the first (there are at
        /// least two: an empty one is read and missed, with no test for a table without tags).
        let taggedMask: Int
        let taggedShift: UInt
        let taggedOffset: Int
    }

    /// What the fast path finds: the entry, and its published word if it is a singleton whose
    /// value is published (see ``Entry/instanceWord``), as a slot stores them: the address of
    /// that word, or else the entry's address with the low bit set. (An entry is an
    /// ``EntryStorage``, 8-aligned, and a published word is its `words.0`, at a fixed offset:
    /// either tells the other, and the fast path reads the word with no arithmetic.)
    struct Slot {
        let bits: UInt

        /// The bits stored for `entry`.
        @inline(__always)
        init(_ entry: Entry) {
            if let word = entry.instanceWord {
                bits = UInt(bitPattern: word)
            } else {
                bits = UInt(bitPattern: entry.opaque) | 1
            }
        }

        @inline(__always)
        init(bits: UInt) { self.bits = bits }

        /// The published word, for a published singleton.
        @inline(__always)
        var word: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
            bits & 1 == 0 ? UnsafeMutablePointer(bitPattern: bits) : nil
        }

        /// The entry.
        @inline(__always)
        var entry: UnsafeMutableRawPointer? {
            bits & 1 == 0
                ? UnsafeMutableRawPointer(bitPattern: bits).map { $0 - EntryBlock.wordsOffset }
                : UnsafeMutableRawPointer(bitPattern: bits & ~1)
        }
    }

    /// An untagged slot as stored: all bits zero is empty.
    struct Stored {
        var type: UInt = 0
        /// The entry, as ``Slot/bits``.
        var entry: UInt = 0
    }

    /// A tagged slot as stored: all bits zero is empty (a tagged key's tag type is never zero).
    struct TaggedStored {
        var type: UInt = 0
        var tag = _TagKey.none
        /// As ``Stored/entry``.
        var entry: UInt = 0
    }

    /// A table of `entries`: the winner of each (type, tag), untagged or with a tag of up to two
    /// words.
    static func make(_ entries: [(type: ObjectIdentifier, tag: _TagKey, entry: Entry)]) -> ResolveTable {
        var tagged = 0
        for entry in entries where entry.tag.type != 0 { tagged += 1 }
        let table = empty(untagged: entries.count - tagged, tagged: tagged)
        for (type, tag, entry) in entries { _ = table.insert(type, tag: tag, entry: entry) }
        return table
    }

    /// A table with room for `untagged` keys without a tag and `tagged` with one, none in it yet.
    static func empty(untagged: Int, tagged: Int) -> ResolveTable {
        let plain = TableShape(count: untagged)
        let withTag = TableShape(count: tagged)
        let plainWords = plain.capacity * MemoryLayout<Stored>.stride / MemoryLayout<UInt>.stride
        let taggedWords = withTag.capacity * MemoryLayout<TaggedStored>.stride / MemoryLayout<UInt>.stride
        let header = Header(
            mask: plain.capacity - 1, shift: plain.shift, taggedMask: withTag.capacity - 1, taggedShift: withTag.shift,
            taggedOffset: plainWords * MemoryLayout<UInt>.stride)
        let table = unsafeDowncast(
            ResolveTable.create(minimumCapacity: plainWords + taggedWords) { _ in header }, to: ResolveTable.self)
        // All bits zero is an empty slot of either kind: one memset rather than a store per field.
        table.withUnsafeMutablePointerToElements { words in
            let raw = UnsafeMutableRawPointer(words)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: (plainWords + taggedWords) * MemoryLayout<UInt>.stride)
            raw.bindMemory(to: Stored.self, capacity: plain.capacity)
            (raw + header.taggedOffset).bindMemory(to: TaggedStored.self, capacity: withTag.capacity)
        }
        return table
    }

    /// Runs `body` on the untagged slots and the tagged ones (bound as the table made them).
    @inline(__always)
    private func withSlots<Result>(
        _ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<Stored>, UnsafeMutablePointer<TaggedStored>) -> Result
    ) -> Result {
        withUnsafeMutablePointers { header, words in
            let raw = UnsafeMutableRawPointer(words)
            return body(
                header, raw.assumingMemoryBound(to: Stored.self),
                (raw + header.pointee.taggedOffset).assumingMemoryBound(to: TaggedStored.self))
        }
    }

    @inline(__always)
    private static func home(_ type: UInt, _ shift: UInt) -> Int {
        Int(truncatingIfNeeded: (type &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    private static func home(_ type: UInt, _ tag: _TagKey, _ shift: UInt) -> Int {
        let mixed = type &+ tag.type &* 0x2545_F491_4F6C_DD1D &+ tag.bits.0 &* 0x9E37_79B9 &+ tag.bits.1
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Adds `entry` under `type` and `tag`, unless the table has that key already (then returns
    /// `false` and changes nothing). Only while the table is being built, before it is shared,
    /// and never beyond the capacity it was made with for its kind of key (tagged or not).
    @discardableResult
    func insert(_ type: ObjectIdentifier, tag: _TagKey, entry: Entry) -> Bool {
        let key = UInt(bitPattern: type)
        let bits = Slot(entry).bits
        return withSlots { header, slots, tagged in
            guard tag.type != 0 else {
                var index = ResolveTable.home(key, header.pointee.shift)
                while slots[index].type != 0 {
                    if slots[index].type == key { return false }
                    index = (index + 1) & header.pointee.mask
                }
                slots[index] = Stored(type: key, entry: bits)
                return true
            }
            var index = ResolveTable.home(key, tag, header.pointee.taggedShift)
            while tagged[index].type != 0 {
                let slot = tagged[index]
                if slot.type == key, slot.tag.type == tag.type, slot.tag.bits == tag.bits { return false }
                index = (index + 1) & header.pointee.taggedMask
            }
            tagged[index] = TaggedStored(type: key, tag: tag, entry: bits)
            return true
        }
    }

    /// The slot of `type` with `tag`, if the table has one.
    @inline(__always)
    func slot(for type: ObjectIdentifier, tag: _TagKey) -> Slot? {
        let key = UInt(bitPattern: type)
        return withSlots { header, slots, tagged in
            // A call site without a tag passes the constant `.none`: this folds away there.
            guard tag.type != 0 else {
                var index = ResolveTable.home(key, header.pointee.shift)
                while true {
                    let stored = slots[index]
                    if stored.type == key { return Slot(bits: stored.entry) }
                    if stored.type == 0 { return nil }
                    index = (index + 1) & header.pointee.mask
                }
            }
            var index = ResolveTable.home(key, tag, header.pointee.taggedShift)
            while true {
                let slot = tagged[index]
                if slot.type == key, slot.tag.type == tag.type, slot.tag.bits == tag.bits {
                    return Slot(bits: slot.entry)
                }
                if slot.type == 0 { return nil }
                index = (index + 1) & header.pointee.taggedMask
            }
        }
    }
}

/// The capacity of an open-addressing table for `count` keys: the least power of two at least
/// twice `count` (at least 2), and the shift that takes a 64-bit hash to an index.
private struct TableShape {
    let capacity: Int
    let shift: UInt

    init(count: Int) {
        var log2: UInt = 1
        while (1 << log2) < count * 2 { log2 += 1 }
        capacity = 1 << log2
        shift = UInt(UInt.bitWidth) - log2
    }
}

extension Tag {
    /// This tag's key on the fast path, if it has one (see ``_TagKey``).
    var fastKey: _TagKey? {
        func key<Value: Hashable & Sendable>(_ value: Value) -> _TagKey? { _TagKey(value) }
        return key(value)
    }
}
