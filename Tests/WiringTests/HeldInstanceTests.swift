import Foundation
import Testing
import Wiring

private final class Early: Sendable {}
private final class LateAsync: Sendable {}
private final class SlowAsync: Sendable {}
private final class Base: Sendable {}
private final class Badge: Sendable {
    let id: Int
    let base: Base
    init(id: Int, base: Base) {
        self.id = id
        self.base = base
    }
}
private enum Visit {}

/// Parameterized and async singles keep their instance as a plain entry does (numbered by
/// creation, released once when their container or scope closes, never kept once it closed):
/// these try to catch the three apart.
@Suite struct HeldInstanceTests {
    @Test func anAsyncSingleIsNumberedByCreationAndClosesBeforeWhatWasBuiltEarlier() async {
        let closed = Collected<String>()
        let container = module {
            single { Early() }.onClose { _ in closed.append("early") }
            single { () async -> LateAsync in LateAsync() }.onClose { _ in closed.append("late async") }
        }
        _ = container.resolve() as Early
        _ = await container.resolveAsync(LateAsync.self)
        container.close()
        #expect(closed.all == ["late async", "early"])
    }

    @Test func anAsyncSingleFinishedAfterItsContainerClosedIsReleasedAtOnce() async throws {
        let events = EventLog()
        let gate = AsyncGate()
        let container = module {
            single { () async throws -> SlowAsync in
                events.append("building")
                try await gate.wait()
                return SlowAsync()
            }.onClose { _ in events.append("released") }
        }
        let resolving = Task { try await container.resolveAsyncThrowing(SlowAsync.self) }
        await events.happened("building")
        container.close()
        gate.open()
        // The resolve that was waiting gets the value; it is not kept, and its callback ran once.
        _ = try await resolving.value
        #expect(events.all == ["building", "released"])
        await #expect(throws: WiringError.self) { try await container.resolveAsyncThrowing(SlowAsync.self) }
        #expect(events.all == ["building", "released"])
    }

    @Test func aParameterizedScopedInstanceIsKeptPerScopeAndReleasedWithIt() throws {
        let closed = Collected<Int>()
        let container = module {
            single { Base() }
            scope(Visit.self) {
                scoped { (id: Int) in Badge(id: id, base: resolve()) }.onClose { (badge: Badge) in closed.append(badge.id) }
            }
        }
        let first = container.openScope(Visit.self)
        let badge: Badge = first.resolve(parameters: 1)
        // Parameters are for building: the kept one answers later resolves, whatever their values.
        #expect((first.resolve(parameters: 2) as Badge) === badge)
        #expect((first.resolve() as Badge) === badge)
        first.close()
        #expect(closed.all == [1])
        #expect(throws: WiringError.self) { try first.resolveThrowing(Badge.self, parameters: 3) }
        let second = container.openScope(Visit.self)
        #expect((second.resolve(parameters: 2) as Badge).id == 2)
        second.close()
        #expect(closed.all == [1, 2])
    }

    @Test func aParameterizedSingleClosesBeforeWhatItResolved() {
        let closed = Collected<String>()
        let container = module {
            single { Base() }.onClose { _ in closed.append("base") }
            single { (id: Int) in Badge(id: id, base: resolve()) }.onClose { _ in closed.append("badge") }
        }
        _ = container.resolve(parameters: 5) as Badge
        container.close()
        #expect(closed.all == ["badge", "base"])
    }

    @Test func aParameterizedSingleIsBuiltOnceUnderContention() {
        let builds = Counter()
        let container = module {
            single { Base() }
            single { (id: Int) -> Badge in
                builds.increment()
                Thread.sleep(forTimeInterval: 0.01)
                return Badge(id: id, base: resolve())
            }
        }
        let badges = Collected<ObjectIdentifier>()
        runOnThreads(8) { index in badges.append(ObjectIdentifier(container.resolve(parameters: index) as Badge)) }
        #expect(builds.count == 1)
        #expect(Set(badges.all).count == 1)
    }
}
