import Testing
import Wiring

private protocol Migrating: Sendable {}
private final class Repository: Migrating {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    func migrate() async throws { log.append("migrated") }
    func close() { log.append("repository closed") }
}
private final class Connection: Sendable {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    func disconnect() { log.append("disconnected") }
}
@MainActor private final class Player {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    func stop() { log.append("player stopped") }
}
private enum Session {}

/// Hooks take their parameter's type from the definition: no `(instance: T)` to write.
@Suite struct HookInferenceTests {
    @Test func aSinglesHooksInferTheirInstanceAndRunOnIt() async throws {
        let log = EventLog()
        let container = module {
            single { Repository(log: log) }
                .bind((any Migrating).self)
                .onStart { repository in try await repository.migrate() }
                .onClose { $0.close() }
        }
        let repository: Repository = container.resolve()
        try await container.start(timeout: nil)
        container.close()
        #expect(log.all == ["migrated", "repository closed"])
        _ = repository
    }

    @Test func constructorTaggedAsyncCloseAndScopedFormsInferToo() async throws {
        let log = EventLog()
        let container = module {
            single { log }
            singleOf(Repository.init)
                .onStart { try await $0.migrate() }
            single(tag: "audit") { Repository(log: log) }
                .onClose { repository async throws in repository.close() }
            scope(Session.self) {
                scoped { Connection(log: log) }.onClose { $0.disconnect() }
                scopedOf(tag: "second", Connection.init).onClose { connection in connection.disconnect() }
            }
        }
        try await container.start(timeout: nil)
        #expect(log.all == ["migrated"])
        let session = container.openScope(Session.self)
        let _: Connection = session.resolve()
        session.close()
        #expect(log.all == ["migrated", "disconnected"])
        let _: Repository = container.resolve(tag: "audit")
        try await container.shutdown()
        #expect(log.all == ["migrated", "disconnected", "repository closed"])
    }

    @Test func aWeakSingleAndAParameterizedFactoryInferTheirType() {
        let log = EventLog()
        let container = module {
            weakSingle { Connection(log: log) }.onClose { $0.disconnect() }
            factory { (name: String) in Repository(log: log) }.onClose { repository in repository.close() }
        }
        let _: Connection = container.resolve()
        #expect(log.all.isEmpty, "weak singles and factories are never held, so nothing is released")
    }

    @MainActor @Test func aMainActorDefinitionsCloseInfersItsTypeOnTheMainActor() {
        let log = EventLog()
        let container = module {
            single { @MainActor in Player(log: log) }
                .onClose { @MainActor player in player.stop() }
        }
        let _: Player = container.resolve()
        container.close()
        #expect(log.all == ["player stopped"])
    }

    @Test func aHookMayStillNameAnotherTypeTheInstanceIs() async throws {
        let log = EventLog()
        let container = module {
            single { Repository(log: log) }
                .onStart { (migrating: any Migrating) in log.append("started as \(type(of: migrating))") }
        }
        try await container.start(timeout: nil)
        #expect(log.all == ["started as Repository"])
    }
}
