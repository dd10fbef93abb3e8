import Testing
import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private final class ObservedSlowPart: Sendable {
    init() { usleep(20_000) }
}
private final class ObservedScreen: Sendable {
    let part: ObservedSlowPart
    init(part: ObservedSlowPart) { self.part = part }
}
private enum Variant: Hashable, Sendable { case compact }
private final class ObservedUnwatched: Sendable {}
private final class ObservedLoaded: Sendable {}
private enum ObservedVisit {}
private final class ObservedBasket: Sendable {
    let part: ObservedSlowPart
    init(part: ObservedSlowPart) { self.part = part }
}

/// Collects the events of this file's own types, named so that no other suite has them: other
/// suites build in parallel.
private final class Recorder: Sendable {
    private let events = Collected<BuildEvent>()
    static let ownTypes: Set<String> = [
        "ObservedSlowPart", "ObservedScreen", "ObservedUnwatched", "ObservedLoaded", "ObservedBasket",
    ]

    func record(_ event: BuildEvent) {
        guard Recorder.ownTypes.contains(event.typeName) else { return }
        events.append(event)
    }

    var recorded: [BuildEvent] { events.all }
}

// `onBuild` is process-wide: these tests set it one at a time.
@Suite(.serialized) struct BuildObserverTests {
    @Test func reportsEachBuildWithItsDepthAndOwnTime() {
        let container = module {
            single { ObservedScreen(part: resolve()) }
            factory { ObservedSlowPart() }
        }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        defer { DependencyContainer.onBuild = nil }

        let screen: ObservedScreen = container.resolve()
        _ = container.resolve() as ObservedScreen   // existing: builds nothing

        let events = recorder.recorded
        #expect(events.map(\.typeName) == ["ObservedSlowPart", "ObservedScreen"])
        #expect(events.map(\.depth) == [2, 1])
        #expect(events.map(\.lifetime) == [.factory, .singleton])
        let part = events[0]
        let outer = events[1]
        #expect(part.nanoseconds >= 20_000_000)
        #expect(outer.nanoseconds >= part.nanoseconds)
        #expect(outer.ownNanoseconds <= outer.nanoseconds - part.nanoseconds)
        #expect(outer.definedAt?.description.contains("BuildObserverTests.swift") == true)
        #expect(screen.part !== container.resolve() as ObservedSlowPart)
    }

    @Test func namesTheTagAndReportsAsyncBuilds() async {
        let container = module {
            factory(tag: Variant.compact) { ObservedUnwatched() }
            single { () async -> ObservedLoaded in ObservedLoaded() }
        }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        defer { DependencyContainer.onBuild = nil }

        _ = container.resolve(tag: Variant.compact) as ObservedUnwatched
        _ = await container.resolveAsync(ObservedLoaded.self)

        let events = recorder.recorded
        #expect(events.map(\.typeName) == ["ObservedUnwatched", "ObservedLoaded"])
        #expect(events.first?.tag == "Variant.compact")
        #expect(events.last?.depth == 1)
        #expect(events.first?.description.hasPrefix("ObservedUnwatched (tag: Variant.compact) (factory, depth 1): ") == true)
    }

    @Test func reportsBuildsInScopesOverridesAndTaskLocalRoots() {
        let shared = module {
            single { ObservedSlowPart() }
            single { ObservedUnwatched() }
        }
        let app = module {
            includes(shared)
            scope(ObservedVisit.self) {
                scoped { ObservedBasket(part: resolve()) }
            }
        }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        defer { DependencyContainer.onBuild = nil }

        DependencyContainer.withRoot(app) {
            let visit = DependencyContainer.shared.openScope(ObservedVisit.self)
            let basket: ObservedBasket = visit.resolve()
            #expect(basket === visit.resolve() as ObservedBasket)   // held: built once
            visit.close()
        }
        let overrideLine = #line; let overridden = modules { app; module { single { ObservedUnwatched() }.override() } }
        _ = overridden.resolve() as ObservedUnwatched

        let events = recorder.recorded
        #expect(events.map(\.typeName) == ["ObservedSlowPart", "ObservedBasket", "ObservedUnwatched"])
        #expect(events.map(\.lifetime) == [.singleton, .scoped, .singleton])
        #expect(events.map(\.depth) == [2, 1, 1])
        #expect(events[2].definedAt?.line == overrideLine)   // the override, not the shared module's
    }

    @Test func reportsNothingOnceRemoved() {
        let container = module { factory { ObservedUnwatched() } }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        _ = container.resolve() as ObservedUnwatched
        DependencyContainer.onBuild = nil
        _ = container.resolve() as ObservedUnwatched
        #expect(recorder.recorded.count == 1)
        #expect(DependencyContainer.onBuild == nil)
    }

    @Test func formatsMilliseconds() {
        #expect(BuildEvent.milliseconds(1_234_567) == "1.235")
        #expect(BuildEvent.milliseconds(42_000) == "0.042")
        #expect(BuildEvent.milliseconds(0) == "0.000")
    }
}
