import Foundation
import Testing
import Wiring

private protocol Runnable: Sendable {}
private protocol TodoRepository: Sendable {}
private final class PostgresRepository: TodoRepository {
    init() {}
}
/// A service that is a struct, over a store bound with the README's constructor form.
private struct Reporter: Runnable {
    let repository: any TodoRepository
    init(repository: any TodoRepository) { self.repository = repository }
}
private final class Janitor: Runnable {
    let repository: any TodoRepository
    init(repository: any TodoRepository) { self.repository = repository }
}
private enum Store { case audit }

/// `start(_:)` waits for what a service uses whatever the service's shape.
// A broken cancel or close hangs a lifecycle test: each has a minute, then fails by name.
@Suite(.timeLimit(.minutes(1))) struct ServiceShapesTests {
    private func repository(_ log: EventLog) -> DependencyContainer {
        module {
            singleOf(PostgresRepository.init)
                .bind((any TodoRepository).self)
                .onStart { (_: PostgresRepository) in log.append("table created") }
        }
    }

    @Test func aStructServiceOverABoundStoreWaitsForTheStoresHook() async throws {
        let log = EventLog()
        let container = modules {
            repository(log)
            module {
                single { Reporter(repository: resolve()) }.bind((any Runnable).self)
            }
        }
        let services = try container.managedServices((any Runnable).self)
        #expect(services.count == 1)
        #expect(services.first?.instance is Reporter)
        try await container.start(try #require(services.first), timeout: nil)
        #expect(log.all == ["table created"])
    }

    @Test func aClassServiceOverABoundStoreWaitsForTheStoresHookByIdentityToo() async throws {
        let log = EventLog()
        let container = modules {
            repository(log)
            module { single { Janitor(repository: resolve()) } }
        }
        let janitor: Janitor = container.resolve()
        try await container.start(dependenciesOf: janitor, timeout: nil)
        #expect(log.all == ["table created"])
    }

    @Test func aServicesOwnHookFinishesBeforeStartOfItReturns() async throws {
        let log = EventLog()
        let container = modules {
            repository(log)
            module {
                single { Janitor(repository: resolve()) }
                    .bind((any Runnable).self)
                    .onStart { (_: Janitor) in log.append("janitor prepared") }
            }
        }
        let janitor = try #require(try container.managedServices((any Runnable).self).first)
        try await container.start(janitor, timeout: nil)
        #expect(log.all == ["table created", "janitor prepared"])
    }

    @Test func aTaggedStoreAndAStoreOfTheRootUsedFromAScopeAreWaitedFor() async throws {
        let log = EventLog()
        let container = module {
            single(tag: Store.audit) { PostgresRepository() as any TodoRepository }
                .onStart { (_: any TodoRepository) in log.append("audit table created") }
            singleOf(PostgresRepository.init)
                .bind((any TodoRepository).self)
                .onStart { (_: PostgresRepository) in log.append("table created") }
            scope(Janitor.self) {
                single { Janitor(repository: resolve(tag: Store.audit)) }
            }
            single { Reporter(repository: resolve()) }.bind((any Runnable).self)
        }
        let reporter = try #require(try container.managedServices((any Runnable).self).first)
        try await container.start(reporter, timeout: nil)
        #expect(log.all == ["table created"])
        let session = container.openScope(Janitor.self)
        defer { session.close() }
        let janitor: Janitor = session.resolve()
        try await session.start(dependenciesOf: janitor, timeout: nil)
        #expect(log.all == ["table created", "audit table created"])
    }

    @Test func whatTheContainerDidNotBuildIsReportedNotIgnored() async {
        let log = EventLog()
        let container = repository(log)
        for stranger in [Reporter(repository: PostgresRepository()) as Any, 42, Janitor(repository: PostgresRepository())] {
            do {
                try await container.start(dependenciesOf: stranger, timeout: nil)
                Issue.record("\(stranger) was not built by the container")
            } catch {
                #expect(error.reason == .notBuilt)
                #expect(error.description.contains("start(dependenciesOf:) was given a `"))
                #expect(error.description.contains("take the service from `managedServices(_:)`"))
            }
        }
        #expect(log.all.isEmpty)
    }
}
