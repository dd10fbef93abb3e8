import Testing
import Wiring

private enum Visit {}
private enum Order {}
private final class Basket: Sendable {}

/// The directory of scopes opened with an id, through `openScope(_:id:)`, `openedScope(_:id:)`
/// and `close()`: many ids filed and removed in any order, of two scope types and two owners.
@Suite struct ScopeDirectoryTests {
    @Test func manyIdsOpenAndCloseInAnyOrder() {
        let first = module { scope(Visit.self) { scoped { Basket() } }; scope(Order.self) {} }
        let second = module { scope(Visit.self) {} }
        var generator = SplitMix(seed: 42)
        var open: [Int: DependencyContainer] = [:]
        for round in 0..<4 {
            for id in 0..<600 where open[id] == nil {
                open[id] = first.openScope(Visit.self, id: id)
            }
            // The same ids under another scope type and another owner are other scopes.
            let orders = (0..<50).map { first.openScope(Order.self, id: $0) }
            let visits = (0..<50).map { second.openScope(Visit.self, id: $0) }
            for id in open.keys.shuffled(using: &generator).prefix(300 + round * 50) {
                open.removeValue(forKey: id)?.close()
            }
            for id in 0..<600 {
                let found = first.openedScope(Visit.self, id: id)
                #expect(found === open[id], "id \(id), round \(round)")
            }
            for (index, order) in orders.enumerated() {
                #expect(first.openedScope(Order.self, id: index) === order)
                order.close()
                #expect(first.openedScope(Order.self, id: index) == nil)
            }
            for (index, visit) in visits.enumerated() {
                #expect(second.openedScope(Visit.self, id: index) === visit)
                visit.close()
            }
        }
        for scope in open.values { scope.close() }
        #expect((0..<600).allSatisfy { first.openedScope(Visit.self, id: $0) == nil })
    }

    /// Threads racing to open one id: exactly one opens it, every other is told it is open
    /// (the directory's lock makes the look-up and the filing one step), in every round.
    @Test func threadsRacingToOpenOneIdOpenItOnce() {
        let container = module { scope(Visit.self) { scoped { Basket() } } }
        for round in 0..<100 {
            let opened = Counter()
            let refused = Counter()
            runOnThreads(4) { _ in
                do throws(WiringError) {
                    _ = try container.openScopeThrowing(Visit.self, id: round)
                    opened.increment()
                } catch {
                    if case .scopeAlreadyOpen = error { refused.increment() }
                }
            }
            #expect(opened.count == 1, "round \(round)")
            #expect(refused.count == 3, "round \(round)")
            // Dropped by the thread that opened it, still filed until closed.
            let scope = container.openedScope(Visit.self, id: round)
            #expect(scope != nil)
            scope?.close()
            #expect(container.openedScope(Visit.self, id: round) == nil)
        }
    }

    @Test func equalIdsOfOtherTypesAreOtherScopes() {
        let container = module { scope(Visit.self) {} }
        let byInt = container.openScope(Visit.self, id: 7)
        let byString = container.openScope(Visit.self, id: "7")
        #expect(byInt !== byString)
        #expect(container.openedScope(Visit.self, id: 7) === byInt)
        #expect(container.openedScope(Visit.self, id: "7") === byString)
        byInt.close()
        #expect(container.openedScope(Visit.self, id: 7) == nil)
        #expect(container.openedScope(Visit.self, id: "7") === byString)
        byString.close()
    }
}

/// A small seeded generator, so a failure repeats.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
