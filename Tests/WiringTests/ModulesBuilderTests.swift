import Testing
import Wiring

private final class Plugin: Sendable {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// `modules { }` with every statement its builder accepts: each line's modules, in order, once.
/// Serialized: one test installs the global root.
@Suite(.serialized) struct ModulesBuilderTests {
    private func logging(_ name: String) -> DependencyContainer {
        module { single { NamedValue(name) } }
    }

    private func plugin(_ index: Int) -> DependencyContainer {
        module { single(tag: index) { Plugin(index) } }
    }

    @Test(arguments: [false, true])
    func anIfElseComposesTheBranchTaken(verbose: Bool) {
        let container = modules {
            if verbose { logging("verbose") } else { logging("quiet") }
        }
        #expect((container.resolve() as NamedValue).name == (verbose ? "verbose" : "quiet"))
    }

    @Test(arguments: [false, true])
    func anIfWithoutElseComposesNothingWhenFalse(withPlugins: Bool) {
        let container = modules {
            logging("base")
            if withPlugins { plugin(1) }
        }
        #expect((container.resolve() as NamedValue).name == "base")
        #expect((container.resolveOptional(tag: 1) as Plugin?)?.index == (withPlugins ? 1 : nil))
    }

    @Test func aForLoopComposesEachModuleBesideTheLines() {
        let base = logging("base")
        let container = modules {
            base
            for index in 0..<5 { plugin(index) }
            plugin(9)
        }
        for index in [0, 1, 2, 3, 4, 9] {
            #expect((container.resolve(tag: index) as Plugin).index == index)
        }
        #expect(container.resolveOptional(tag: 5) as Plugin? == nil)
        #expect((container.resolve() as NamedValue).name == "base")
    }

    @Test func aModuleListedOnSeveralLinesIsComposedOnce() {
        let shared = logging("shared")
        let container = modules {
            shared
            if true { shared }
            for _ in 0..<3 { shared }
        }
        #expect(container.resolveAll(NamedValue.self).count == 1)
        #expect(container.resolve() as NamedValue === container.resolve() as NamedValue)
    }

    @Test func anEmptyLoopComposesNothing() {
        let container = modules {
            logging("only")
            for index in 0..<0 { plugin(index) }
        }
        #expect(container.resolveAll(NamedValue.self).count == 1)
        #expect(container.resolveOptional(tag: 0) as Plugin? == nil)
    }

    @Test(arguments: [false, true])
    func anOverrideInABranchWinsVerifiesAndServesARootThatLoadsMore(useMocks: Bool) throws {
        let live = logging("live")
        let mocks = module { single { NamedValue("mock") }.override() }
        let container = modules {
            live
            if useMocks { mocks }
            for index in 0..<3 { plugin(index) }
        }
        #expect((container.resolve() as NamedValue).name == (useMocks ? "mock" : "live"))
        let graph = try container.verify()
        #expect(graph.nodes.count >= 4)
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: container)
            DependencyContainer.load(plugin(7))
            // Through `shared`, not the free `resolve(tag:)`: a release test build merges
            // identical specializations across tests, and this one's would become
            // `DeepGraphTests`' per-level resolve, one thunk frame more (see its stack bound).
            let root = DependencyContainer.shared
            #expect((root.resolve() as NamedValue).name == (useMocks ? "mock" : "live"))
            #expect((root.resolve(tag: 7) as Plugin).index == 7)
            #expect((root.resolve(tag: 2) as Plugin).index == 2)
        }
    }
}
