import Testing
import Wiring

/// A small app for verification: `Screen → Backend → Network`, plus storages by tag.
private enum App {
    protocol Network: Sendable {}
    final class HTTPNetwork: Network {}

    final class Backend: Sendable {
        let network: Network
        init(network: Network = resolve()) { self.network = network }
    }

    final class Storage: Sendable {}

    final class Screen {
        @Inject var backend: Backend
        @LazyInject(tag: "cache") var cache: Storage
        @OptionalInject var analytics: Analytics?
    }

    final class Analytics: Sendable {}

    final class CycleA: Sendable {
        let b: CycleB
        init(b: CycleB = resolve()) { self.b = b }
    }

    final class CycleB: Sendable {
        let a: CycleA
        init(a: CycleA = resolve()) { self.a = a }
    }

    final class LoopA: Sendable {
        let b: LoopB
        init(b: LoopB = resolve()) { self.b = b }
    }

    final class LoopB: Sendable {
        let a: LoopA
        init(a: LoopA = resolve()) { self.a = a }
    }

    final class Reporter: Sendable {
        let backend: Backend
        init(backend: Backend = resolve()) { self.backend = backend }
    }

    final class Dashboard {
        @LazyInject var feed: Feed
    }

    final class Feed: Sendable {}
    final class Settings: Sendable {
        let storage: Storage
        init(storage: Storage = resolve(tag: "db")) { self.storage = storage }
    }
}

@Suite struct VerificationTests {
    @Test func aCorrectGraphVerifiesAndNothingLeaksIntoTheContainer() throws {
        let builds = Counter()
        let container = module {
            single { () -> App.Network in
                builds.increment()
                return App.HTTPNetwork()
            }
            single { App.Backend() }
            factory { App.Screen() }
            single(tag: "cache") { App.Storage() }
        }
        try container.verify()
        #expect(builds.count == 1)

        // The real container builds its own single: the sandbox's never reached it.
        let backend: App.Backend = container.resolve()
        #expect(builds.count == 2)
        #expect(backend.network as AnyObject === container.resolve() as App.Network as AnyObject)
    }

    @Test func verificationFindsEverySeededMistake() throws {
        let container = module {
            single { App.Backend() }  // needs App.Network: missing
            single { App.Reporter() }  // needs the broken App.Backend: not checked
            single { App.CycleA() }
            single { App.CycleB() }
            factory { App.LoopA() }
            factory { App.LoopB() }
            single { App.Settings() }  // asks for tag "db"; only "cache" exists
            single(tag: "cache") { App.Storage() }
            single { App.Dashboard() }  // lazily needs App.Feed: missing
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let problems = try #require(error?.problems)
        #expect(problems.count == 5)

        guard case let .missingDefinition(type, tag, path, registered, _, requestedAt) = problems[0] else {
            Issue.record("expected a missing definition, got \(problems[0])")
            return
        }
        #expect(type == "Network")
        #expect(tag == nil)
        #expect(path.map(\.description) == ["Backend", "Network"])
        #expect(path[0].lifetime == .singleton)
        #expect(path[0].definedAt?.fileID == "WiringTests/VerificationTests.swift")
        #expect(registered.isEmpty)
        #expect(requestedAt?.fileID == "WiringTests/VerificationTests.swift")

        guard case let .cycle(cyclePath, _) = problems[1] else {
            Issue.record("expected a cycle, got \(problems[1])")
            return
        }
        #expect(cyclePath.map(\.description) == ["CycleA", "CycleB", "CycleA"])

        guard case let .cycle(loopPath, _) = problems[2] else {
            Issue.record("expected a cycle of factories, got \(problems[2])")
            return
        }
        #expect(loopPath.map(\.description) == ["LoopA", "LoopB", "LoopA"])
        #expect(loopPath.allSatisfy { $0.lifetime == .factory })

        guard case let .missingDefinition(storage, storageTag, storagePath, storageRegistered, _, _) = problems[3] else {
            Issue.record("expected a missing tag, got \(problems[3])")
            return
        }
        #expect(storage == "Storage")
        #expect(storageTag == "\"db\"")
        #expect(storagePath.map(\.description) == ["Settings", "Storage (tag: \"db\")"])
        #expect(storageRegistered.map(\.tag) == ["\"cache\""])

        guard case let .missingDefinition(feed, _, feedPath, _, _, _) = problems[4] else {
            Issue.record("expected a missing lazy dependency, got \(problems[4])")
            return
        }
        #expect(feed == "Feed")
        #expect(feedPath.map(\.description) == ["Dashboard", "Feed"])

        #expect(error?.unchecked.map(\.description) == ["Reporter"])
    }

    @Test func verificationsRunningAtOnceEachFindEveryProblem() {
        let container = module {
            single { App.Backend() }
            single { App.CycleA() }
            single { App.CycleB() }
            single { App.Dashboard() }
        }
        let counts = Collected<Int>()
        runOnThreads(4) { _ in
            do throws(VerificationError) {
                try container.verify()
                counts.append(0)
            } catch {
                counts.append(error.problems.count)
            }
        }
        #expect(counts.all == [3, 3, 3, 3])
    }

    @Test func aLazyDependencyOnABrokenDefinitionLeavesItsOwnerUnchecked() throws {
        final class Panel {
            @LazyInject var backend: App.Backend
        }
        let container = module {
            single { App.Backend() }
            single { Panel() }
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.problems.count == 1)
        #expect(error?.unchecked.map(\.description) == ["Panel"])
        #expect(error?.graph.edges.map(\.description) == ["0 -> 2", "1 -> 0 (lazy)"])
    }

    @Test func aFailureInsideAWeakSingleParksWithoutHoldingTheGlobalLock() throws {
        let container = module {
            weakSingle { App.Backend() }  // needs App.Network: missing
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.problems.count == 1)
        // Another thread building a singleton now must not wait for the parked worker.
        let other = module { single { App.Storage() } }
        let built = Collected<Bool>()
        runOnThreads(1) { _ in built.append((other.resolve() as App.Storage) === other.resolve() as App.Storage) }
        #expect(built.all == [true])
    }

    @Test func verificationReportReadsAsNumberedMessages() throws {
        let line = #line + 2
        let container = module {
            single { App.Backend() }
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let lines = try #require(error?.description).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Wiring: verification found 1 problem in 1 definitions.")
        #expect(lines[1] == "")
        #expect(lines[2] == "1. Wiring: nothing is registered for `Network` (no tag).")
        #expect(lines[3] == "    Resolution path: Backend → Network (tag: none)")
        #expect(lines[4] == "      Backend: single at WiringTests/VerificationTests.swift:\(line)")
        #expect(lines[5] == "    Requested at: WiringTests/VerificationTests.swift:11")
    }

    @Test func verifyingTwiceBuildsAFreshSandboxEachTime() throws {
        let builds = Counter()
        let container = module {
            single { () -> App.Storage in
                builds.increment()
                return App.Storage()
            }
        }
        try container.verify()
        try container.verify()
        #expect(builds.count == 2)
    }

    @Test func graphRecordsDependenciesLazinessAndMissingTypes() {
        let container = module {
            single { App.HTTPNetwork() as App.Network }
            single { App.Backend() }
            factory { App.Screen() }
            single(tag: "cache") { App.Storage() }
        }
        let graph = container.graph()
        // `@OptionalInject var analytics` finds nothing, which is allowed: no node, no edge.
        #expect(graph.nodes.map(\.description) == ["Network", "Backend", "Screen", "Storage (tag: \"cache\")"])
        #expect(graph.nodes.map(\.lifetime) == [.singleton, .singleton, .factory, .singleton])
        #expect(graph.edges.map(\.description) == ["1 -> 0", "2 -> 1", "2 -> 3 (lazy)"])
    }

    @Test func graphExportsDOT() {
        let container = module {
            single { App.Backend() }
            factory(tag: "cache") { App.Storage() }
        }
        #expect(
            container.graph().dot() == """
                digraph Wiring {
                    rankdir=LR;
                    node [shape=box, fontname="Helvetica", fontsize=11];
                    edge [color="#555555", fontname="Helvetica", fontsize=10];
                    n0 [label="Backend\\nsingle", style="filled", fillcolor="#e8f0fe"];
                    n1 [label="Storage\\ntag: \\"cache\\"\\nfactory", style="rounded,dashed"];
                    n2 [label="Network\\nnot registered", style="dashed", color="#cc0000", fontcolor="#cc0000"];
                    n0 -> n2;
                }

                """)
    }

    @Test func graphExportsMermaid() {
        let container = module {
            single { App.HTTPNetwork() as App.Network }
            single { App.Backend() }
            factory { App.Screen() }
        }
        #expect(
            container.graph().mermaid() == """
                flowchart LR
                    n0["Network<br/>single"]
                    n1["Backend<br/>single"]
                    n2("Screen<br/>factory")
                    n3{{"Storage<br/>tag: #quot;cache#quot;<br/>not registered"}}
                    n1 --> n0
                    n2 --> n1
                    n2 -.->|lazy| n3
                    classDef missing stroke:#cc0000,color:#cc0000,stroke-dasharray:4 4
                    class n3 missing

                """)
    }
}
