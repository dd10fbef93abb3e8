import Testing
import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private final class SlowPart: Sendable {
    init() { usleep(20_000) }
}
private final class Screen: Sendable {
    let part: SlowPart
    init(part: SlowPart) { self.part = part }
}
private enum Variant: Hashable, Sendable { case compact }
private final class Unwatched: Sendable {}
private final class Loaded: Sendable {}

/// Collects the events of this file's own types: other suites build in parallel.
private final class Recorder: Sendable {
    private let events = Collected<BuildEvent>()
    static let ownTypes: Set<String> = ["SlowPart", "Screen", "Unwatched", "Loaded"]

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
            single { Screen(part: resolve()) }
            factory { SlowPart() }
        }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        defer { DependencyContainer.onBuild = nil }

        let screen: Screen = container.resolve()
        _ = container.resolve() as Screen   // existing: builds nothing

        let events = recorder.recorded
        #expect(events.map(\.typeName) == ["SlowPart", "Screen"])
        #expect(events.map(\.depth) == [2, 1])
        #expect(events.map(\.lifetime) == [.factory, .singleton])
        let part = events[0]
        let outer = events[1]
        #expect(part.nanoseconds >= 20_000_000)
        #expect(outer.nanoseconds >= part.nanoseconds)
        #expect(outer.ownNanoseconds <= outer.nanoseconds - part.nanoseconds)
        #expect(outer.definedAt?.description.contains("BuildObserverTests.swift") == true)
        #expect(screen.part !== container.resolve() as SlowPart)
    }

    @Test func namesTheTagAndReportsAsyncBuilds() async {
        let container = module {
            factory(tag: Variant.compact) { Unwatched() }
            single { () async -> Loaded in Loaded() }
        }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        defer { DependencyContainer.onBuild = nil }

        _ = container.resolve(tag: Variant.compact) as Unwatched
        _ = await container.resolveAsync(Loaded.self)

        let events = recorder.recorded
        #expect(events.map(\.typeName) == ["Unwatched", "Loaded"])
        #expect(events.first?.tag == "Variant.compact")
        #expect(events.last?.depth == 1)
        #expect(events.first?.description.hasPrefix("Unwatched (tag: Variant.compact) (factory, depth 1): ") == true)
    }

    @Test func reportsNothingOnceRemoved() {
        let container = module { factory { Unwatched() } }
        let recorder = Recorder()
        DependencyContainer.onBuild = { recorder.record($0) }
        _ = container.resolve() as Unwatched
        DependencyContainer.onBuild = nil
        _ = container.resolve() as Unwatched
        #expect(recorder.recorded.count == 1)
        #expect(DependencyContainer.onBuild == nil)
    }

    @Test func formatsMilliseconds() {
        #expect(BuildEvent.milliseconds(1_234_567) == "1.235")
        #expect(BuildEvent.milliseconds(42_000) == "0.042")
        #expect(BuildEvent.milliseconds(0) == "0.000")
    }
}
