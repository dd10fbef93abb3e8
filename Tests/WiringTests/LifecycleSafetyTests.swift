import Foundation
import Testing
import Wiring

// Issue 60: a lifecycle you cannot get wrong. Hooks and services follow overrides, a start never
// hangs silently, and hooks that could never run are reported. Roots of their own: parallel.

/// What one test's hooks and builds did, in order.
private typealias Log = Collected<String>

private protocol TodoRepository: AnyObject, Sendable {}
private protocol Runnable: AnyObject, Sendable {}
private final class Client: Runnable {
    init(_ log: Log) { log.append("client built") }
}
private final class PostgresRepository: TodoRepository {
    let client: Client
    init(client: Client) { self.client = client }
}
private final class MemoryRepository: TodoRepository {}
private final class Janitor: Runnable {
    let repository: TodoRepository
    init(repository: TodoRepository) { self.repository = repository }
}
private struct NotUp: Error {}
private final class Attempts: @unchecked Sendable {
    // `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
}

// A broken cancel or close hangs a lifecycle test: each has a minute, then fails by name.
@Suite(.timeLimit(.minutes(1))) struct LifecycleSafetyTests {
    /// Each DSL form of a repository with a start hook, bound to the protocol a test overrides.
    private static func forms(_ log: Log) -> [(String, DependencyContainer)] {
        [
            ("singleOf + bind", module {
                single { Client(log) }
                singleOf(PostgresRepository.init).bind(TodoRepository.self)
                    .onStart { (_: PostgresRepository) in log.append("createTable") }
            }),
            ("single + bind", module {
                single { Client(log) }
                single { PostgresRepository(client: resolve()) }.bind(TodoRepository.self)
                    .onStart { (_: PostgresRepository) in log.append("createTable") }
            }),
            ("single as protocol", module {
                single { Client(log) }
                single { PostgresRepository(client: resolve()) as TodoRepository }
                    .onStart { (_: TodoRepository) in log.append("createTable") }
            }),
        ]
    }

    @Test func anOverriddenRepositoryNeverRunsItsHookNorBuildsWhatOnlyItUses() async throws {
        for (form, _) in Self.forms(Log()) {
            let log = Log()
            let app = Self.forms(log).first { $0.0 == form }!.1
            try await DependencyContainer.withRoot(app) {
                try await DependencyContainer.withOverrides {
                    single { MemoryRepository() as TodoRepository }
                } operation: {
                    try await DependencyContainer.shared.start()
                    #expect(resolve() as TodoRepository is MemoryRepository, "\(form)")
                }
            }
            #expect(log.all == [], "\(form): \(log.all)")
        }
    }

    @Test func withoutTheOverrideTheHookRuns() async throws {
        for (form, _) in Self.forms(Log()) {
            let log = Log()
            let app = Self.forms(log).first { $0.0 == form }!.1
            try await DependencyContainer.withRoot(app) {
                try await DependencyContainer.shared.start()
            }
            #expect(log.all == ["client built", "createTable"], "\(form): \(log.all)")
        }
    }

    @Test func anOverriddenServiceIsNotListed() {
        let app = module {
            single { Client(Log()) }.bind((any Runnable).self)
            single { PostgresRepository(client: resolve()) }.bind(TodoRepository.self).bind((any Runnable).self)
        }
        DependencyContainer.withRoot(app) {
            DependencyContainer.withOverrides {
                single { MemoryRepository() as TodoRepository }
            } operation: {
                let services = try? DependencyContainer.shared.services((any Runnable).self)
                #expect(services?.count == 1)
                #expect(services?.first is Client)
            }
        }
    }

    @Test func aHookThatNeverFinishesIsReportedAtTheDeadlineWithItsSite() async {
        let container = module {
            single { Client(Log()) }.onStart { (_: Client) in try await Task.sleep(for: .seconds(3_600)) }
        }
        let clock = ContinuousClock()
        let began = clock.now
        do {
            try await container.start(timeout: .milliseconds(200))
            Issue.record("start returned")
        } catch {
            #expect(error.unfinished.count == 1)
            #expect(error.unfinished.first?.hasPrefix("Client (WiringTests/LifecycleSafetyTests.swift:") == true)
            #expect(!error.wasCancelled)
            #expect(error.reason == .deadline)
            #expect(error.description.contains(
                "start did not finish within its timeout (200 ms): the start hook of Client (WiringTests/"))
        }
        // A hang guard, not a timing: the hook would take an hour.
        #expect(clock.now - began < .seconds(120), "start() waited for the hook, not for its deadline")
    }

    @Test func cancellingTheCallerCutsTheHookShortAndSaysWhich() async {
        // The hook says when it runs, so the caller is cancelled while it waits, not after a delay.
        let (began, hookBegan) = AsyncStream.makeStream(of: Void.self)
        let container = module {
            single { Client(Log()) }.onStart { (_: Client) in
                hookBegan.yield()
                try await Task.sleep(for: .seconds(3_600))
            }
        }
        let task = Task { () -> LifecycleError? in
            do throws(LifecycleError) {
                try await container.start(timeout: nil)
                return nil
            } catch {
                return error
            }
        }
        for await _ in began { break }
        task.cancel()
        let ended = await valueWithin(.seconds(30), of: task)
        #expect(ended != nil, "the cancelled start() still waited for the hour-long hook 30 s after its cancellation")
        let error = ended ?? nil
        #expect(error?.wasCancelled == true)
        #expect(error?.unfinished.first?.hasPrefix("Client (") == true)
        #expect(error?.description.contains(
            "start stopped because the task that called it was cancelled while it waited for the start hook of Client (")
            == true)
    }

    @Test func aThrowingHookNamesItselfAndTheNextStartRetriesIt() async throws {
        let attempts = Attempts()
        let container = module {
            single { Client(Log()) }.onStart { (_: Client) in if attempts.next() == 1 { throw NotUp() } }
        }
        do {
            try await container.start()
            Issue.record("the first start succeeded")
        } catch {
            #expect(error.failures.first?.type == "Client")
            #expect(error.failures.first?.error is NotUp)
            #expect(error.failures.first?.definedAt?.description.hasPrefix("WiringTests/LifecycleSafetyTests.swift:") == true)
        }
        try await container.start()
        #expect(attempts.next() == 3)
    }

    @Test func aServiceWaitsOnlyForTheHooksOfWhatItUses() async throws {
        let log = Log()
        let container = module {
            single { Client(log) }.bind((any Runnable).self)
                .onStart { (_: Client) in log.append("client hook") }
            single { PostgresRepository(client: resolve()) as TodoRepository }
                .onStart { (_: TodoRepository) in log.append("createTable") }
            single { Janitor(repository: resolve()) }.bind((any Runnable).self)
                .onStart { (_: Janitor) in log.append("janitor hook") }
        }
        let janitor: Janitor = container.resolve()
        try await container.start(dependenciesOf: janitor)
        #expect(log.all == ["client built", "client hook", "createTable"])
        try await container.start()
        #expect(log.all == ["client built", "client hook", "createTable", "janitor hook"])
    }

    @Test func aHookWhoseInstanceIsNotItsTypeIsReportedNotSkipped() async {
        let container = module {
            single { PostgresRepository(client: Client(Log())) as TodoRepository }
                .onStart { (_: Janitor) in }
        }
        do {
            try await container.start()
            Issue.record("the start succeeded")
        } catch {
            guard case let .startHookNeverRuns(type, _, takes, _)? = error.failures.first?.error as? WiringError else {
                Issue.record("expected startHookNeverRuns, got \(error)")
                return
            }
            #expect(type == "TodoRepository")
            #expect(takes == "Janitor")
        }
    }

    @Test func verifyReportsAHookWhoseInstanceIsNotItsType() {
        let container = module {
            single { PostgresRepository(client: Client(Log())) as TodoRepository }
                .onStart { (_: Janitor) in }
        }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.problems.count == 1)
        #expect(error?.description.contains("`.onStart { (instance: Janitor) in … }` on a definition of `TodoRepository` never runs") == true)
    }

    @Test func aServiceBindingOnATypeThatIsNotOneIsReported() {
        let container = module {
            single { MemoryRepository() as TodoRepository }.bind((any Runnable).self)
        }
        let error = #expect(throws: WiringError.self) { try container.services((any Runnable).self) }
        guard case .invalidBinding? = error else {
            Issue.record("expected invalidBinding, got \(String(describing: error))")
            return
        }
        // `verify()` finds it too, before anything runs.
        let verification = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(verification?.problems.contains { if case .invalidBinding = $0 { true } else { false } } == true)
    }

    @Test func aStartHookOnAFactoryStopsWhereItIsWritten() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module {
                factory { Client(Log()) }.onStart { (_: Client) in }
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `.onStart` on a factory of `Client` would never run: `start()` starts singletons only."))
            #expect(output.contains("Defined at: WiringTests/LifecycleSafetyTests.swift:"))
        }
    }
}
