import Foundation
import Testing
import Wiring

/// `verify()` and main-actor definitions: a green run means every definition was built. From the
/// main actor it builds them there; off it, what it could not build makes it fail, with the fix.
@Suite struct MainActorVerificationTests {
    typealias ViewModel = MainActorDefinitionTests.ViewModel
    typealias Service = MainActorDefinitionTests.Service
    typealias Builds = MainActorDefinitionTests.Builds

    final class Holder: Sendable {
        let model: ViewModel
        init(model: ViewModel) { self.model = model }
    }

    static func module(_ builds: Builds) -> DependencyContainer {
        Wiring.module {
            single { Service() }
            factory { @MainActor in
                builds.record()
                return ViewModel(service: resolve())
            }
            singleOf(tag: "shared", ViewModel.init)
            // Main-actor too: a plain single resolving a main-actor one is a problem (see
            // `PlainUsingMainActorTests`).
            single { @MainActor in Holder(model: resolve()) }
        }
    }

    @Test func offTheMainActorWhatItCouldNotBuildMakesItFail() async {
        let builds = Builds()
        let container = Self.module(builds)
        let report = await offMainActor { () -> VerificationError? in
            do {
                try container.verify()
                return nil
            } catch let error as VerificationError {
                return error
            } catch {
                return nil
            }
        }
        #expect(builds.count == 0)
        #expect(report?.problems.isEmpty == true)
        // The closure definition and the single that needs it; the constructor's parameters are
        // checked without running it.
        #expect(report?.mainActorUnchecked.map { $0.type } == ["ViewModel", "Holder"])
        let text = report?.description ?? ""
        #expect(text.hasPrefix("Wiring: verification found no problem in the 2 definitions it checked, and left 2 main-actor ones unchecked."))
        #expect(text.contains("call it from the main actor (a `@MainActor` test) to build them"))
    }

    @Test @MainActor func fromTheMainActorItBuildsThemThere() throws {
        let builds = Builds()
        let graph = try Self.module(builds).verify()
        // The factory, once for itself and once for the single that needs it.
        #expect(builds.count == 2)
        #expect(builds.offMainCount == 0)
        let edges = Set(graph.edges.map { "\(graph.nodes[$0.from].type) -> \(graph.nodes[$0.to].type)" })
        #expect(edges.contains("ViewModel -> Service"))
        #expect(edges.contains("Holder -> ViewModel"))
    }

    @Test @MainActor func fromTheMainActorTheAsyncVerifyBuildsThemToo() async throws {
        let builds = Builds()
        try await Self.module(builds).verify()
        #expect(builds.count == 2)
        #expect(builds.offMainCount == 0)
    }

    /// A main-actor closure whose dependency is missing: on the main actor the build cannot be
    /// abandoned, so the program stops with the missing registration and the report so far,
    /// never a green run.
    @Test func aMissingDependencyOfAMainActorClosureStopsTheRunOnTheMainActor() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let container = Wiring.module {
                    factory { @MainActor in ViewModel(service: resolve()) }
                }
                _ = try? container.verify()
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: verify() stopped while building ViewModel"))
            #expect(output.contains("on the main actor: a build that fails there cannot be abandoned"))
            #expect(output.contains("`Service`"))
            // The report so far counts the problem it stopped at, under the headline.
            #expect(output.contains("Found so far:\nWiring: verification found 1 problem in"))
            #expect(!output.contains("found 0 problems"))
        }
    }
}

/// `verify(parameters:)`: definitions whose parameters the app passes with `resolve(parameters:)`
/// are built with the examples given, not reported missing or skipped; without an example they
/// make verification fail.
@Suite struct ParameterVerificationTests {
    struct FeedID: Sendable { let value: Int }
    final class API: Sendable {}
    final class Feed: Sendable {
        let id: FeedID
        let api: API
        init(id: FeedID, api: API) {
            self.id = id
            self.api = api
        }
    }

    @Test func aResolveTimeParameterOfAConstructorIsCheckedAsGiven() throws {
        let container = module {
            single { API() }
            factoryOf(Feed.init)
        }
        let feed: Feed = container.resolve(parameters: FeedID(value: 7))
        #expect(feed.id.value == 7)
        #expect(feed.api === container.resolve() as API)
        try container.verify(parameters: [FeedID(value: 1)])
        // Without it, the factory is left with its parameters unchecked, as a closure factory
        // taking a `FeedID` is, and the report names the parameter in case it is a registration.
        let report = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(report?.problems.isEmpty == true)
        #expect(report?.parametersUnchecked.map(\.description) == ["Feed"])
        #expect(report?.description.contains("its constructor takes `FeedID`, which nothing registers") == true)
    }

    @Test func itsOtherParametersAreStillChecked() async {
        let container = module { factoryOf(Feed.init) }
        let report = await #expect(throws: VerificationError.self) { try await container.verify(parameters: [FeedID(value: 1)]) }
        #expect(report?.parametersUnchecked.map(\.description) == ["Feed"])
        #expect(report?.description.contains("its constructor takes `API`, which nothing registers: register it") == true)
        #expect(report?.description.contains("`FeedID`") == false)
    }

    final class Header: Sendable {
        init(id: FeedID, api: API) {}
    }

    @Test func aDefinitionWithParametersIsBuiltWithTheExampleAndItsNestedResolvesChecked() throws {
        let builds = Counter()
        let complete = module {
            single { API() }
            factory { (id: FeedID) in
                builds.increment()
                return Header(id: id, api: resolve())
            }
        }
        let graph = try complete.verify(parameters: [FeedID(value: 3)])
        #expect(builds.count == 1)
        #expect(graph.edges.map { "\(graph.nodes[$0.from].type) -> \(graph.nodes[$0.to].type)" } == ["Header -> API"])
        // Without an example it is not built, and a green run would hide that: it fails.
        let unchecked = #expect(throws: VerificationError.self) { try complete.verify() }
        #expect(unchecked?.parametersUnchecked.map { $0.type } == ["Header"])
        #expect(unchecked?.problems.isEmpty == true)
        // With the example, a missing nested registration is found.
        let broken = module { factory { (id: FeedID) in Header(id: id, api: resolve()) } }
        let report = #expect(throws: VerificationError.self) { try broken.verify(parameters: [FeedID(value: 3)]) }
        #expect(report?.problems.count == 1)
        #expect(report?.description.contains("`API`") == true)
    }
}
