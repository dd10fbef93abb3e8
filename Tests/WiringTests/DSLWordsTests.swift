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
private final class Made: Sendable {
    let word: Word
    init(word: Word) { self.word = word }
}
private final class Uses: Sendable {
    let word: Word
    let tagged: Word
    let optional: Word?
    let all: [Word]
    let counted: Word
    init(word: Word, tagged: Word, optional: Word?, all: [Word], counted: Word) {
        (self.word, self.tagged, self.optional, self.all, self.counted) = (word, tagged, optional, all, counted)
    }
}

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
            scopedOf(tag: "scoped", Made.init)
        }
        singleOf(Made.init)
        singleOf(tag: "single", Made.init)
        factoryOf(tag: "factory", Made.init)
        weakSingleOf(tag: "weak", Made.init)
        // The resolve functions, unqualified, as a factory writes them.
        factory {
            Uses(
                word: resolve(), tagged: resolve(tag: "single"), optional: resolveOptional(tag: "absent"),
                all: resolveAll(), counted: resolve(tag: "parameters", parameters: 1))
        }
        factory(tag: "throwing") {
            Uses(
                word: try resolveThrowing(), tagged: try resolveThrowing(tag: "single"),
                optional: resolveOptional(), all: [], counted: resolve(tag: "parameters", parameters: 2))
        }
        factory(tag: "async") { () async throws -> Uses in
            let word: Word = try await resolveAsyncThrowing()
            return Uses(word: word, tagged: await resolveAsync(tag: "async"), optional: nil, all: [], counted: word)
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
        #expect(visit.resolve(tag: "scoped") as Made === visit.resolve(tag: "scoped") as Made)
        visit.close()
        #expect((container.resolve() as Made).word === container.resolve() as Word)
        #expect(container.resolve(tag: "single") as Made === container.resolve(tag: "single") as Made)
        #expect(container.resolve(tag: "factory") as Made !== container.resolve(tag: "factory") as Made)
        #expect(container.resolveAll(Made.self).count == 4)
    }

    @Test func resolveInsideAStaticModuleReadsTheBuildingContainer() async throws {
        let container = DependencyContainer.everyModule
        let uses: Uses = container.resolve()
        #expect(uses.word === container.resolve() as Word)
        #expect(uses.tagged === container.resolve(tag: "single") as Word)
        #expect(uses.optional == nil)
        #expect(uses.all.count == 6)
        let throwing: Uses = try container.resolveThrowing(tag: "throwing")
        #expect(throwing.optional === container.resolve() as Word)
        let async: Uses = try await container.resolveAsyncThrowing(tag: "async")
        #expect(async.word === container.resolve() as Word)
        #expect(async.tagged === (await container.resolveAsync(tag: "async") as Word))
    }
}
