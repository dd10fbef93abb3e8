import Dispatch
import Foundation
import Testing
import Wiring

private final class Slow: Sendable {}
private final class Unrelated: Sendable {}
private final class Waiter: Sendable {
    let sawOther: Bool
    init(sawOther: Bool) { self.sawOther = sawOther }
}
private final class Left: Sendable {}
private final class Right: Sendable {}
private final class Shared: Sendable {}
private final class Flaky: Sendable {}
private final class Plain: Sendable {}
private final class Ticket: Sendable {}
private enum Trip {}
private final class Failing: Sendable {}
private final class NeedsFailing: Sendable {}
private struct Boom: Error {}
private final class Node: Sendable {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// Builds without a process-wide lock (issue 20, items 4, 7, 11 and 13): different definitions
/// build at the same time, a factory may wait for another thread, the same singleton is still
/// built once, and cycles are still found, across threads too.
@Suite struct ConcurrentBuildTests {
    /// Threads that first resolve from one big module at once: one builds its registry while the
    /// others sleep on that build's lock (a build of milliseconds, far past the lock's spin),
    /// and every thread then gets the same singletons. A lost wake-up would hang it: the time
    /// limit turns that into a failure.
    @Test(.timeLimit(.minutes(1))) func threadsFirstResolvingABigModuleWaitForItsOneBuild() {
        for _ in 0..<5 {
            let big = module { for index in 0..<5_000 { single(tag: index) { Node(index) } } }
            let last = Collected<ObjectIdentifier>()
            let first = Collected<ObjectIdentifier>()
            runOnThreads(4) { _ in
                let node: Node = big.resolve(tag: 4_999)
                #expect(node.index == 4_999)
                last.append(ObjectIdentifier(node))
                first.append(ObjectIdentifier(big.resolve(tag: 0) as Node))
            }
            #expect(Set(last.all).count == 1)
            #expect(Set(first.all).count == 1)
        }
    }

    /// Item 7: a factory that waits for another thread, which builds an unrelated singleton,
    /// does not deadlock (it did, with one lock for every first build).
    @Test func aFactoryMayWaitForAThreadThatBuildsSomethingElse() {
        let started = Flag()
        let otherBuilt = Flag()
        let container = module {
            single { () -> Waiter in
                started.set()
                return Waiter(sawOther: otherBuilt.wait(seconds: 10))
            }
            single { Unrelated() }
        }
        let results = Collected<Bool>()
        runOnThreads(2) { index in
            if index == 0 {
                results.append((container.resolve() as Waiter).sawOther)
            } else {
                _ = started.wait(seconds: 10)
                _ = container.resolve() as Unrelated
                otherBuilt.set()
            }
        }
        #expect(results.all == [true])
    }

    /// Item 7: the same singleton asked by many threads while it builds is built once, and the
    /// threads that asked during the build wait for it and get that instance.
    @Test func threadsAskingDuringABuildWaitForIt() {
        let builds = Counter()
        let release = Flag()
        let building = Flag()
        let asking = DispatchSemaphore(value: 0)
        let container = module {
            single { () -> Slow in
                builds.increment()
                building.set()
                _ = release.wait(seconds: 60)
                return Slow()
            }
        }
        let instances = Collected<ObjectIdentifier>()
        runOnThreads(6) { index in
            if index == 0 {
                // Released once the build has begun and every asker is at its resolve (events, not
                // a delay; the waits are hang guards).
                for _ in 1..<6 { _ = asking.wait(timeout: .now() + 60) }
                _ = building.wait(seconds: 60)
                release.set()
            } else {
                asking.signal()
                instances.append(ObjectIdentifier(container.resolve() as Slow))
            }
        }
        #expect(builds.count == 1)
        #expect(Set(instances.all).count == 1)
        #expect(instances.all.count == 5)
    }

    /// Item 7: two threads each building half of a cycle at the same moment get the cycle as an
    /// error; neither waits for the other for good.
    @Test func aCycleSplitAcrossTwoThreadsIsReportedNotADeadlock() {
        let leftStarted = Flag()
        let rightStarted = Flag()
        let container = module {
            single { () throws -> Left in
                leftStarted.set()
                _ = rightStarted.wait(seconds: 10)
                _ = try resolveThrowing(Right.self)
                return Left()
            }
            single { () throws -> Right in
                rightStarted.set()
                _ = leftStarted.wait(seconds: 10)
                _ = try resolveThrowing(Left.self)
                return Right()
            }
        }
        let errors = Collected<String>()
        runOnThreads(2) { index in
            do throws(WiringError) {
                if index == 0 { _ = try container.resolveThrowing(Left.self) } else { _ = try container.resolveThrowing(Right.self) }
                errors.append("resolved")
            } catch {
                errors.append(error.description)
            }
        }
        #expect(errors.all.count == 2)
        #expect(errors.all.allSatisfy { $0.contains("Wiring: dependency cycle:") })
    }

    /// Item 7: a cycle on one thread is still found, with its path.
    @Test func aCycleOnOneThreadKeepsItsPath() {
        let container = module {
            single { () throws -> Left in _ = try resolveThrowing(Right.self); return Left() }
            single { () throws -> Right in _ = try resolveThrowing(Left.self); return Right() }
        }
        #expect {
            _ = try container.resolveThrowing(Left.self)
        } throws: { error in
            guard case let .cycle(path, _) = error as? WiringError else { return false }
            return path.map(\.type) == ["Left", "Right", "Left"]
        }
    }

    /// A verification (whose sandbox builds without the lock) beside threads that wait for each
    /// other's first builds: the sandbox never touches the shared record of waiting threads.
    @Test func verificationBesideWaitingFirstBuilds() {
        let verified = module {
            single { Left() }
            factory { Right() }
        }
        let current = Latest()
        let make: @Sendable () -> DependencyContainer = {
            module {
                single { () -> Slow in
                    usleep(50)
                    return Slow()
                }
            }
        }
        current.value = make()
        let errors = Counter()
        let rounds = Counter()
        let resolver: @Sendable () -> Void = { _ = current.value.resolve() as Slow }
        // Each role on a thread of its own, each doing its share (see `runRoles`).
        let operations = runRoles(minimumEach: 20, seconds: 1, [
            { if (try? verified.verify()) == nil { errors.increment() } },
            {
                rounds.increment()
                if rounds.count % 4 == 0 { current.value = make() }
                _ = current.value.resolve() as Slow
            },
            resolver, resolver,
        ])
        #expect(operations.allSatisfy { $0 >= 20 }, "operations per role: \(operations)")
        #expect(errors.count == 0)
    }

    /// Item 13: a `createdAtStart()` singleton whose first build fails is built again by the
    /// next resolve, and the container then resolves from its fast path.
    @Test func anEagerSingletonThatFailedOnceIsRetried() throws {
        let attempts = Counter()
        let container = module {
            single { () throws -> Flaky in
                attempts.increment()
                if attempts.count == 1 { throw Boom() }
                return Flaky()
            }
            .createdAtStart()
            single { Plain() }
        }
        #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Plain.self) }
        let plain = try container.resolveThrowing(Plain.self)
        #expect(attempts.count == 2)
        #expect(container.resolve() as Plain === plain)
        _ = container.resolve() as Flaky
        #expect(attempts.count == 2)
    }

    /// Item 4: an async definition declared inside a scope resolves from that scope.
    @Test func anAsyncSingleInsideAScopeResolvesFromIt() async throws {
        let container = module {
            scope(Trip.self) {
                single { () async -> Ticket in Ticket() }
            }
        }
        let trip = container.openScope(Trip.self)
        let first = try await trip.resolveAsyncThrowing(Ticket.self)
        let second: Ticket = await trip.resolveAsync()
        #expect(first === second)
        trip.close()
        await #expect(throws: WiringError.self) { _ = try await trip.resolveAsyncThrowing(Ticket.self) }
    }

    /// Item 11: a failing nested async build fails every awaiter and every outer build, and
    /// leaves no task behind: every container is released once its resolves have failed.
    @Test func failingAsyncBuildsLeaveNoTaskBehind() async throws {
        weak var last: DependencyContainer?
        for _ in 0..<200 {
            let container = module {
                single { () async throws -> Failing in throw Boom() }
                single { NeedsFailing(failing: try await resolveAsyncThrowing()) }
            }
            last = container
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        do throws(WiringError) {
                            _ = try await container.resolveAsyncThrowing(NeedsFailing.self)
                            return false
                        } catch {
                            return error.description.contains("Failing")
                        }
                    }
                }
                for await failed in group { #expect(failed) }
            }
        }
        // Builds run in tasks of their own: wait for the last one to end and release the
        // container (a hang guard of 60 s, not a timing).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while last != nil, clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(last == nil, "a failed build's task still holds its container after 60 s")
    }

    /// Item 11: a non-throwing `resolveAsync()` inside an async factory cannot throw, and a task
    /// cannot be abandoned without leaking it: it stops with the message, as `resolve()` does in
    /// a synchronous factory.
    @Test func aFailingNonThrowingResolveAsyncInAFactoryStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module {
                single { NeedsFailing(failing: await resolveAsync()) }
            }
            _ = try? await container.resolveAsyncThrowing(NeedsFailing.self)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("`Failing`"))
        }
    }
}

/// The container the threads of `verificationBesideWaitingFirstBuilds` resolve from.
private final class Latest: @unchecked Sendable {
    // `container` is only touched under `lock`.
    private let lock = NSLock()
    private var container = module {}

    var value: DependencyContainer {
        get {
            lock.lock()
            defer { lock.unlock() }
            return container
        }
        set {
            lock.lock()
            container = newValue
            lock.unlock()
        }
    }
}

extension NeedsFailing {
    convenience init(failing: Failing) { self.init() }
}
