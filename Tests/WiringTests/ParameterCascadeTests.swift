import Testing
import Wiring

private final class Repository: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private final class Interactor: Sendable {
    let repository: Repository
    init(repository: Repository) { self.repository = repository }
}

private final class Presenter: Sendable {
    let id: Int
    let interactor: Interactor
    init(id: Int, interactor: Interactor) {
        self.id = id
        self.interactor = interactor
    }
}

private final class Titled: Sendable {
    let title: String
    init(title: String) { self.title = title }
}

private final class Screen: Sendable {
    let id: Int
    let titled: Titled
    init(id: Int, titled: Titled) {
        self.id = id
        self.titled = titled
    }
}

private final class Single: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private protocol Logger: Sendable {
    var name: String { get }
}

private struct ConsoleLogger: Logger {
    let name: String
}

private final class ConfiguredService: Sendable {
    let config: String
    init(config: String) { self.config = config }
}

private final class UseCase: Sendable {
    let parameter: String
    let service: ConfiguredService
    init(parameter: String, service: ConfiguredService) {
        self.parameter = parameter
        self.service = service
    }
}

private enum Activity {}

/// Parameters reach the resolves nested in the build they were passed to (KOIN's stacked
/// parameters): after the registry, untagged, cascading until a build with parameters of its own.
@Suite struct ParameterCascadeTests {
    @Test func aNestedDefinitionWithTheSameParametersGetsThem() {
        let container = module {
            factory { (id: Int) in Repository(id: id) }
            factory { Interactor(repository: resolve()) }
            factory { (id: Int) in Presenter(id: id, interactor: resolve()) }
        }
        let presenter: Presenter = container.resolve(parameters: 42)
        #expect(presenter.id == 42)
        // Through a definition without parameters: they cascade.
        #expect(presenter.interactor.repository.id == 42)
        #expect((container.resolve(parameters: 7) as Presenter).interactor.repository.id == 7)
    }

    @Test func aNestedDefinitionTakesTheParametersOfItsTypes() {
        let container = module {
            factory { (title: String) in Titled(title: title) }
            factory { (id: Int, title: String) in Screen(id: id, titled: resolve()) }
        }
        let screen: Screen = container.resolve(parameters: 3, "Inbox")
        #expect(screen.id == 3)
        #expect(screen.titled.title == "Inbox")
    }

    @Test func twoParametersOfTheTypeAreNotGuessedBetween() {
        let container = module {
            factory { (id: Int) in Repository(id: id) }
            factory { (first: Int, second: Int) in Presenter(id: first, interactor: Interactor(repository: try resolveThrowing())) }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Presenter.self, parameters: 1, 2) }
        guard case let .parameterMismatch(type, _, expected, given, _) = error else {
            Issue.record("expected a parameter mismatch, got \(String(describing: error))")
            return
        }
        #expect(type == "Repository")
        #expect(expected == "(Int)")
        #expect(given == nil)
    }

    @Test func aParameterStandsForATypeNothingDefines() {
        let container = module {
            factory { (logger: any Logger) in Titled(title: (resolve() as any Logger).name + "/" + logger.name) }
            single { Single(id: resolve()) }
        }
        let titled: Titled = container.resolve(parameters: ConsoleLogger(name: "console") as any Logger)
        #expect(titled.title == "console/console")
        // A definition without parameters, resolved with some: its nested resolves see them.
        let built: Single = container.resolve(parameters: 42)
        #expect(built.id == 42)
        // Built once: later parameters are ignored, as in KOIN.
        #expect(container.resolve(parameters: 43) as Single === built)
        #expect(container.resolve() as Single === built)
    }

    @Test func theRegistryComesBeforeTheParameters() {
        let container = module {
            single { 7 }
            factory { (label: String) in Repository(id: resolve()) }
        }
        #expect((container.resolve(parameters: "seven") as Repository).id == 7)
        // A parameter of the type a plain definition defines does not replace it either.
        let container2 = module {
            single { 7 }
            factory { Repository(id: resolve()) }
        }
        #expect((container2.resolve(parameters: 8) as Repository).id == 7)
    }

    /// KOIN's qualifier guard: a tagged resolve is never answered by a parameter of its type.
    @Test func aTaggedResolveIsNotShadowedByAParameter() {
        let container = module {
            single(tag: "config") { "global" }
            factory { ConfiguredService(config: resolve(tag: "config")) }
            factory { (parameter: String) in UseCase(parameter: parameter, service: resolve()) }
            scope(Activity.self) {}
        }
        let activity = container.openScope(Activity.self)
        defer { activity.close() }
        let useCase: UseCase = activity.resolve(parameters: "parameter")
        #expect(useCase.parameter == "parameter")
        #expect(useCase.service.config == "global")
    }

    @Test func aNestedBuildWithParametersOfItsOwnHidesTheOuterOnes() {
        let container = module {
            factory { (id: Int) in Repository(id: id) }
            factory { Interactor(repository: resolve()) }
            factory { (id: Int) in Presenter(id: id, interactor: Interactor(repository: resolve(parameters: id + 100))) }
            factory { (id: Int) in Screen(id: id, titled: Titled(title: "\((resolve(parameters: id * 2) as Interactor).repository.id)")) }
        }
        #expect((container.resolve(parameters: 1) as Presenter).interactor.repository.id == 101)
        #expect((container.resolve(parameters: 5) as Screen).titled.title == "10")
    }

    @Test func parametersDoNotOutliveTheirBuild() {
        let container = module {
            factory { (id: Int) in Repository(id: id) }
            factory { (id: Int) in Single(id: resolveOptional() ?? -1) }
            factory { (id: Int) in Titled(title: resolveOptional() ?? "none") }
        }
        #expect((container.resolve(parameters: 4) as Single).id == 4)
        #expect((container.resolve(parameters: 4) as Titled).title == "none")
        #expect(container.resolveOptional() as Int? == nil)
        #expect(throws: WiringError.self) { try container.resolveThrowing(Repository.self) }
    }

    @Test func aFailedBuildTakesItsParametersWithIt() {
        struct Failure: Error {}
        let container = module {
            factory { (id: Int) -> Repository in throw Failure() }
            factory { (id: Int) in Single(id: (try resolveThrowing() as Repository).id) }
        }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Single.self, parameters: 1) }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Repository.self) }
        #expect(container.resolveOptional() as Int? == nil)
    }

    @Test func eachThreadSeesOnlyItsOwnParameters() async {
        let container = module {
            factory { (id: Int) in Repository(id: id) }
            factory { (id: Int) in Interactor(repository: resolve()) }
        }
        await withTaskGroup(of: Bool.self) { group in
            for id in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        (container.resolve(parameters: id * 1_000 + round) as Interactor).repository.id == id * 1_000 + round
                    }
                }
            }
            for await matched in group { #expect(matched) }
        }
    }
}

/// A `single` or `scoped` definition with parameters is built once; later resolves without
/// parameters get that instance (KOIN: "no need to give it again").
@Suite struct BuiltWithParametersTests {
    @Test func aBuiltSingleResolvesWithoutParameters() throws {
        let container = module {
            single { (id: Int) in Single(id: id) }
            factory { (id: Int) in Repository(id: id) }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Single.self) }
        guard case .parameterMismatch(_, _, "(Int)", nil, _) = error else {
            Issue.record("expected a parameter mismatch, got \(String(describing: error))")
            return
        }
        #expect(container.resolveOptional() as Single? == nil)
        let built: Single = container.resolve(parameters: 42)
        #expect(container.resolve() as Single === built)
        #expect(try container.resolveThrowing(Single.self) === built)
        #expect(container.resolveOptional() as Single? === built)
        #expect(built.id == 42)
        // A factory keeps nothing: it still needs its parameters.
        #expect(throws: WiringError.self) { try container.resolveThrowing(Repository.self) }
    }

    /// `resolveOptional(tag:)` finds what `resolve(tag:)` finds: nothing before the single is
    /// built with its parameters, the built instance after.
    @Test func aBuiltTaggedSingleResolvesOptionallyWithoutParameters() throws {
        let container = module {
            single(tag: "main") { (id: Int) in Single(id: id) }
        }
        #expect(container.resolveOptional(tag: "main") as Single? == nil)
        let built: Single = container.resolve(tag: "main", parameters: 7)
        #expect(container.resolve(tag: "main") as Single === built)
        #expect(container.resolveOptional(tag: "main") as Single? === built)
        #expect(container.resolveOptional(tag: "other") as Single? == nil)
    }

    @Test func aBuiltScopedInstanceResolvesWithoutParametersInItsScopeOnly() throws {
        let container = module {
            scope(Activity.self) {
                scoped { (id: Int) in Single(id: id) }
            }
        }
        let first = container.openScope(Activity.self)
        let second = container.openScope(Activity.self)
        defer {
            first.close()
            second.close()
        }
        let built: Single = first.resolve(parameters: 1)
        #expect(first.resolve() as Single === built)
        #expect(throws: WiringError.self) { try second.resolveThrowing(Single.self) }
        first.close()
        #expect(throws: WiringError.self) { try first.resolveThrowing(Single.self) }
    }
}
