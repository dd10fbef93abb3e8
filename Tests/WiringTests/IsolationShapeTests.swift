import Dispatch
import Foundation
import Testing
import Wiring

/// Where a module is written never decides where its plain definitions run: a plain `single` or
/// `factory` written in main-actor code (a launch function, a `@MainActor` test, `main.swift`)
/// builds on any thread, and its close callback runs where its scope closes. Only a closure that
/// says `@MainActor in` is built on the main actor. These define the global root, so they run
/// one at a time.
@Suite(.serialized) struct IsolationShapeTests {
    final class Config: Sendable {}
    final class Store: Sendable {
        let config: Config
        init(config: Config = resolve()) { self.config = config }
    }

    /// An app delegate's launch method or a SwiftUI `App.init`: `@MainActor`, no default isolation.
    @MainActor static func launch() {
        DependencyContainer.defined(by: module {
            single { Config() }
            single { Store() }
        })
    }

    /// Synchronous, as every test that defines the global root is, and waiting only for threads
    /// of its own: while it holds the global root, the test pool's threads may all be blocked by
    /// other tests waiting for it (`TopLevelModules` resolves the root from `Task.detached`).
    @Test @MainActor func aRootDefinedInAMainActorLaunchFunctionResolvesFromThreadsAndQueues() throws {
        try DependencyContainer.withExclusiveRoot {
            Self.launch()
            let done = DispatchSemaphore(value: 0)
            let fromThread = Box<Store>()
            let fromQueue = Box<Store>()
            Thread {
                fromThread.value = try? resolveThrowing(Store.self)
                done.signal()
            }.start()
            DispatchQueue.global().async {
                fromQueue.value = try? resolveThrowing(Store.self)
                done.signal()
            }
            // The main actor waits meanwhile: neither may need it. The timeout is a hang guard.
            #expect(done.wait(timeout: .now() + 60) == .success)
            #expect(done.wait(timeout: .now() + 60) == .success)
            #expect(fromThread.value != nil)
            #expect(fromThread.value === fromQueue.value)
            #expect(fromThread.value?.config === resolve() as Config)
        }
    }

    /// A module a `@MainActor` function makes (an app delegate's launch method), resolved from a
    /// detached task and a thread.
    @Test func aModuleMadeInAMainActorFunctionResolvesFromADetachedTaskAndAThread() async {
        let container = await Self.makeModule()
        let fromTask = await Task.detached { () -> Store? in try? container.resolveThrowing(Store.self) }.value
        let fromThread = await onThread { try? container.resolveThrowing(Store.self) }
        #expect(fromTask != nil)
        #expect(fromTask === fromThread)
        #expect(fromTask?.config === container.resolve() as Config)
    }

    @MainActor static func makeModule() -> DependencyContainer {
        module {
            single { Config() }
            single { Store() }
        }
    }

    /// A module made in a `@MainActor` test, resolved first from a thread while the main actor
    /// waits for it, synchronously: a plain single needs nothing of the main actor.
    @Test @MainActor func aModuleInAMainActorTestBuildsOnAThreadWhileTheMainActorIsBlocked() {
        let container = module {
            single { Config() }
            single { Store(config: resolve()) }
        }
        let done = DispatchSemaphore(value: 0)
        let built = Box<Store>()
        Thread {
            built.value = try? container.resolveThrowing(Store.self)
            done.signal()
        }.start()
        // Blocks the main actor; the timeout is only a hang guard.
        #expect(done.wait(timeout: .now() + 60) == .success, "the build waited for the main actor")
        #expect(built.value != nil)
        #expect(built.value === container.resolve() as Store)
    }

    /// A plain close callback written in main-actor code runs when its scope closes, on the
    /// closing thread, even while the main actor is blocked: it is not queued to the main actor.
    @Test @MainActor func aPlainCloseCallbackRunsWhereItsScopeClosesWhileTheMainActorIsBlocked() {
        let closedOn = Box<Bool>()
        let closed = DispatchSemaphore(value: 0)
        let container = module {
            scope(Request.self) {
                scoped { Connection() }
                    .onClose { (_: Connection) in
                        closedOn.value = Thread.isMainThread
                        closed.signal()
                    }
            }
        }
        let request = container.openScope(Request.self)
        _ = request.resolve() as Connection
        Thread { request.close() }.start()
        #expect(closed.wait(timeout: .now() + 60) == .success, "the close callback was queued to the main actor")
        #expect(closedOn.value == false)
    }

    /// `main.swift` top-level code is main-actor code: a tool whose module is written there
    /// resolves it from threads while its main thread waits (see `Tests/Fixtures/TopLevelModules`).
    @Test func aModuleInTopLevelCodeResolvesFromThreads() throws {
        let executable = try #require(
            fixture(named: "TopLevelModules"), "the TopLevelModules fixture is built beside the tests")
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasPrefix("OK: 6 resolves off the main thread, one Store, config production"), "\(text)")
    }

    /// A main-actor single resolved with `resolveAsync` from a detached task (no main-actor
    /// caller anywhere) is built on the main queue, and its nested main-actor resolve too.
    @Test func aMainActorDefinitionIsBuiltOnTheMainQueueFromADetachedTask() async throws {
        let probe = MainQueueProbe()
        let container = module {
            single { @MainActor in
                probe.record()
                return Screen()
            }
            factory { @MainActor in
                probe.record()
                return ScreenModel(screen: resolve())
            }
        }
        let model = await Task.detached { () -> ScreenModel in await container.resolveAsync() }.value
        #expect(probe.runs == [true, true])
        let again = await Task.detached { () -> ScreenModel in await container.resolveAsync() }.value
        #expect(again.screen === model.screen)
        #expect(probe.runs == [true, true, true])
    }

    enum Request {}
    final class Connection: Sendable {}
    @MainActor final class Screen {}
    @MainActor final class ScreenModel {
        let screen: Screen
        init(screen: Screen) { self.screen = screen }
    }
}

/// A value one thread writes and another reads after a semaphore or a continuation.
final class Box<Value>: @unchecked Sendable {
    // Only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Records, for each build, whether it ran on the main queue (where the main actor runs).
final class MainQueueProbe: @unchecked Sendable {
    // `recorded` is only touched under `lock`.
    private let lock = NSLock()
    private var recorded: [Bool] = []

    private static let key: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    init() { _ = Self.key }

    func record() {
        let onMainQueue = DispatchQueue.getSpecific(key: Self.key) != nil
        lock.withLock { recorded.append(onMainQueue) }
    }

    var runs: [Bool] { lock.withLock { recorded } }
}

/// Runs `body` on a new `Thread` and returns what it returned.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// The executable `name` built beside this test bundle, if it is there.
func fixture(named name: String) -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On Linux the runner is the `.xctest` file itself; on Apple platforms, inside its bundle.
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
        || directory.lastPathComponent == "Contents"
    {
        directory.deleteLastPathComponent()
    }
    let url = directory.appendingPathComponent(name)
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
}
