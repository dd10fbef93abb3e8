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
    /// The first claim of each key.
    private var first: [DefinitionKey: Int] = [:]
    /// Every standing claim of a key claimed more than once, in declaration order.
    private var shared: [DefinitionKey: [Int]] = [:]
    private var keys: [DefinitionKey] = []

    init(capacity: Int) {
        claims.reserveCapacity(capacity)
        standing.reserveCapacity(capacity)
        keys.reserveCapacity(capacity)
        first.reserveCapacity(capacity)
    }

    var count: Int { claims.count }

    /// The standing claims with their positions, in declaration order.
    var live: some Sequence<(Int, Claim)> {
        zip(claims.indices, claims).lazy.filter { standing[$0.0] }
    }

    /// Whether the claim at `position` is the one `resolve()` returns for its key: the last
    /// standing one.
    func isWinner(_ position: Int) -> Bool {
        guard let positions = shared[keys[position]] else { return true }
        return positions.last == position
    }

    /// Whether `info`'s definition already claimed its key: the same definition reached again.
    func alreadyHolds(_ info: DefinitionInfo, in definitions: [Definition]) -> Bool {
        guard let position = first[info.key] else { return false }
        return standing(of: info.key).contains { definitions[claims[$0].definition].info === info }
            || definitions[claims[position].definition].info === info
    }

    private func standing(of key: DefinitionKey) -> [Int] {
        guard let position = first[key] else { return [] }
        return (shared[key] ?? [position]).filter { standing[$0] }
    }

    /// Adds slot `slot` of definition `index`, whose info is `info`.
    mutating func claim(
        _ info: DefinitionInfo, definition index: Int, slot: Int, in definitions: [Definition]
    ) throws(WiringError) {
        let key = info.key
        guard first[key] != nil else {
            first[key] = claims.count
            append((index, slot), key: key)
            return
        }
        let earlier = standing(of: key)
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
        append((index, slot), key: key)
    }

    private mutating func append(_ claim: Claim, key: DefinitionKey) {
        claims.append(claim)
        standing.append(true)
        keys.append(key)
    }
}
