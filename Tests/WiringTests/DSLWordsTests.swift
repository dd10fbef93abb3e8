import Testing
import Wiring

private final class Word: Sendable {}
private final class Controller {
    var word: Word?
}
private final class Bundled: DependencyInjectable {
    struct Dependency { var word: Word = resolve() }
    let word: Word
    private init(word: Word) { self.word = word }
    static func make(dependency: Dependency) -> Bundled { Bundled(word: dependency.word) }
}
private enum Visit {}

// Every word of the DSL, written where every module is written: inside a `static let` of
// `extension DependencyContainer`. There, a `DependencyContainer` method with the same name would
// hide the global function and this file would not compile (as `storyboard(named:)` once did).
extension DependencyContainer {
    fileprivate static let everyWordBase = module {
        single(tag: "base") { Word() }
    }
    fileprivate static let everyWord = module {
        includes(.everyWordBase)
        single { Word() }
        single(tag: "single") { Word() }
        factory(tag: "factory") { Word() }
        factory(tag: "parameters") { (count: Int) in Word() }
        weakSingle(tag: "weak") { Word() }
        resolvable(lifetime: .factory, tag: "resolvable") { Word() }
        single(tag: "async") { () async -> Word in Word() }
        injection(for: Controller.self) { controller, container in
            controller.word = container.resolve() as Word
        }
        injectable(Bundled.self) { .init() }
        storyboard("Main") {
            scene("Start") { Controller() }
            storyboardReference("Settings", to: "Start", in: "Main")
        }
        scope(Visit.self) {
            scoped(tag: "scoped") { Word() }
        }
    }
    fileprivate static let everyModule = modules { .everyWord }
}

@Suite struct DSLWordsTests {
    @Test func everyDSLWordWorksInsideAStaticModule() {
        let container = DependencyContainer.everyModule
        #expect(container.resolveAll(Word.self).count == 6)
        let counted: Word = container.resolve(tag: "parameters", parameters: 3)
        #expect(counted !== container.resolve(tag: "parameters", parameters: 3) as Word)
        #expect(container.resolve() as Bundled !== container.resolve() as Bundled)
        let controller = container.registeredStoryboard(named: "Main").instantiate("Settings", as: Controller.self)
        #expect(controller.word === container.resolve() as Word)
        let visit = container.openScope(Visit.self)
        #expect(visit.resolve(tag: "scoped") as Word === visit.resolve(tag: "scoped") as Word)
        visit.close()
    }
}
