/// Which definitions answer for each type and tag of a container being built.
///
/// A slot is a definition's own type (slot 0) or one of its bindings. Most keys are claimed
/// once. The claims of one key form a chain in declaration order (`next`), so that finding the
/// claims of a key, and the one `resolve()` returns, hashes once: keys without a tag or an
/// injection by their type alone, others by their `DefinitionKey`.
///
/// Invariant: every definition claimed in one `Claims` has the same scope (none, or the scope of the
/// registry being built: `Registry.general` sets other scopes' definitions aside before it
/// claims), so a key's scope never tells two keys of one `Claims` apart, and a scoped
/// definition without a tag is found by its type alone, as a plain one is.
struct Claims {
    /// One claim: the definition (its index in the registry's definitions) and slot, the
    /// position of the next claim of the same key or -1, and whether it still stands (an
    /// override cancels the claims it replaces). One array of these, so that a claim is one
    /// append.
    struct Claim {
        var definition: Int
        var slot: Int
        var next = -1
        var standing = true
    }

    /// Every claim, in declaration order; an override takes the place of the first claim it
    /// replaces.
    private var claims: [Claim] = []
    /// The first claim of each key without a tag or injection (most of them), by type alone.
    private var firstPlain: [ObjectIdentifier: Int]
    /// The first claim of each other key.
    private var first: [DefinitionKey: Int] = [:]
    /// The definitions an override replaced, by the first claim of their key: one reached again
    /// later (a list placed in two modules) is already claimed, not a duplicate.
    private var replaced: [(first: Int, info: DefinitionInfo)] = []
    /// How many claims are expected: the general table is sized for them when its first key
    /// comes, rather than grown key by key.
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        claims.reserveCapacity(capacity)
        firstPlain = Dictionary(minimumCapacity: capacity)
    }

    /// The key of a definition that is not plain.
    private static func key(of info: DefinitionInfo) -> DefinitionKey {
        DefinitionKey(type: info.typeID, tag: info.tag, isInjection: info.isInjection, scope: info.scope)
    }

    var count: Int { claims.count }

    /// The standing claims with their positions, in declaration order.
    var live: some Sequence<(Int, Claim)> {
        zip(claims.indices, claims).lazy.filter { $0.1.standing }
    }

    /// Whether the claim at `position` is the one `resolve()` returns for its key: the last
    /// standing one.
    func isWinner(_ position: Int) -> Bool {
        guard claims[position].standing else { return false }
        var later = claims[position].next
        while later >= 0 {
            if claims[later].standing { return false }
            later = claims[later].next
        }
        return true
    }

    /// Whether `info` has claimed the key whose first claim is at `position`
    /// already: the same definition, reached twice (a module listed twice).
    /// The first claim counts whether it stands or not (an override took its place), the
    /// later ones only while they stand.
    private func holds(_ info: DefinitionInfo, from first: Int, in definitions: [AnyDefinition]) -> Bool {
        var position = first
        while position >= 0 {
            if position == first || claims[position].standing,
                definitions[claims[position].definition].info === info
            {
                return true
            }
            position = claims[position].next
        }
        return replaced.contains { $0.first == first && $0.info === info }
    }

    /// The standing claims of a key, from its first claim at `position`, in declaration order.
    private func standing(from position: Int) -> [Int] {
        var positions: [Int] = []
        var position = position
        while position >= 0 {
            if claims[position].standing { positions.append(position) }
            position = claims[position].next
        }
        return positions
    }

    /// Claims `info`'s key for the slot `slot` of the definition at `index`, and returns
    /// `true`; or returns `false` for a definition's own type (slot 0) that the same definition
    /// has claimed already (a module listed twice counts once: its bindings are not claimed
    /// again either). An override replaces the standing claims of its key; a second direct
    /// definition of a key throws.
    @discardableResult
    mutating func claim(
        _ info: DefinitionInfo, definition index: Int, slot: Int, in definitions: [AnyDefinition]
    ) throws(WiringError) -> Bool {
        let firstPosition: Int
        // Plain, or scoped without a tag: the type alone is the key (see the invariant above).
        if !info.isTagged, !info.isInjection {
            // One hash: the key filed with this claim as its first, unless it has one already
            // (rare: an override, a binding, a module listed twice), which is put back.
            guard let found = firstPlain.updateValue(claims.count, forKey: info.typeID) else {
                claims.append(Claim(definition: index, slot: slot))
                return true
            }
            firstPlain[info.typeID] = found
            firstPosition = found
        } else {
            let key = Self.key(of: info)
            guard let found = first[key] else {
                if first.isEmpty { first.reserveCapacity(capacity) }
                first[key] = claims.count
                claims.append(Claim(definition: index, slot: slot))
                return true
            }
            firstPosition = found
        }
        if slot == 0, holds(info, from: firstPosition, in: definitions) { return false }
        let earlier = standing(from: firstPosition)
        if info.isOverride, let place = earlier.first {
            // Replaces every earlier claim, in the place of the first.
            for position in earlier {
                claims[position].standing = false
                replaced.append((firstPosition, definitions[claims[position].definition].info))
            }
            claims[place].definition = index
            claims[place].slot = slot
            claims[place].standing = true
            return true
        }
        if slot == 0, !info.isOverride,
            let direct = earlier.first(where: { claims[$0].slot == 0 })
        {
            throw .duplicateDefinition(
                type: typeName(info.type), tag: info.tag?.description,
                first: definitions[claims[direct].definition].info.site, second: info.site)
        }
        // The new claim ends the key's chain.
        var last = firstPosition
        while claims[last].next >= 0 { last = claims[last].next }
        claims[last].next = claims.count
        claims.append(Claim(definition: index, slot: slot))
        return true
    }
}
