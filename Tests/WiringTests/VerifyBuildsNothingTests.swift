import Testing
import Wiring

// Issue 59: `verify()` and `graph()` run no constructor of a constructor definition anywhere in
// the graph (sync, async or main-actor); definitions written as closures still run. Each test
// has containers of its own and counters of its own, so they run in parallel.

private let constructed = Collected<String>()

private final class C3: Sendable {
    init() { constructed.append("C3") }
}
private final class B3: Sendable {
    init(c: C3) { constructed.append("B3") }
}
private final class A3: Sendable {
    init(b: B3, c: C3) { constructed.append("A3") }
}
private final class D3: Sendable {
    init(a: A3) { constructed.append("D3") }
}

private final class P0: Sendable { init() { constructed.append("P0") } }
private final class P1: Sendable { init(_ p: P0) { constructed.append("P1") } }
private final class Wide: Sendable {
    init(_ a: P0, _ b: P1, _ c: P0, _ d: P1, _ e: P0, _ f: P1, _ g: P0, _ h: P1, _ i: P0, _ j: P1) {
        constructed.append("Wide")
    }
}

private final class AsyncConfig: Sendable {
    init() async { constructed.append("AsyncConfig") }
}
private final class AsyncClient: Sendable {
    init(config: P0) async { constructed.append("AsyncClient") }
}

@MainActor private final class ScreenModel {
    init(client: P1) { constructed.append("ScreenModel") }
}

/// A closure definition that needs a constructor definition's instance: that one is built.
private final class ClosureNeedsB: Sendable {
    init(b: B3) { constructed.append("ClosureNeedsB") }
}

@Suite(.serialized) struct VerifyBuildsNothingTests {
    private static func edges(of graph: DependencyGraph) -> [String] {
        graph.edges.map { "\(graph.nodes[$0.from].type)→\(graph.nodes[$0.to].type)" }
    }

    private func built(during body: () throws -> Void) rethrows -> [String] {
        let before = constructed.all.count
        try body()
        return Array(constructed.all.dropFirst(before))
    }

    @Test func aThreeLevelConstructorGraphVerifiesWithoutConstructingAnything() throws {
        let container = module {
            singleOf(D3.init)
            singleOf(A3.init)
            factoryOf(B3.init)
            singleOf(C3.init)
        }
        let byVerify = try built { _ = try container.verify() }
        #expect(byVerify == [])
        var graph: DependencyGraph?
        let byGraph = built { graph = container.graph() }
        #expect(byGraph == [])
        let edges = graph.map(Self.edges) ?? []
        #expect(Set(edges).isSuperset(of: ["D3→A3", "A3→B3", "A3→C3", "B3→C3"]))
    }

    @Test func aTenParameterConstructorChecksEachParameterWithoutBuildingIt() throws {
        let container = module {
            singleOf(P0.init)
            factoryOf(P1.init)
            factoryOf(Wide.init)
        }
        #expect(try built { _ = try container.verify() } == [])
        #expect(built { _ = container.graph() } == [])
    }

    @Test func aMissingParameterDeepInTheGraphIsStillReported() {
        let container = module {
            singleOf(D3.init)
            singleOf(A3.init)
            factoryOf(B3.init)
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.problems.isEmpty == false)
        #expect(error?.problems.allSatisfy { $0.description.contains("nothing is registered for `C3`") } == true)
    }

    @Test func asyncConstructorsRunNeitherForVerifyNorForGraph() async throws {
        let container = module {
            singleOf(P0.init)
            singleOf(AsyncConfig.init)
            singleOf(AsyncClient.init)
        }
        let before = constructed.all.count
        _ = try await container.verify()
        _ = await container.graph()
        #expect(Array(constructed.all.dropFirst(before)) == [])
    }

    @Test func mainActorConstructorsAreCheckedWithoutBuildingThem() throws {
        let container = module {
            singleOf(P0.init)
            factoryOf(P1.init)
            factoryOf(ScreenModel.init)
        }
        var graph: DependencyGraph?
        let byVerify = try built { graph = try container.verify() }
        #expect(byVerify == [])
        #expect(graph.map(Self.edges)?.contains("ScreenModel→P1") == true)
    }

    @Test func aClosureDefinitionStillGetsARealInstance() throws {
        let container = module {
            singleOf(C3.init)
            factoryOf(B3.init)
            factory { ClosureNeedsB(b: resolve()) }
        }
        let byVerify = try built { _ = try container.verify() }
        // The closure ran, so the B3 it needed (and B3's C3) were built for it; nothing else.
        #expect(byVerify.sorted() == ["B3", "C3", "ClosureNeedsB"])
    }
}
