import Foundation
import Testing
import Wiring

private final class A: Sendable {
    let b: B
    init(b: B) { self.b = b }
}
private final class B: Sendable {
    let a: A
    init(a: A) { self.a = a }
}
private final class Slow: Sendable {}
private final class Missing: Sendable {}
private final class NeedsMissing: Sendable {
    init(missing: Missing) {}
}
@MainActor private final class ViewModel {
    let title = "inbox"
    init() async { await Task.yield() }
}
private struct TimedOut: Error {}

/// Resumes a continuation once, from whichever of two tasks finishes first.
private final class Once<T: Sendable>: @unchecked Sendable {
    // `continuation` is only touched under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    func set(_ continuation: CheckedContinuation<T, any Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }
    func resume(_ result: Result<T, any Error>) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: result)
    }
}

/// Runs `body` in a task of its own and fails with `TimedOut` after `seconds`: a hang fails the
/// test instead of the CI run (a hung body is left suspended).
private func withDeadline<T: Sendable>(
    seconds: Double = 20, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let once = Once<T>()
    return try await withCheckedThrowingContinuation { continuation in
        once.set(continuation)
        Task {
            do { once.resume(.success(try await body())) } catch { once.resume(.failure(error)) }
        }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            once.resume(.failure(TimedOut()))
        }
    }
}

/// The error `body` throws, or `nil`, within the deadline of `withDeadline`.
private func asyncError(
    _ body: @escaping @Sendable () async throws(WiringError) -> Void
) async throws -> WiringError? {
    try await withDeadline {
        do throws(WiringError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}

/// Async resolution as a first-class path: cycles found, never hung; verified; traced like sync.
@Suite struct AsyncCycleTests {
    @Test func aCycleOfAsyncSinglesIsAnErrorNotAHang() async throws {
        let container = module {
            single { A(b: try await resolveAsyncThrowing()) }
            single { B(a: try await resolveAsyncThrowing()) }
        }
        let error = try await asyncError { () async throws(WiringError) in _ = try await container.resolveAsyncThrowing(A.self) }
        guard case let .cycle(path, _) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.type) == ["A", "B", "A"])
        #expect(path.allSatisfy { $0.lifetime == nil || $0.definedAt != nil })
        #expect(error?.description.contains("Wiring: dependency cycle: A → B → A.") == true)
        // Nothing was kept: asking again fails the same way, and does not hang either.
        await #expect(throws: WiringError.self) {
            _ = try await withDeadline { try await container.resolveAsyncThrowing(B.self) }
        }
    }

    @Test func aCycleOfAsyncFactoriesIsAnErrorNotUnboundedGrowth() async throws {
        let container = module {
            factory { A(b: try await resolveAsyncThrowing()) }
            factory { B(a: try await resolveAsyncThrowing()) }
        }
        let error = try await asyncError { () async throws(WiringError) in _ = try await container.resolveAsyncThrowing(B.self) }
        guard case let .cycle(path, _) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.type) == ["B", "A", "B"])
    }

    @Test func aCycleThroughAnAsyncSingleAndAnAsyncFactory() async throws {
        let container = module {
            single { A(b: try await resolveAsyncThrowing()) }
            factory { B(a: try await resolveAsyncThrowing()) }
        }
        let error = try await asyncError { () async throws(WiringError) in _ = try await container.resolveAsyncThrowing(A.self) }
        guard case let .cycle(path, _) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.type) == ["A", "B", "A"])
    }

    @Test func fiftyTasksWaitingForASlowSingleAreNotACycle() async throws {
        let builds = Counter()
        let container = module {
            single { () async -> Slow in
                builds.increment()
                try? await Task.sleep(for: .milliseconds(200))
                return Slow()
            }
            single { A(b: try await resolveAsyncThrowing()) }
            single { B(a: try await resolveAsyncThrowing()) }
        }
        let (instances, cycle) = try await withDeadline {
            async let cycle: WiringError? = {
                do throws(WiringError) {
                    _ = try await container.resolveAsyncThrowing(A.self)
                    return nil
                } catch {
                    return error
                }
            }()
            let instances = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<50 {
                    group.addTask { ObjectIdentifier(await container.resolveAsync(Slow.self)) }
                }
                return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            return (instances, await cycle)
        }
        #expect(instances.count == 1)
        #expect(builds.count == 1)
        if case .cycle = cycle {} else { Issue.record("expected a cycle, got \(String(describing: cycle))") }
    }

    @Test func aMissingRegistrationThroughAnAsyncFactoryHasItsPath() async throws {
        let container = module {
            single { NeedsMissing(missing: try await resolveAsyncThrowing()) }
        }
        let error = try await asyncError { () async throws(WiringError) in _ = try await container.resolveAsyncThrowing(NeedsMissing.self) }
        guard case let .missingDefinition(type, _, path, _, _, _) = error else {
            Issue.record("expected missingDefinition, got \(String(describing: error))")
            return
        }
        #expect(type == "Missing")
        #expect(path.map(\.type) == ["NeedsMissing", "Missing"])
        #expect(error?.description.contains("NeedsMissing: async single at WiringTests/AsyncCycleTests.swift:") == true)
    }

    @Test func aSynchronousResolveAfterAnAwaitKnowsTheAsyncPath() async throws {
        let container = module {
            single { () async throws -> NeedsMissing in
                await Task.yield()
                return NeedsMissing(missing: try resolveThrowing())
            }
        }
        let error = try await asyncError { () async throws(WiringError) in _ = try await container.resolveAsyncThrowing(NeedsMissing.self) }
        guard case let .missingDefinition(_, _, path, _, _, _) = error else {
            Issue.record("expected missingDefinition, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.type) == ["NeedsMissing", "Missing"])
    }

    @Test func aCancelledStarterLeavesTheOthersAnInstance() async throws {
        let started = Counter()
        let container = module {
            single { () async -> Slow in
                started.increment()
                try? await Task.sleep(for: .milliseconds(200))
                return Slow()
            }
        }
        let ids = try await withDeadline {
            let starter = Task { ObjectIdentifier(await container.resolveAsync(Slow.self)) }
            while started.count == 0 { await Task.yield() }
            starter.cancel()
            async let first = ObjectIdentifier(await container.resolveAsync(Slow.self))
            async let second = ObjectIdentifier(await container.resolveAsync(Slow.self))
            return [await starter.value, await first, await second]
        }
        #expect(Set(ids).count == 1)
        #expect(started.count == 1)
    }

    @Test func aMainActorFactory() async throws {
        let container = module {
            single { @MainActor in await ViewModel() }
        }
        let model: ViewModel = try await withDeadline { await container.resolveAsync() }
        #expect(model.title == "inbox")
        #expect(try await withDeadline { await container.resolveAsync(ViewModel.self) } === model)
    }

    @Test func asyncVerifyFindsWhatTheSynchronousOneLeavesOut() async throws {
        let broken = module {
            single { A(b: await resolveAsync()) }
            single { B(a: await resolveAsync()) }
            single { NeedsMissing(missing: await resolveAsync()) }
        }
        let synchronous = #expect(throws: VerificationError.self) { try broken.verify() }
        #expect(synchronous?.problems.isEmpty == true)
        #expect(synchronous?.asyncUnchecked.map(\.type) == ["A", "B", "NeedsMissing"])
        #expect(synchronous?.description.contains("use `try await verify()` to build them too") == true)
        let error = try await withDeadline {
            do throws(VerificationError) {
                try await broken.verify()
                return nil as VerificationError?
            } catch {
                return error
            }
        }
        let problems = error?.problems ?? []
        #expect(problems.contains { if case .cycle = $0 { true } else { false } })
        #expect(problems.contains { if case .missingDefinition(type: "Missing", _, _, _, _, _) = $0 { true } else { false } })

        let graphOnly = module {
            single { Missing() }
            factory { NeedsMissing(missing: await resolveAsync()) }
        }
        let graph = try await withDeadline { try await graphOnly.verify() }
        let needs = try #require(graph.nodes.firstIndex { $0.type == "NeedsMissing" })
        let missing = try #require(graph.nodes.firstIndex { $0.type == "Missing" })
        #expect(graph.nodes[needs].isAsync)
        #expect(graph.edges.contains { $0.from == needs && $0.to == missing })
        #expect(graph.dot().contains("peripheries=2"))
        #expect(graph.mermaid().contains("async factory"))
    }

    @Test func resolveAsyncOutsideAFactoryStopsWithTheCycle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module {
                single { A(b: await resolveAsync()) }
                single { B(a: await resolveAsync()) }
            }
            _ = await container.resolveAsync(A.self)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: dependency cycle: A → B → A."))
        }
    }
}

/// What `verify()` says about async definitions (issue 21, item 13).
@Suite struct AsyncVerifyReportTests {
    @Test func anAsyncCycleIsReportedOnce() async throws {
        let container = module {
            single { A(b: try await resolveAsyncThrowing()) }
            single { B(a: try await resolveAsyncThrowing()) }
        }
        let report: VerificationError? = try await withDeadline {
            do throws(VerificationError) {
                _ = try await container.verify()
                return nil
            } catch {
                return error
            }
        }
        let cycles = report?.problems.filter { if case .cycle = $0 { true } else { false } }
        #expect(cycles?.count == 1)
        #expect(report?.description.hasPrefix("Wiring: verification found 1 problem") == true)
    }

    @Test func theSynchronousVerifySaysItLeftAsyncDefinitionsUnchecked() {
        let container = module {
            single { Slow() }
            single { () async in Missing() }
        }
        let report = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(
            report?.description.hasPrefix(
                "Wiring: verification found no problem in the 1 definitions it checked, and left 1 async ones unchecked.")
                == true)
    }
}
