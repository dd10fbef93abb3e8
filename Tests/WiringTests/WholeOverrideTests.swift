import Testing
import Wiring

private protocol TodoRepository: AnyObject, Sendable {}
private class PostgresRepository: TodoRepository, @unchecked Sendable {
    // Immutable: Sendable by hand because a subclass below is the fake.
    init() {}
}
private final class FakePostgresRepository: PostgresRepository, @unchecked Sendable {}
private final class InMemoryRepository: TodoRepository {}
private final class Reporter: Sendable {
    let repository: any TodoRepository
    init(repository: any TodoRepository) { self.repository = repository }
}

/// What resolving the replaced definition's own type says.
private func checkReplaced(_ error: WiringError) {
    guard case let .replacedByOverride(type, _, definedAt, overriddenAt, overriding, _) = error else {
        Issue.record("\(error)")
        return
    }
    #expect(type.hasSuffix("PostgresRepository"))
    #expect(overriding == "TodoRepository")
    #expect(definedAt?.description.hasPrefix("WiringTests/WholeOverrideTests.swift:") == true)
    #expect(overriddenAt?.description.hasPrefix("WiringTests/WholeOverrideTests.swift:") == true)
    #expect(error.description.contains("which the override of `TodoRepository` at WiringTests/WholeOverrideTests.swift:"))
    #expect(error.description.contains("replaced whole."))
    #expect(error.description.contains("Fix: override `"))
}

/// An override replaces a definition whole, whichever of its types it overrides.
@Suite struct WholeOverrideTests {
    private func real(_ log: EventLog) -> DependencyContainer {
        module {
            singleOf(PostgresRepository.init)
                .bind((any TodoRepository).self)
                .onStart { (_: PostgresRepository) in log.append("table created") }
            single { Reporter(repository: resolve()) }
        }
    }

    @Test func overridingTheConcreteTypeCarriesItsBindingsToTheOverride() async throws {
        let log = EventLog()
        let container = modules {
            real(log)
            module { single { FakePostgresRepository() as PostgresRepository }.override() }
        }
        let concrete: PostgresRepository = container.resolve()
        let bound: any TodoRepository = container.resolve()
        let reporter: Reporter = container.resolve()
        #expect(concrete is FakePostgresRepository)
        #expect(bound === concrete, "the binding answers with the override's instance, not the real one")
        #expect(reporter.repository === concrete)
        try await container.start(timeout: nil)
        #expect(log.all.isEmpty, "the replaced definition's hook went with it")
    }

    @Test func overridingABoundTypeRemovesTheRestAndSaysSoWhereItIsResolved() async throws {
        let log = EventLog()
        let container = modules {
            real(log)
            module { single { InMemoryRepository() as any TodoRepository }.override() }
        }
        let bound: any TodoRepository = container.resolve()
        #expect(bound is InMemoryRepository)
        #expect((container.resolve() as Reporter).repository === bound)
        let error = #expect(throws: WiringError.self) { let _: PostgresRepository = try container.resolveThrowing() }
        if let error { checkReplaced(error) }
        try await container.start(timeout: nil)
        #expect(log.all.isEmpty)
    }

    @Test func aTestOverrideOfTheBoundTypeReplacesTheWholeDefinitionToo() async throws {
        let log = EventLog()
        try await DependencyContainer.withRoot(real(log)) {
            try await DependencyContainer.withOverrides {
                single { InMemoryRepository() as any TodoRepository }
            } operation: {
                #expect(resolve() as any TodoRepository is InMemoryRepository)
                #expect(throws: WiringError.self) { let _: PostgresRepository = try DependencyContainer.shared.resolveThrowing() }
                try await DependencyContainer.shared.start(timeout: nil)
            }
        }
        #expect(log.all.isEmpty)
    }

    /// `verify()` builds what the modules answer for after the override: the replaced
    /// definition is not built (its type is gone), a user of its bound type is.
    @Test func verifySeesTheDefinitionReplacedWholeAndAScopeUsingItSeesTheOverride() throws {
        let log = EventLog()
        let container = modules {
            real(log)
            module {
                single { InMemoryRepository() as any TodoRepository }.override()
                scope(Reporter.self) { scoped(tag: "session") { Reporter(repository: resolve()) } }
            }
        }
        try container.verify()
        let session = container.openScope(Reporter.self)
        defer { session.close() }
        #expect((session.resolve(tag: "session") as Reporter).repository is InMemoryRepository)
        #expect(log.all.isEmpty)
    }

    @Test func withoutAnOverrideTheBindingAnswersWithTheRealInstanceAndItsHookRuns() async throws {
        let log = EventLog()
        let container = real(log)
        let bound: any TodoRepository = container.resolve()
        #expect(bound === (container.resolve() as PostgresRepository))
        try await container.start(timeout: nil)
        #expect(log.all == ["table created"])
    }
}
