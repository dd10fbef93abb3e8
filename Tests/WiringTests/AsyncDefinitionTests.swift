import Testing
import Wiring

private final class Config: Sendable {}

private actor Database {
    let config: Config
    init(config: Config) { self.config = config }

    static func open(config: Config = resolve()) async -> Database {
        try? await Task.sleep(for: .milliseconds(20))
        return Database(config: config)
    }
}

private struct Snapshot: Sendable {
    let id: Int
}

@Suite struct AsyncDefinitionTests {
    @Test func anAsyncSingleIsBuiltOnceUnderConcurrentAwaits() async {
        let builds = Counter()
        let container = module {
            single { Config() }
            single { () async -> Database in
                builds.increment()
                // `resolve()` after an await still reads the container building the value.
                try? await Task.sleep(for: .milliseconds(20))
                return await Database.open()
            }
        }
        let databases = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<50 {
                group.addTask { ObjectIdentifier(await container.resolveAsync(Database.self)) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(databases.count == 1)
        #expect(builds.count == 1)
        let database: Database = await container.resolveAsync()
        #expect(database.config === container.resolve() as Config)
    }

    @Test func aBuiltAsyncSingleIsReturnedAtOnceEvenFromAScopeAndAFailedOneIsBuiltAgain() async throws {
        let builds = Counter()
        let attempts = Counter()
        struct Unavailable: Error {}
        let container = module {
            single { () async -> Database in
                builds.increment()
                return await Database.open(config: Config())
            }
            // Fails on its first build: nothing is kept, so the next resolve builds again.
            single(tag: "flaky") { () async throws -> Snapshot in
                attempts.increment()
                if attempts.count == 1 { throw Unavailable() }
                return Snapshot(id: attempts.count)
            }
        }
        let first: Database = await container.resolveAsync()
        for _ in 0..<100 { #expect(await container.resolveAsync(Database.self) === first) }
        #expect(builds.count == 1)
        await #expect(throws: WiringError.self) { try await container.resolveAsyncThrowing(Snapshot.self, tag: "flaky") }
        #expect(try await container.resolveAsyncThrowing(Snapshot.self, tag: "flaky").id == 2)
        #expect(try await container.resolveAsyncThrowing(Snapshot.self, tag: "flaky").id == 2)
        // A scope of the container reaches the same built single.
        enum Visit {}
        let visits = module { scope(Visit.self) { scoped { Config() } } }
        let app = modules { container; visits }
        let visit = app.openScope(Visit.self)
        #expect(await visit.resolveAsync(Database.self) === app.resolveAsync(Database.self) as Database)
        visit.close()
    }

    @Test func anAsyncFactoryRunsOnEveryResolve() async {
        let counter = Counter()
        let container = module {
            factory { () async -> Snapshot in
                counter.increment()
                await Task.yield()
                return Snapshot(id: counter.count)
            }
        }
        let first: Snapshot = await container.resolveAsync()
        let second: Snapshot = await container.resolveAsync()
        #expect(first.id != second.id)
        #expect(counter.count == 2)
    }

    @Test func resolvingAnAsyncDefinitionSynchronouslySaysToAwait() throws {
        let container = module { single { await Database.open(config: Config()) } }
        let line = #line + 1
        let error = #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Database.self) }
        #expect(
            error?.description == """
                Wiring: `Database` is built by an async factory and cannot be resolved synchronously.
                  Requested at: WiringTests/AsyncDefinitionTests.swift:\(line)
                  Fix: resolve it from async code with `await resolveAsync(Database.self)`.
                """)
    }

    @Test func resolveAsyncAlsoServesSynchronousDefinitions() async throws {
        let container = module { single { Config() } }
        let config: Config = await container.resolveAsync()
        #expect(config === container.resolve() as Config)
        await #expect(throws: WiringError.self) { _ = try await container.resolveAsyncThrowing(Snapshot.self) }
    }

    @Test func aScopeResolvesTheContainersAsyncDefinitions() async {
        enum Visit {}
        let container = module {
            single { await Database.open(config: Config()) }
            single(tag: "replica") { await Database.open(config: Config()) }
            scope(Visit.self) { scoped { Config() } }
        }
        let visit = container.openScope(Visit.self)
        let primary: Database = await visit.resolveAsync()
        let replica: Database = await visit.resolveAsync(tag: "replica")
        #expect(primary === (await container.resolveAsync() as Database))
        #expect(replica === (await container.resolveAsync(tag: "replica") as Database))
        #expect(primary !== replica)
        visit.close()
        await #expect(throws: WiringError.self) { _ = try await visit.resolveAsyncThrowing(Database.self) }
    }

    @Test func theFreeFunctionReadsTheTasksRoot() async {
        let container = module {
            single { Config() }
            single { await Database.open() }
        }
        await DependencyContainer.withRoot(container) {
            let database: Database = await resolveAsync()
            #expect(database.config === container.resolve() as Config)
        }
    }

    @Test func aBuiltAsyncSingleOfAValueIsCopiedWholeFromAModuleAndARootApartFromItsTag() async {
        let builds = Counter()
        let lists = module {
            single { () async -> [String] in
                builds.increment()
                await Task.yield()
                return ["first", "list"].map { "\($0) \(builds.count)" }
            }
            single(tag: "other") { () async -> [String] in ["tagged"] }
        }
        // A module reads its registry built on first use; the copies outlive each other.
        var copies: [[String]] = []
        for _ in 0..<100 { copies.append(await lists.resolveAsync([String].self)) }
        #expect(copies.allSatisfy { $0 == ["first 1", "list 1"] })
        #expect(await lists.resolveAsync([String].self, tag: "other") == ["tagged"])
        #expect(builds.count == 1)
        // A root with a module loaded reads a registry of its own (not built on first use).
        let extra = module { single { Config() } }
        await DependencyContainer.withRoot(lists) {
            DependencyContainer.load(extra)
            let built: [String] = await resolveAsync()
            let buildsSoFar = builds.count
            #expect(built == ["first \(buildsSoFar)", "list \(buildsSoFar)"])
            for _ in 0..<100 { #expect(await resolveAsync([String].self) == built) }
            #expect(await resolveAsync([String].self, tag: "other") == ["tagged"])
            #expect(builds.count == buildsSoFar)
        }
    }
}
