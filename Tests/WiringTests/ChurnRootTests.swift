import Foundation
import Wiring
import Testing

private protocol Clock: AnyObject, Sendable {}
private final class SystemClock: Clock {}
private final class FakeClock: Clock {}
private protocol Plugin: AnyObject, Sendable {}
private final class CorePlugin: Plugin {}
private final class ChatPlugin: Plugin {}
private final class Remote: Sendable {}
private final class Noise: Sendable {}
private final class Flags: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}
private final class Svc: Sendable {
    let flags: Flags
    init(flags: Flags) { self.flags = flags }
}
private enum Req {}
private final class Ticket: Sendable {}
private final class Avatar: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}
private final class SelfUnloading: Sendable {
    let live: LiveCount
    init(_ live: LiveCount) {
        self.live = live
        live.add(1)
    }
    deinit { live.add(-1) }
}
private final class Holder: @unchecked Sendable {
    // Set once, before any thread reads it. Weak: the module's own factory holds this holder.
    weak var module: DependencyContainer?
}

extension DependencyContainer {
    fileprivate static let churnClock = module {
        single { SystemClock() as Clock }
        single(tag: "wall") { SystemClock() as Clock }
    }
    fileprivate static let churnFakeClock = module {
        single { FakeClock() as Clock }.override()
        single(tag: "wall") { FakeClock() as Clock }.override()
    }
    fileprivate static let churnCorePlugins = module {
        single(tag: "core") { CorePlugin() as Plugin }
    }
    fileprivate static let churnChatPlugin = module {
        single(tag: "chat") { ChatPlugin() as Plugin }
    }
    fileprivate static let churnRemote = module {
        single { () async -> Remote in Remote() }
    }
    fileprivate static let churnNoise = module {
        single { Noise() }
    }
    fileprivate static let churnBase = module {
        single { Flags(1) }
        scope(Req.self) {
            scoped { Svc(flags: try resolveThrowing()) }
        }
    }
    fileprivate static let churnCanary = module {
        single { Flags(2) }.override()
    }
    fileprivate static let churnTrip = module {
        scope(Req.self) {
            single { () async -> Ticket in Ticket() }
            scoped { (size: Int) in Avatar(size: size) }
        }
    }
}

/// Every promise of the root while modules load and unload beside resolving threads (issue 20's
/// items 1–3, 5, 6 and issue 25's item 3). Each race runs for a bounded time and asserts zero
/// failures. These define the global root, so they run serialized and exclusively.
@Suite(.serialized) struct ChurnRootTests {
    /// Item 1: `Clock` is registered at every moment, so every form of resolve succeeds.
    @Test func anOverrideUnloadedBesideReadersNeverFailsAResolve() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: modules { .churnClock })
            let failures = Counter()
            whileLoadingAndUnloading(.churnFakeClock) { readClocks(failures) }
            #expect(failures.count == 0)
            #expect((resolve() as Clock) is SystemClock)
        }
    }

    /// Item 2: the README's plugin pattern; a list from one root, before or after the unload.
    @Test func resolveAllBesideAPluginUnloadNeverTraps() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: modules { .churnCorePlugins })
            let wrongCounts = Counter()
            whileLoadingAndUnloading(.churnChatPlugin) {
                let plugins = resolveAll() as [Plugin]
                if plugins.count != 1 && plugins.count != 2 { wrongCounts.increment() }
                if !(plugins.first is CorePlugin) { wrongCounts.increment() }
            }
            #expect(wrongCounts.count == 0)
        }
    }

    /// Item 3: an async resolve racing `load` sees the root before (missing) or after (built),
    /// never the old root's "async definition" mix, nor an unloaded entry. In a process of its
    /// own: an async test must not hold the global root while sync tests wait for it on the
    /// threads it needs to resume.
    @Test func anAsyncResolveRacingLoadSeesOneRoot() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: modules { .churnNoise })
            let resolverDone = Flag()
            let loader = Thread {
                // Until the resolver has seen both roots (a hang guard of 60 s).
                let hangGuard = Date().addingTimeInterval(60)
                while !resolverDone.wait(seconds: 0), Date() < hangGuard {
                    DependencyContainer.load(.churnRemote)
                    DependencyContainer.unload(.churnRemote)
                }
            }
            loader.start()
            var built = 0
            var missing = 0
            let hangGuard = Date().addingTimeInterval(60)
            while built < 50 || missing < 50 {
                if Date() >= hangGuard { fatalError("unexpected: only \(built) built and \(missing) missing in 60 s") }
                do throws(WiringError) {
                    _ = try await resolveAsyncThrowing(Remote.self)
                    built += 1
                } catch .missingDefinition {
                    missing += 1
                } catch {
                    fatalError("unexpected: \(error)")
                }
            }
            resolverDone.set()
            while !loader.isFinished { usleep(1_000) }
            DependencyContainer.load(.churnRemote)
            _ = try await resolveAsyncThrowing(Remote.self)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(!output.contains("unexpected"), "\(output)")
        }
    }

    /// Item 5: a scope that stays open through `unload` + `load` regains every kind of definition.
    @Test func anOpenScopeRegainsParameterizedAndAsyncDefinitionsOnLoad() async {
        await #expect(processExitsWith: .success) {
            DependencyContainer.defined(by: modules { .churnNoise })
            DependencyContainer.load(.churnTrip)
            let trip = DependencyContainer.shared.openScope(Req.self)
            _ = try await trip.resolveAsyncThrowing(Ticket.self)
            precondition((trip.resolve(parameters: 3) as Avatar).size == 3)
            DependencyContainer.unload(.churnTrip)
            precondition((try? trip.resolveThrowing(Avatar.self, parameters: 3)) == nil)
            DependencyContainer.load(.churnTrip)
            _ = try await trip.resolveAsyncThrowing(Ticket.self)
            let avatar = try trip.resolveThrowing(Avatar.self, parameters: 4)
            precondition(avatar.size == 4)
            trip.close()
        }
    }

    /// Item 6: a factory that unloads its own module still returns its instance, which is then
    /// released like every instance of an unloaded module: `onClose` runs, nothing leaks.
    @Test func aFactoryThatUnloadsItsOwnModuleLeaksNothing() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            let live = LiveCount()
            let closed = Counter()
            let holder = Holder()
            let selfUnloading = module {
                single { () -> SelfUnloading in
                    DependencyContainer.unload(holder.module!)
                    return SelfUnloading(live)
                }
                .onClose { (_: SelfUnloading) in closed.increment() }
            }
            holder.module = selfUnloading
            DependencyContainer.defined(by: modules { .churnNoise })
            DependencyContainer.load(selfUnloading)
            do {
                let instance = resolve() as SelfUnloading
                #expect(live.count == 1)
                _ = instance
            }
            #expect(live.count == 0)
            #expect(closed.count == 1)
            #expect(resolveOptional() as SelfUnloading? == nil)
        }
    }

    /// Issue 25, item 3, as written there: a scope opened under an override resolves after the
    /// unload, and after the module is loaded again.
    @Test func aScopeOpenedUnderAnOverrideFollowsTheRoot() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: .churnBase)
            DependencyContainer.load(.churnCanary)
            let scope = DependencyContainer.shared.openScope(Req.self, id: "a")
            let flags = { () throws -> Int in try scope.resolveThrowing(Flags.self).value }
            #expect(try flags() == 2)
            DependencyContainer.unload(.churnCanary)
            #expect(try flags() == 1)
            DependencyContainer.load(.churnCanary)
            #expect(try flags() == 2)
            #expect(try { () throws -> Int in try scope.resolveThrowing(Svc.self).flags.value }() == 2)
            scope.close()
        }
    }

    /// Issue 25, item 3, under load: request cycles beside a canary loaded and unloaded.
    @Test func requestScopesBesideACanaryNeverFail() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: .churnBase)
            let failures = Counter()
            let requests = Counter()
            whileLoadingAndUnloading(.churnCanary) {
                let scope = DependencyContainer.shared.openScope(Req.self, id: UUID())
                defer { scope.close() }
                requests.increment()
                do {
                    _ = try scope.resolveThrowing(Svc.self)
                    _ = try scope.resolveThrowing(Flags.self)
                } catch {
                    failures.increment()
                }
            }
            #expect(requests.count > 0)
            #expect(failures.count == 0)
        }
    }
}


/// Every form of resolving `Clock`, counting the failures (a plain `resolve()` traps on one).
private func readClocks(_ failures: Counter) {
    do {
        _ = try resolveThrowing(Clock.self)
    } catch {
        failures.increment()
    }
    let optional: Clock? = resolveOptional()
    if optional == nil { failures.increment() }
    let tagged: Clock? = resolveOptional(tag: "wall")
    if tagged == nil { failures.increment() }
    let plain: Clock = resolve()
    let plainTagged: Clock = resolve(tag: "wall")
    _ = (plain, plainTagged)
}
