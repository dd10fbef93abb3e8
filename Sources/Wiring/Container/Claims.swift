/// Which definitions answer for each type and tag of a container being built.
///
/// A slot is a definition's own type (slot 0) or one of its bindings. Most keys are claimed
/// once; only keys claimed again (an override, several bindings of one protocol) pay for a list.
struct Claims {
    typealias Claim = (definition: Int, slot: Int)

    /// Every claim, in declaration order; an override takes the place of the first claim it
    /// replaces.
    private var claims: [Claim] = []
    /// Whether each claim still stands (an override cancels the claims it replaces).
    private var standing: [Bool] = []
    /// The first claim of each key without a tag, scope or injection (most of them), without
    /// hashing.
    private var firstPlain: IdentifierMap
    /// The first claim of each other key.
    private var first: [DefinitionKey: Int] = [:]
    /// Every standing claim of a key claimed more than once, in declaration order.
    private var shared: [DefinitionKey: [Int]] = [:]

    /// How many claims are expected: the general table is sized for them when its first key
    /// comes, rather than grown key by key.
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        claims.reserveCapacity(capacity)
        standing.reserveCapacity(capacity)
        firstPlain = IdentifierMap(capacity: capacity)
    }

    /// The position of the first claim of `info`'s key, if any.
    private func firstPosition(of info: DefinitionInfo, key: DefinitionKey) -> Int? {
        info.isPlain ? firstPlain[info.typeID] : first[key]
    }

    var count: Int { claims.count }

    /// The standing claims with their positions, in declaration order.
    var live: some Sequence<(Int, Claim)> {
        zip(claims.indices, claims).lazy.filter { standing[$0.0] }
    }

    /// Whether the claim at `position` is the one `resolve()` returns for its key: the last
    /// standing one.
    func isWinner(_ position: Int, in definitions: [Definition]) -> Bool {
        guard !shared.isEmpty else { return true }
        let claim = claims[position]
        guard let positions = shared[definitions[claim.definition].slot(claim.slot).key] else { return true }
        return positions.last == position
    }

    /// Whether `info`'s definition already claimed its key: the same definition reached again.
    func alreadyHolds(_ info: DefinitionInfo, in definitions: [Definition]) -> Bool {
        let key = info.key
        guard let position = firstPosition(of: info, key: key) else { return false }
        if definitions[claims[position].definition].info === info { return true }
        return standing(of: key, first: position).contains { definitions[claims[$0].definition].info === info }
    }

    private func standing(of key: DefinitionKey, first position: Int) -> [Int] {
        (shared[key] ?? [position]).filter { standing[$0] }
    }

    /// Adds slot `slot` of definition `index`, whose info is `info`.
    mutating func claim(
        _ info: DefinitionInfo, definition index: Int, slot: Int, in definitions: [Definition]
    ) throws(WiringError) {
        let key = info.key
        guard let firstPosition = firstPosition(of: info, key: key) else {
            if info.isPlain {
                firstPlain[info.typeID] = claims.count
            } else {
                if first.isEmpty { first.reserveCapacity(capacity) }
                first[key] = claims.count
            }
            append((index, slot))
            return
        }
        let earlier = standing(of: key, first: firstPosition)
        if info.isOverride, let place = earlier.first {
            // Replaces every earlier claim, in the place of the first.
            for position in earlier { standing[position] = false }
            claims[place] = (index, slot)
            standing[place] = true
            shared[key] = [place]
            return
        }
        if slot == 0, !info.isOverride,
            let direct = earlier.first(where: { claims[$0].slot == 0 })
        {
            let other = definitions[claims[direct].definition].info
            throw .duplicateDefinition(
                type: typeName(info.type), tag: info.tag?.description, first: other.site, second: info.site)
        }
        shared[key] = earlier + [claims.count]
        append((index, slot))
    }

    private mutating func append(_ claim: Claim) {
        claims.append(claim)
        standing.append(true)
    }
}

/// A map from type to position: open addressing on the metadata address, no hashing. Sized
/// for the expected number of keys, it grows if more come (bindings).
struct IdentifierMap {
    private var keys: [UInt]
    private var values: [Int]
    private var mask: Int
    private var count = 0

    init(capacity: Int) {
        var size = 2
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt](repeating: 0, count: size)
        values = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    private func index(of key: UInt) -> Int {
        // Fibonacci hashing: the top bits of the product, which every bit of the key reaches.
        let shift = UInt(UInt.bitWidth - (mask + 1).trailingZeroBitCount)
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        return index
    }

    subscript(type: ObjectIdentifier) -> Int? {
        get {
            let index = index(of: UInt(bitPattern: type))
            return keys[index] == 0 ? nil : values[index]
        }
        set {
            guard let newValue else { preconditionFailure("Wiring: IdentifierMap never removes") }
            if (count + 1) * 2 > keys.count { grow() }
            let key = UInt(bitPattern: type)
            let index = index(of: key)
            if keys[index] == 0 { count += 1 }
            keys[index] = key
            values[index] = newValue
        }
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != 0 }
        keys = [UInt](repeating: 0, count: keys.count * 2)
        values = [Int](repeating: 0, count: keys.count)
        mask = keys.count - 1
        for (key, value) in old {
            let index = index(of: key)
            keys[index] = key
            values[index] = value
        }
    }
}
