import Foundation
import Testing
import Wiring

private protocol Greeting: Sendable { var id: Int { get } }
private final class Greeter: Greeting {
    let id: Int
    init(id: Int) { self.id = id }
}
private enum Visit {}

/// Counts builds across threads.
private final class Builds: @unchecked Sendable {
    // `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func record() { lock.withLock { count += 1 } }
    var total: Int { lock.withLock { count } }
}

/// A definition that takes parameters has its entry in the container's tables, as every other
/// definition (issue 78): a single built with parameters is then a single like any, read from any
/// thread; a binding, a scope and `verify()` treat it as they treat the rest.
@Suite struct ParametersInTheTablesTests {
    @Test func aSingleBuiltWithParametersIsOneInstanceOnEveryThread() async throws {
        let builds = Builds()
        let container = module {
            single { (id: Int) -> Greeter in
                builds.record()
                return Greeter(id: id)
            }
        }
        let first: Greeter = container.resolve(parameters: 7)
        // Parameters of the same types, other values: the instance built first (KOIN's rule).
        #expect(container.resolve(parameters: 8) as Greeter === first)
        let detached = await Task.detached { container.resolve() as Greeter }.value
        let fromThread = await onThread { container.resolve() as Greeter }
        #expect(detached === first)
        #expect(fromThread === first)
        #expect(first.id == 7)
        #expect(builds.total == 1)
    }

    @Test func aSingleNotBuiltYetNamesItsParametersWithoutThem() {
        let container = module { single { (id: Int) in Greeter(id: id) } }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Greeter.self) }
        guard case let .parameterMismatch(type, _, expected, given, _) = error else {
            Issue.record("expected parameterMismatch, got \(String(describing: error))")
            return
        }
        #expect(type == "Greeter")
        #expect(expected == "(Int)")
        #expect(given == nil)
        #expect(container.resolveOptional() as Greeter? == nil)
    }

    @Test func aBindingOfADefinitionWithParametersResolvesWithThem() throws {
        let container = module { factory { (id: Int) in Greeter(id: id) }.bind(Greeting.self) }
        let greeting: Greeting = container.resolve(parameters: 3)
        #expect(greeting.id == 3)
        #expect(greeting is Greeter)
        // The binding checks the parameters as its definition does.
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Greeting.self, parameters: "3") }
        guard case let .parameterMismatch(type, _, expected, given, _) = error else {
            Issue.record("expected parameterMismatch, got \(String(describing: error))")
            return
        }
        #expect(type == "Greeting")
        #expect(expected == "(Int)")
        #expect(given == "(String)")
    }

    @Test func eachScopeBuildsItsOwnWithItsParameters() {
        let builds = Builds()
        let container = visits(counting: builds)
        let first = container.openScope(Visit.self)
        let second = container.openScope(Visit.self)
        let one: Greeter = first.resolve(parameters: 1)
        let two: Greeter = second.resolve(parameters: 2)
        #expect(first.resolve() as Greeter === one)
        #expect(second.resolve(parameters: 9) as Greeter === two)
        #expect((one.id, two.id) == (1, 2))
        #expect(builds.total == 2)
        first.close()
        second.close()
    }

    @Test func verifyBuildsAScopedOneWithItsExampleAndListsItWithout() throws {
        let builds = Builds()
        let container = visits(counting: builds)
        let report = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(report?.parametersUnchecked.map(\.type) == ["Greeter"])
        #expect(report?.problems.isEmpty == true)
        #expect(builds.total == 0)
        _ = try container.verify(parameters: [42])
        #expect(builds.total == 1)
    }

    @Test func startRunsTheHookOfASingleWithParametersOnlyOnceAResolveBuiltIt() async throws {
        let starts = Builds()
        func hooked() -> DependencyContainer {
            module { single { (id: Int) in Greeter(id: id) }.onStart { (_: Greeter) in starts.record() } }
        }
        // Not built: `start()` cannot build it without its parameters, and leaves it.
        let unbuilt = hooked()
        try await unbuilt.start()
        #expect(starts.total == 0)
        try await unbuilt.shutdown()
        // Built with its parameters first: it is a started single like any.
        let built = hooked()
        let greeter: Greeter = built.resolve(parameters: 5)
        try await built.start()
        #expect(starts.total == 1)
        #expect(built.resolve() as Greeter === greeter)
        try await built.shutdown()
    }

    @Test func resolveOptionalIsNilOnlyForTheDefinitionItAsksFor() {
        // The binding's definition takes parameters and none are given: absent, as the definition.
        let bound = module { single { (id: Int) in Greeter(id: id) }.bind(Greeting.self) }
        #expect(bound.resolveOptional() as Greeting? == nil)
        #expect(bound.resolveOptional() as Greeter? == nil)
        let visits = module {
            scope(Visit.self) { scoped { (id: Int) in Greeter(id: id) }.bind(Greeting.self) }
        }
        let visit = visits.openScope(Visit.self)
        #expect(visit.resolveOptional() as Greeting? == nil)
        #expect(visit.resolveOptional() as Greeter? == nil)
        let greeter: Greeter = visit.resolve(parameters: 4)
        #expect((visit.resolveOptional() as Greeting?) as? Greeter === greeter)
        visit.close()
    }

    @Test func aDefinitionInALinkedScopeChecksItsParameters() throws {
        enum Session {}
        let container = module {
            scope(Session.self) { scoped { (id: Int) in Greeter(id: id) } }
            scope(Visit.self) {}
        }
        let session = container.openScope(Session.self)
        let visit = container.openScope(Visit.self)
        visit.link(to: session)
        let error = #expect(throws: WiringError.self) { try visit.resolveThrowing(Greeter.self, parameters: "4") }
        guard case let .parameterMismatch(type, _, expected, given, _) = error else {
            Issue.record("expected parameterMismatch, got \(String(describing: error))")
            return
        }
        #expect((type, expected, given) == ("Greeter", "(Int)", "(String)"))
        #expect(try visit.resolveThrowing(Greeter.self, parameters: 4).id == 4)
        visit.close()
        session.close()
    }

    @Test func verifyListsADefinitionWithParametersOnceWithItsBindings() {
        let container = module { factory { (id: Int) in Greeter(id: id) }.bind(Greeting.self) }
        let report = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(report?.parametersUnchecked.map(\.type) == ["Greeter"])
    }

    /// A resolve that starts on a root version whose definition was unloaded meanwhile goes on at
    /// the newer root (see `newerRoot(after:)`): a definition there that takes other parameters
    /// is named with the parameters given, as the first check names them, not as if none were.
    @Test func aResolveMovedToANewerRootChecksTheParametersOfTheDefinitionThere() {
        let byID = module { single { (id: Int) in Greeter(id: id) } }
        let byName = module { single { (name: String) in Greeter(id: name.count) } }
        DependencyContainer.withRoot(module {}) {
            DependencyContainer.load(byID)
            let older = DependencyContainer.shared
            DependencyContainer.unload(byID)
            DependencyContainer.load(byName)
            let error = #expect(throws: WiringError.self) { try older.resolveThrowing(Greeter.self, parameters: 42) }
            guard case let .parameterMismatch(type, _, expected, given, _) = error else {
                Issue.record("expected parameterMismatch, got \(String(describing: error))")
                return
            }
            #expect(type == "Greeter")
            #expect(expected == "(String)")
            #expect(given == "(Int)")
            // The newer root's own definition, with its own parameters.
            #expect((DependencyContainer.shared.resolve(parameters: "four") as Greeter).id == 4)
        }
    }

    /// A module whose scope `Visit` builds a `Greeter` with its parameter, recording each build.
    private func visits(counting builds: Builds) -> DependencyContainer {
        module {
            scope(Visit.self) {
                scoped { (id: Int) -> Greeter in
                    builds.record()
                    return Greeter(id: id)
                }
            }
        }
    }
}
