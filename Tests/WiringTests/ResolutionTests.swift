import Foundation
import Testing
import Wiring

@Suite struct ResolutionTests {
    final class Leaf {}
    final class Middle {
        @Inject var leaf: Leaf
    }
    final class Top {
        let middle: Middle
        let leaf: Leaf
        init(middle: Middle = resolve(), leaf: Leaf = resolve()) {
            self.middle = middle
            self.leaf = leaf
        }
    }

    @Test func nestedResolutionUsesTheResolvingContainer() {
        let container = module {
            single { Leaf() }
            single { Middle() }
            factory { Top() }
        }
        let top: Top = container.resolve()
        #expect(top.middle === container.resolve() as Middle)
        #expect(top.leaf === top.middle.leaf)
    }

    @Test func twoContainersWireTheirOwnGraphs() {
        let definitions = module {
            single { Leaf() }
            single { Middle() }
        }
        let one = modules { definitions }
        let two = modules { definitions }
        let middleOne: Middle = one.resolve()
        let middleTwo: Middle = two.resolve()
        #expect(middleOne.leaf === one.resolve() as Leaf)
        #expect(middleTwo.leaf === two.resolve() as Leaf)
        #expect(middleOne.leaf !== middleTwo.leaf)
    }

    @Test func resolveOptionalOnAContainer() {
        let container = module { single(tag: 1) { Leaf() } }
        #expect(container.resolveOptional() as Leaf? == nil)
        #expect(container.resolveOptional(tag: 1) as Leaf? === container.resolve(tag: 1) as Leaf)
        #expect(container.resolveOptional(tag: 2) as Leaf? == nil)
    }

    @Test func missingDependencyDeepInAGraphReportsThePath() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Needy {
                @Inject(tag: "db") var storage: OtherService
            }
            let container = module {
                single { Needy() }
                single(tag: "cache") { OtherService() }
            }
            _ = container.resolve() as Needy
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: nothing is registered for `OtherService` with tag \"db\"."))
            #expect(output.contains("Resolution path: Needy → OtherService (tag: \"db\")"))
            #expect(output.contains("Requested at: WiringTests/ResolutionTests.swift:"))
            #expect(output.contains("Registered for `OtherService`: tag \"cache\" (single at WiringTests/ResolutionTests.swift:"))
        }
    }

    @Test func throwingResolveReportsMissingUntaggedType() throws {
        let container = module { single(tag: "x") { Leaf() } }
        do {
            _ = try container.resolveThrowing(Leaf.self)
            Issue.record("expected an error")
        } catch let .missingDefinition(type, tag, path, registered, _, requestedAt) {
            #expect(type == "Leaf")
            #expect(tag == nil)
            #expect(path.map(\.type) == ["Leaf"])
            #expect(path[0].tag == nil && path[0].lifetime == nil && path[0].definedAt == nil)
            #expect(registered.count == 1)
            #expect(registered[0].tag == "\"x\"")
            #expect(registered[0].lifetime == .singleton)
            #expect(registered[0].definedAt?.fileID == "WiringTests/ResolutionTests.swift")
            #expect(requestedAt?.fileID == "WiringTests/ResolutionTests.swift")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func throwingResolveReturnsTheInstance() throws {
        let container = module { single { Leaf() } }
        let leaf = try container.resolveThrowing(Leaf.self)
        #expect(leaf === container.resolve() as Leaf)
    }

    final class SelfCycleA { @Inject var b: SelfCycleB }
    final class SelfCycleB { @Inject var a: SelfCycleA }

    @Test func cycleStopsWithTheWholeCycle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module {
                single { ResolutionTests.SelfCycleA() }
                single { ResolutionTests.SelfCycleB() }
            }
            _ = container.resolve() as ResolutionTests.SelfCycleA
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: dependency cycle: SelfCycleA → SelfCycleB → SelfCycleA."))
            #expect(output.contains("Fix: break the cycle"))
        }
    }

    final class FactoryCycle { @Inject var again: FactoryCycle }

    @Test func cycleOfFactoriesStopsBeforeTheStackOverflows() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { factory { ResolutionTests.FactoryCycle() } }
            _ = container.resolve() as ResolutionTests.FactoryCycle
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: dependency cycle: FactoryCycle → FactoryCycle."))
        }
    }
}
