import Testing
import Wiring

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

private final class Database: Sendable {
    init(failing: Bool) throws {
        if failing { throw DiskFull() }
    }
}
private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}
private final class Screen: Sendable {
    let repository: Repository
    init(repository: Repository) { self.repository = repository }
}
private final class Config: Sendable {}
private final class Parser: Sendable {
    init(config: Config) {}
}

/// Fails on the first `failures` calls, then succeeds.
private final class Flaky: Sendable {
    private let remaining: Int
    private let counter = Counter()
    init(failures: Int) { remaining = failures }

    var calls: Int { counter.count }

    func attempt() -> Bool {
        counter.increment()
        return counter.count > remaining
    }
}

@Suite struct ThrowingFactoryTests {
    @Test func aFactoryErrorIsThrownWithTheTypeAndPath() throws {
        let container = module {
            single { try Database(failing: true) }
            factory { Repository(database: try resolveThrowing()) }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Repository.self) }
        guard case let .factoryFailed(type, tag, path, underlying, requestedAt) = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(type == "Database")
        #expect(tag == nil)
        #expect(path.map(\.type) == ["Repository", "Database"])
        #expect(underlying is DiskFull)
        #expect(requestedAt?.description.hasPrefix("WiringTests/ThrowingFactoryTests.swift:") == true)
        #expect(error?.description.contains("Wiring: the factory of `Database` (no tag) threw an error: the disk is full") == true)
        #expect(error?.description.contains("Resolution path: Repository → Database") == true)
    }

    @Test func aSingletonWhoseFactoryThrewIsBuiltAgainOnTheNextResolve() throws {
        let flaky = Flaky(failures: 2)
        let container = module {
            single { try Database(failing: !flaky.attempt()) }
        }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Database.self) }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Database.self) }
        let database = try container.resolveThrowing(Database.self)
        #expect(try container.resolveThrowing(Database.self) === database)
        #expect(container.resolve() as Database === database)
        #expect(flaky.calls == 3)
    }

    @Test func aMissingDependencyPropagatesThroughTwoThrowingFactories() {
        let container = module {
            factory { Screen(repository: try resolveThrowing()) }
            single { Repository(database: try resolveThrowing()) }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Screen.self) }
        guard case let .missingDefinition(type, _, path, _, _, _) = error else {
            Issue.record("expected missingDefinition, got \(String(describing: error))")
            return
        }
        #expect(type == "Database")
        #expect(path.map(\.type) == ["Screen", "Repository", "Database"])
        // The single that could not be built is not kept: registering nothing changed, so it fails again.
        #expect(throws: WiringError.self) { try container.resolveThrowing(Repository.self) }
    }

    @Test func anUnderlyingErrorPropagatesThroughTwoLevelsWithItsPath() {
        let container = module {
            factory { Screen(repository: try resolveThrowing()) }
            factory { Repository(database: try resolveThrowing()) }
            factory { try Database(failing: true) }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Screen.self) }
        guard case let .factoryFailed(type, _, path, underlying, _) = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(type == "Database")
        #expect(path.map(\.type) == ["Screen", "Repository", "Database"])
        #expect(underlying is DiskFull)
    }

    @Test func throwingFactoriesWorkFromTheRootAndWithTags() throws {
        let container = module {
            single { Config() }
            factory(tag: "strict") { Parser(config: try resolveThrowing()) }
            scope(ThrowingFactoryTests.self) {
                scoped { try Database(failing: true) }
            }
        }
        try DependencyContainer.withRoot(container) {
            _ = try resolveThrowing(Parser.self, tag: "strict")
            let scope = container.openScope(ThrowingFactoryTests.self)
            #expect(throws: WiringError.self) { try scope.resolveThrowing(Database.self) }
            scope.close()
        }
    }

    @Test func verificationReportsAThrownError() {
        let container = module {
            single { try Database(failing: true) }
            factory { Repository(database: try resolveThrowing()) }
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let factoryFailures = error?.problems.filter {
            if case .factoryFailed = $0 { true } else { false }
        }
        #expect(factoryFailures?.count == 1)
        // What needs the broken single is listed as not checked, not as a second problem.
        #expect(error?.unchecked.map(\.type) == ["Repository"])
    }

    @Test func thePlainResolveStopsWithTheUnderlyingError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { try Database(failing: true) } }
            _ = container.resolve() as Database
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: the factory of `Database` (no tag) threw an error: the disk is full"))
            #expect(output.contains("Fix: handle the error with `try resolveThrowing(Database.self)`"))
        }
    }
}
