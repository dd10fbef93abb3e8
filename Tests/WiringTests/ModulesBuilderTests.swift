import Testing
import Wiring

private final class Logger: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

private final class Plugin: Sendable {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// `modules { }` with every statement its builder accepts: each line's modules, in order, once.
struct ModulesBuilderTests {
    private func logging(_ name: String) -> DependencyContainer {
        module { single { Logger(name) } }
    }

    private func plugin(_ index: Int) -> DependencyContainer {
        module { single(tag: index) { Plugin(index) } }
    }

    @Test(arguments: [false, true])
    func anIfElseComposesTheBranchTaken(verbose: Bool) {
        let container = modules {
            if verbose { logging("verbose") } else { logging("quiet") }
        }
        #expect((container.resolve() as Logger).name == (verbose ? "verbose" : "quiet"))
    }

    @Test(arguments: [false, true])
    func anIfWithoutElseComposesNothingWhenFalse(withPlugins: Bool) {
        let container = modules {
            logging("base")
            if withPlugins { plugin(1) }
        }
        #expect((container.resolve() as Logger).name == "base")
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
        #expect((container.resolve() as Logger).name == "base")
    }

    @Test func aModuleListedOnSeveralLinesIsComposedOnce() {
        let shared = logging("shared")
        let container = modules {
            shared
            if true { shared }
            for _ in 0..<3 { shared }
        }
        #expect(container.resolveAll(Logger.self).count == 1)
        #expect(container.resolve() as Logger === container.resolve() as Logger)
    }

    @Test func anEmptyLoopComposesNothing() {
        let container = modules {
            logging("only")
            for index in 0..<0 { plugin(index) }
        }
        #expect(container.resolveAll(Logger.self).count == 1)
        #expect(container.resolveOptional(tag: 0) as Plugin? == nil)
    }
}
