import Foundation
import Wiring
import Testing

// Everything at once (issue 20): singles, factories, tags, scopes with ids, declared values,
// links and `onClose`, `load`/`unload` of modules (the start-up one too), async resolves, failing
// async builds, throwing factories, task-local roots and threads that exit, for a bounded time.
// `Scripts/churn.sh` runs the long form (60 s, 16 threads, release or a sanitizer).

private protocol Clock: AnyObject, Sendable {}
private final class SystemClock: Clock {}
private final class FakeClock: Clock {}
private protocol Plugin: AnyObject, Sendable {}
private final class ChatPlugin: Plugin {}
private final class CorePlugin: Plugin {}
private final class Core: Sendable {}
private final class Part: Sendable {}
private final class Remote: Sendable {}
private final class Broken: Sendable {}
private final class NeedsBroken: Sendable {
    init(_: Broken) {}
}
private final class Flaky: Sendable {}
private final class StartUp: Sendable {}
private final class Request: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
private final class Repository: Sendable {
    let request: Request
    let core: Core
    init(request: Request, core: Core) {
        self.request = request
        self.core = core
    }
}
private final class AuditLog: Sendable {}
private final class Cart: Sendable {}
/// What a shared session keeps: one per session, whichever request asks.
private final class SessionState: Sendable {}
/// A `createdAtStart()` single of a module that comes and goes (issue 59).
private final class Eager: Sendable {
    init(core: Core) {}
}
/// A factory of a module that comes and goes, over a single of the same module (issue 59).
private final class Svc: Sendable {}
private final class Job: Sendable {
    let svc: Svc
    init(svc: Svc) { self.svc = svc }
}
/// A module prepared in the background, given again and again.
private final class Lazy: Sendable {}
private enum RequestScope {}
private enum CartScope {}
private enum SessionScope {}
private struct Refused: Error {}

/// Counts what the stress run saw; every `var` only under `lock`.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var operations = 0
    private(set) var violations: [String] = []
    private(set) var closes = 0
    private(set) var onCloses = 0

    func add(operations count: Int) { locked { operations += count } }
    func violation(_ text: String) { locked { if violations.count < 20 { violations.append(text) } } }
    func closed() { locked { closes += 1 } }
    func onClose() { locked { onCloses += 1 } }

    private func locked(_ body: () -> Void) {
        lock.lock()
        body()
        lock.unlock()
    }
}

/// Resident memory, in bytes (Linux), for the report.
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private let tally = Tally()
private let flakyCalls = Counter()

extension LazyModule {
    fileprivate static let stressLazy = lazyModule { single { Lazy() } }
}

extension DependencyContainer {
    fileprivate static let stressCore = module {
        single { Core() }
        factory { Part() }
        single(tag: "core") { CorePlugin() as Plugin }
        single { SystemClock() as Clock }
        single { () async -> Remote in Remote() }
        single { () async throws -> Broken in throw Refused() }
        single { NeedsBroken(try await resolveAsyncThrowing()) }
        factory { () throws -> Flaky in
            flakyCalls.increment()
            if flakyCalls.count % 2 == 0 { throw Refused() }
            return Flaky()
        }
        scope(RequestScope.self) {
            scoped { Repository(request: resolve(), core: resolve()) }
            scoped { AuditLog() }.onClose { (_: AuditLog) in tally.onClose() }
        }
        scope(CartScope.self) {
            scoped { Cart() }
        }
        scope(SessionScope.self) {
            scoped { SessionState() }
        }
    }
    fileprivate static let stressStartUp = module {
        single { StartUp() }
    }
    fileprivate static let stressPlugin = module {
        single(tag: "chat") { ChatPlugin() as Plugin }
    }
    fileprivate static let stressEager = module {
        single { Eager(core: resolve()) }.createdAtStart()
        single(tag: "eager") { Eager(core: resolve()) }.createdAtStart()
    }
    fileprivate static let stressJobs = module {
        single { Svc() }
        factory { Job(svc: resolve()) }
    }
    fileprivate static let stressCanary = module {
        single { FakeClock() as Clock }.override()
    }
}

/// In a process of its own (an exit test): it owns the global root and its threads block for
/// seconds, so it must not share the process (and its two cooperative threads) with other tests
/// that wait for the root, or for tasks. Its report and any sanitizer output are printed here.
@Suite struct ChurnStressTests {
    @Test func everythingAtOnceForABoundedTime() async {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            runChurn()
        }
        guard let result else { return }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        let errors = String(decoding: result.standardErrorContent, as: UTF8.self)
        print(output, errors, separator: "")
        #expect(output.contains("Churn:"))
        #expect(!errors.contains("WARNING: ThreadSanitizer"))
        #expect(!errors.contains("ERROR: AddressSanitizer"))
    }
}

/// The run itself, in the exit test's process: prints its report, and stops with the violations
/// if there are any.
private func runChurn() {
    let environment = ProcessInfo.processInfo.environment
    let seconds = environment["WIRING_CHURN_SECONDS"].flatMap(Double.init) ?? 3
    let threads = max(4, environment["WIRING_CHURN_THREADS"].flatMap(Int.init) ?? 4)
    DependencyContainer.defined(by: modules { .stressCore; .stressStartUp })
    let core = ObjectIdentifier(resolve() as Core)
    let rssBefore = residentBytes()
    let roundsPerThread = Collected<Int>()
    runFor(seconds: seconds, threads: threads) { (thread: Int, shouldStop: () -> Bool) in
        var round = 0
        defer { roundsPerThread.append(round) }
        while !shouldStop() {
            round += 1
            // One thread changes the modules (a module is loaded once at a time); the others
            // serve requests, resolve every form, or resolve from tasks, in turn.
            switch thread == 0 ? 0 : 1 + (thread - 1) % 3 {
            case 0: changeModules(round)
            case 1: serveRequest(thread: thread, round: round, core: core)
            case 2: resolveEverything(core: core)
            default: resolveAsyncAndOnExitingThreads(core: core)
            }
        }
    }
    let rssAfter = residentBytes()
    print(
        """
        Churn: \(tally.operations) operations on \(threads) threads in \(seconds) s, \
        \(tally.violations.count) violations, \(tally.closes) scopes closed, \
        \(tally.onCloses) onClose calls, RSS \(rssBefore / 1_048_576) → \(rssAfter / 1_048_576) MB
        """)
    precondition(tally.violations.isEmpty, "Churn violations: \(tally.violations)")
    precondition(tally.operations > 0, "Churn: nothing ran")
    // Every role did its work: the module changer and each kind of reader (real threads, all
    // started together, so none waits for another to finish on two cores).
    precondition(
        roundsPerThread.all.count == threads && roundsPerThread.all.allSatisfy { $0 >= 10 },
        "Churn: a thread did fewer than 10 rounds: \(roundsPerThread.all)")
    precondition(tally.onCloses == tally.closes, "Churn: \(tally.closes) scopes closed, \(tally.onCloses) onClose calls")
}

/// Thread 0's work: the plugin pattern, an override canary and the start-up module itself come
/// and go.
private func changeModules(_ round: Int) {
    DependencyContainer.load(.stressPlugin)
    DependencyContainer.load(.stressEager)
    DependencyContainer.load(.stressCanary)
    DependencyContainer.load(.stressJobs)
    DependencyContainer.unload(.stressPlugin)
    DependencyContainer.unload(.stressJobs)
    DependencyContainer.unload(.stressEager)
    DependencyContainer.unload(.stressCanary)
    if round % 25 == 1 {
        // Loaded once; every later time it is reported as already loaded, by this wait alone.
        DependencyContainer.load(inBackground: .stressLazy)
        do throws(WiringError) {
            try DependencyContainer.waitForBackgroundModules()
            if round != 1 { tally.violation("a lazy module loaded twice") }
        } catch {
            if case .moduleAlreadyLoaded = error, round != 1 {} else { tally.violation("background: \(error)") }
        }
    }
    if round % 10 == 0 {
        DependencyContainer.unload(.stressStartUp)
        DependencyContainer.load(.stressStartUp)
    }
    tally.add(operations: round % 10 == 0 ? 10 : 8)
}

/// A request: a scope with an id, a declared value, scoped services over root singles, a link,
/// `onClose`, closed on every path.
private func serveRequest(thread: Int, round: Int, core: ObjectIdentifier) {
    let id = thread * 100_000_000 + round
    let request = DependencyContainer.shared.openScope(RequestScope.self, id: id)
    defer {
        request.close()
        tally.closed()
    }
    request.declare(Request(id: id))
    let cart = request.openScope(CartScope.self)
    request.link(to: cart)
    do throws(WiringError) {
        let repository = try request.resolveThrowing(Repository.self)
        _ = try request.resolveThrowing(AuditLog.self)
        _ = try request.resolveThrowing(Cart.self)
        if repository.request.id != id { tally.violation("request \(id) got \(repository.request.id)") }
        if ObjectIdentifier(repository.core) != core { tally.violation("a request saw another Core") }
        if try request.resolveThrowing(Repository.self) !== repository { tally.violation("scoped built twice") }
        _ = try request.resolveThrowing(Clock.self)
    } catch {
        tally.violation("request: \(error)")
    }
    joinSession(round % 4, from: request)
    tally.add(operations: 10)
}

/// A request joins one of a few sessions that every request thread shares and that
/// `resolveEverything` logs out at any moment: the link lands, and the request sees the session's
/// state, or it throws that the session closed; it never stops.
private func joinSession(_ id: Int, from request: DependencyContainer) {
    let session = DependencyContainer.shared.openedScopeOrOpen(SessionScope.self, id: id)
    do throws(WiringError) {
        try request.linkThrowing(to: session)
    } catch {
        if case .scopeClosed = error { return }
        tally.violation("link: \(error)")
        return
    }
    do throws(WiringError) {
        let state = try request.resolveThrowing(SessionState.self)
        // Resolved through the link, or built in the session after it closed (released at once).
        if let own = try? session.resolveThrowing(SessionState.self), own !== state, !session.isClosed {
            tally.violation("a session's state built twice")
        }
    } catch {
        switch error {
        case .scopeClosed, .definedInScope: break  // the session closed after the link
        default: tally.violation("session: \(error)")
        }
    }
}

/// Every synchronous form of resolve, beside the changes: each type is registered at every
/// moment, so none may fail.
private func resolveEverything(core: ObjectIdentifier) {
    if ObjectIdentifier(resolve() as Core) != core { tally.violation("resolve() returned another Core") }
    if (resolve() as Part) === (resolve() as Part) { tally.violation("a factory returned one instance twice") }
    if (resolveOptional() as Clock?) == nil { tally.violation("Clock absent") }
    _ = resolveOptional() as StartUp?  // absent between its unload and load: either is right
    _ = resolve(tag: "core") as Plugin
    let plugins = resolveAll() as [Plugin]
    if plugins.count != 1 && plugins.count != 2 { tally.violation("\(plugins.count) plugins") }
    do throws(WiringError) {
        _ = try resolveThrowing(Flaky.self)
    } catch {
        if case .factoryFailed = error {} else { tally.violation("flaky: \(error)") }
    }
    // A module that comes and goes, its factory perhaps mid-build when it goes: the value, or
    // its absence, never a stop (issue 59).
    _ = resolveOptional() as Job?
    _ = resolveOptional() as Eager?
    do throws(WiringError) {
        _ = try resolveThrowing(Job.self)
    } catch {
        switch error {
        case .moduleUnloaded, .missingDefinition: break
        default: tally.violation("job: \(error)")
        }
    }
    // Logs a shared session out while requests join it (see `joinSession`).
    DependencyContainer.shared.openedScope(SessionScope.self, id: Int.random(in: 0..<4))?.close()
    DependencyContainer.withOverrides {
        factory { FakeClock() as Clock }
    } operation: {
        if !((resolve() as Clock) is FakeClock) { tally.violation("withOverrides not seen") }
        if (resolve() as Core) !== (resolve() as Core) { tally.violation("an overlay built Core twice") }
    }
    tally.add(operations: 12)
}

/// Async resolves (a built single, a failing nested build) from a task, and resolves on threads
/// that exit at once.
private func resolveAsyncAndOnExitingThreads(core: ObjectIdentifier) {
    let done = DispatchSemaphore(value: 0)
    Task {
        let first = try? await resolveAsyncThrowing(Remote.self)
        let second = try? await resolveAsyncThrowing(Remote.self)
        if first == nil || first !== second { tally.violation("async single rebuilt or missing") }
        do throws(WiringError) {
            _ = try await resolveAsyncThrowing(NeedsBroken.self)
            tally.violation("a failing async build succeeded")
        } catch {
            if !error.description.contains("Broken") { tally.violation("async: \(error)") }
        }
        done.signal()
    }
    done.wait()
    let exiting = Thread {
        if ObjectIdentifier(resolve() as Core) != core { tally.violation("an exiting thread saw another Core") }
    }
    exiting.start()
    while !exiting.isFinished { usleep(100) }
    tally.add(operations: 5)
}
