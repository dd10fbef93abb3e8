/// Which definitions answer for each type and tag of a container being built.
///
/// A slot is a definition's own type (slot 0) or one of its bindings. Most keys are claimed
/// once. The claims of one key form a chain in declaration order (`next`), so that finding the
/// claims of a key, and the one `resolve()` returns, hashes nothing once its first claim is
/// found: plain keys (a type alone) are found in an ``IdentifierMap``, without hashing; only the
/// first claim of a key with a tag, a scope or an injection goes through a `DefinitionKey`.
struct Claims {
    typealias Claim = (definition: Int, slot: Int)

    /// Every claim, in declaration order; an override takes the place of the first claim it
    /// replaces.
    private var claims: [Claim] = []
    /// Whether each claim still stands (an override cancels the claims it replaces).
    private var standing: [Bool] = []
    /// The position of the next claim of the same key, or -1: each key's claims are a chain
    /// from its first claim, in declaration order.
    private var next: [Int] = []
    /// The first claim of each key without a tag, scope or injection (most of them), without
    /// hashing.
    private var firstPlain: IdentifierMap
    /// The first claim of each other key.
    private var first: [DefinitionKey: Int] = [:]

    /// How many claims are expected: the general table is sized for them when its first key
    /// comes, rather than grown key by key.
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        claims.reserveCapacity(capacity)
        standing.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
        firstPlain = IdentifierMap(capacity: capacity)
    }

    /// The position of the first claim of `info`'s key, if any.
    private func firstPosition(of info: DefinitionInfo) -> Int? {
        info.isPlain ? firstPlain[info.typeID] : first[info.key]
    }

    var count: Int { claims.count }

    /// The standing claims with their positions, in declaration order.
    var live: some Sequence<(Int, Claim)> {
        zip(claims.indices, claims).lazy.filter { standing[$0.0] }
    }

    /// Whether the claim at `position` is the one `resolve()` returns for its key: the last
    /// standing one.
    func isWinner(_ position: Int) -> Bool {
        guard standing[position] else { return false }
        var later = next[position]
        while later >= 0 {
            if standing[later] { return false }
            later = next[later]
        }
        return true
    }

    /// Whether `info`'s definition already claimed its key: the same definition reached again.
    func alreadyHolds(_ info: DefinitionInfo, in definitions: [Definition]) -> Bool {
        guard var position = firstPosition(of: info) else { return false }
        if definitions[claims[position].definition].info === info { return true }
        while position >= 0 {
            if standing[position], definitions[claims[position].definition].info === info { return true }
            position = next[position]
        }
        return false
    }

    /// The standing claims of the key whose first claim is at `position`, in declaration order.
    private func standing(from position: Int) -> [Int] {
        var positions: [Int] = []
        var position = position
        while position >= 0 {
            if standing[position] { positions.append(position) }
            position = next[position]
        }
        return positions
    }

    /// Adds slot `slot` of definition `index`, whose info is `info`.
    mutating func claim(
        _ info: DefinitionInfo, definition index: Int, slot: Int, in definitions: [Definition]
    ) throws(WiringError) {
        guard let firstPosition = firstPosition(of: info) else {
            if info.isPlain {
                firstPlain[info.typeID] = claims.count
            } else {
                if first.isEmpty { first.reserveCapacity(capacity) }
                first[info.key] = claims.count
            }
            append((index, slot))
            return
        }
        let earlier = standing(from: firstPosition)
        if info.isOverride, let place = earlier.first {
            // Replaces every earlier claim, in the place of the first.
            for position in earlier { standing[position] = false }
            claims[place] = (index, slot)
            standing[place] = true
            return
        }
        if slot == 0, !info.isOverride,
            let direct = earlier.first(where: { claims[$0].slot == 0 })
        {
            let other = definitions[claims[direct].definition].info
            throw .duplicateDefinition(
                type: typeName(info.type), tag: info.tag?.description, first: other.site, second: info.site)
        }
        // The new claim ends the key's chain.
        var last = firstPosition
        while next[last] >= 0 { last = next[last] }
        next[last] = claims.count
        append((index, slot))
    }

    private mutating func append(_ claim: Claim) {
        claims.append(claim)
        standing.append(true)
        next.append(-1)
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
