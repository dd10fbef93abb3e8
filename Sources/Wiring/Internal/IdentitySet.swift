/// A set of definition identities with room for a known number of
/// them: what composing modules uses to take each definition once. Open addressing with linear probing over a power-of-two
/// table kept at most half full, hashed by one multiplication: a `Set<ObjectIdentifier>` hashes
/// each insert with SipHash, which for a thousand definitions costs more than the rest of the
/// composition.
struct IdentitySet: ~Copyable {
    /// Zero is an empty slot: no object lives at address zero.
    private let slots: UnsafeMutableBufferPointer<UInt>
    private let shift: UInt

    /// A set with room for `count` identities.
    init(capacity count: Int) {
        var log2: UInt = 4
        while (1 << log2) < count * 2 { log2 += 1 }
        slots = .allocate(capacity: 1 << log2)
        slots.initialize(repeating: 0)
        shift = UInt(UInt.bitWidth) - log2
    }

    deinit {
        slots.deallocate()
    }

    /// Adds `identity`; `false` if it was in the set already.
    mutating func insert(_ identity: DefinitionID) -> Bool {
        let key = UInt(bitPattern: identity.object)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while slots[index] != 0 {
            if slots[index] == key { return false }
            index = (index + 1) & mask
        }
        slots[index] = key
        return true
    }
}
