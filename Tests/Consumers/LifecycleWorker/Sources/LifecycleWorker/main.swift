import Logging
import ServiceLifecycle
import Wiring
import WiringServiceLifecycle

final class Migrator: Sendable {
    func migrate() async throws { print("migrated") }
}

/// Runs once the migration's start hook ended, then returns.
struct Reporter: Service {
    let migrator: Migrator
    func run() async throws { print("reported after the migration") }
}

let worker = module {
    single { Migrator() }
        .onStart { migrator in try await migrator.migrate() }
    single { Reporter(migrator: resolve()) }
        .bind((any Service).self)
}
// The reporter's end ends the worker: a graceful shutdown of the group.
let services = try worker.lifecycleServices().map {
    ServiceGroupConfiguration.ServiceConfiguration(service: $0, successTerminationBehavior: .gracefullyShutdownGroup)
}
let group = ServiceGroup(configuration: .init(services: services, logger: Logger(label: "worker")))
try await withThrowingTaskGroup(of: Void.self) { tasks in
    tasks.addTask { try await group.run() }
    try await worker.startBeforeServing(attempts: 1, timeout: .seconds(10))
    try await tasks.waitForAll()
}
try await worker.shutdown(timeout: .seconds(5))
