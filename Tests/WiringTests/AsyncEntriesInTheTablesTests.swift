import Testing
import Wiring

private final class Journal: Sendable {}
private enum Visit {}

/// An async definition's entry is in its container's tables, as every other (issue 78): a scope's
/// async single keeps its value, and its build in flight, in that scope's own slot of an entry
/// every scope of its definition shares. These try to make two scopes share one build, a closed
/// scope keep what finished after it closed, and a synchronous resolve read a built one.
@Suite struct AsyncEntriesInTheTablesTests {
    @Test func eachScopeBuildsItsOwnAsyncSingleOnceUnderConcurrentAwaits() async {
        let builds = Counter()
        let container = module {
            scope(Visit.self) {
                single { () async -> Journal in
                    builds.increment()
                    try? await Task.sleep(for: .milliseconds(10))
                    return Journal()
                }
            }
        }
        let first = container.openScope(Visit.self)
        let second = container.openScope(Visit.self)
        let journals = await withTaskGroup(of: (Int, ObjectIdentifier).self) { group in
            for index in 0..<40 {
                let scope = index.isMultiple(of: 2) ? first : second
                group.addTask { (index % 2, ObjectIdentifier(await scope.resolveAsync(Journal.self))) }
            }
            return await group.reduce(into: [Int: Set<ObjectIdentifier>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(journals[0]?.count == 1)
        #expect(journals[1]?.count == 1)
        #expect(journals[0] != journals[1])
        #expect(builds.count == 2)
        first.close()
        second.close()
    }

    @Test func aScopeClosedWhileItsAsyncSingleBuildsReleasesItAtOnceAndTheNextScopeBuildsAgain() async throws {
        let events = EventLog()
        let gate = AsyncGate()
        let builds = Counter()
        let container = module {
            scope(Visit.self) {
                single { () async throws -> Journal in
                    builds.increment()
                    events.append("building")
                    try await gate.wait()
                    return Journal()
                }.onClose { _ in events.append("released") }
            }
        }
        let visit = container.openScope(Visit.self)
        let resolving = Task { try await visit.resolveAsyncThrowing(Journal.self) }
        await events.happened("building")
        visit.close()
        gate.open()
        // The resolve that was waiting gets the value; the closed scope keeps none of it.
        let late = try await resolving.value
        #expect(events.all == ["building", "released"])
        let error = await #expect(throws: WiringError.self) { try await visit.resolveAsyncThrowing(Journal.self) }
        guard case .scopeClosed = error else {
            Issue.record("expected scopeClosed, got \(String(describing: error))")
            return
        }
        let next = container.openScope(Visit.self)
        let fresh: Journal = await next.resolveAsync()
        #expect(fresh !== late)
        #expect(builds.count == 2)
        next.close()
        #expect(events.all == ["building", "released", "building", "released"])
    }

    @Test func aBuiltAsyncSingleIsStillOnlyResolveAsyncs() async {
        let container = module {
            single { () async -> Journal in Journal() }
            scope(Visit.self) { single { () async -> Journal in Journal() } }
        }
        let visit = container.openScope(Visit.self)
        _ = await container.resolveAsync(Journal.self)
        _ = await visit.resolveAsync(Journal.self)
        for resolver in [container, visit] {
            let error = #expect(throws: WiringError.self) { try resolver.resolveThrowing(Journal.self) }
            guard case let .asyncDefinition(type, _, _) = error else {
                Issue.record("expected asyncDefinition, got \(String(describing: error))")
                continue
            }
            #expect(type == "Journal")
        }
        // Not one of `resolveAll()`'s, which is synchronous.
        #expect(container.resolveAll(Journal.self).isEmpty)
        visit.close()
    }

    @Test func resolveOptionalOfAnAsyncDefinitionSaysToAwaitIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { () async -> Journal in Journal() } }
            _ = container.resolveOptional() as Journal?
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Journal"))
            #expect(output.contains("resolveAsync"))
        }
    }

    @Test func startLeavesAnAsyncSingleToItsFirstAwait() async throws {
        let builds = Counter()
        let container = module {
            single { () async -> Journal in
                builds.increment()
                return Journal()
            }
        }
        try await container.start()
        #expect(builds.count == 0)
        let journal: Journal = await container.resolveAsync()
        #expect(await container.resolveAsync() as Journal === journal)
        #expect(builds.count == 1)
        try await container.shutdown()
    }
}

private let journals = module {
    single { () async -> Journal in
        journalBuilds.increment()
        return Journal()
    }.onClose { _ in journalCloses.increment() }
}
private let journalBuilds = Counter()
private let journalCloses = Counter()

/// A task's root of its own (`withRoot`), which `load` and `unload` change for this task alone:
/// the global root is left to the serialized suites (a synchronous turn on it would hold a
/// cooperative thread the async build here needs).
@Suite struct AsyncEntryUnloadTests {
    @Test func anUnloadedAsyncSingleIsReleasedAndBuiltAnewWhenItsModuleComesBack() async {
        await DependencyContainer.withRoot(module {}) {
            DependencyContainer.load(journals)
            let first: Journal = await resolveAsync()
            #expect(await resolveAsync() as Journal === first)
            DependencyContainer.unload(journals)
            #expect(journalCloses.count == 1)
            await #expect(throws: WiringError.self) { try await resolveAsyncThrowing(Journal.self) }
            DependencyContainer.load(journals)
            let second: Journal = await resolveAsync()
            #expect(second !== first)
            #expect(journalBuilds.count == 2)
        }
    }
}
