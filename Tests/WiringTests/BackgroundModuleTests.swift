import Foundation
import Wiring
import Dispatch
import Testing

private final class Core: Sendable {}
private final class Chat: Sendable {
    let core: Core
    init(core: Core) { self.core = core }
}
private final class Feed: Sendable {}
private final class Settings: Sendable {}

/// Blocks a background module's making until the test lets it go.
private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let arrived = DispatchSemaphore(value: 0)
    let made = Counter()
    func open() { semaphore.signal() }
    /// Waits until the module's builder has reached `pass()` (a hang guard of 60 s).
    func waitForArrival() -> Bool { arrived.wait(timeout: .now() + 60) == .success }
    /// Waits for `open()`, then gives no definitions (a line of a module's builder).
    func pass() -> [Definition] {
        arrived.signal()
        semaphore.wait()
        made.increment()
        return []
    }
}

/// KOIN's `lazyModules` and `waitAllStartJobs`: modules made and loaded off the launching
/// thread. They define the global root, so they run one at a time.
@Suite(.serialized) struct BackgroundModuleTests {
    @Test func aResolveWaitsForExactlyTheModuleThatDefinesItsType() throws {
        try DependencyContainer.withExclusiveRoot {
            let slow = Gate()
            let chatGate = Gate()
            DependencyContainer.defined(by: module { single { Core() } })
            DependencyContainer.load(
                inBackground:
                    lazyModule {
                        slow.pass()
                        single { Feed() }
                    },
                lazyModule {
                    chatGate.pass()
                    singleOf(Chat.init)
                })
            // Resolved on another thread while the chat module is still being made.
            let resolved = DispatchSemaphore(value: 0)
            let chat = Collected<Chat>()
            DispatchQueue.global().async {
                chat.append(resolve())
                resolved.signal()
            }
            chatGate.open()
            #expect(resolved.wait(timeout: .now() + 10) == .success)
            // The feed module is still held: the resolve waited for the chat module alone.
            #expect(slow.made.count == 0)
            #expect(chat.all.first?.core === resolve() as Core)
            slow.open()
            try DependencyContainer.waitForBackgroundModules()
            #expect(slow.made.count == 1)
            #expect((resolveOptional() as Feed?) != nil)
        }
    }

    @Test func resolveOptionalAndResolveThrowingWaitToo() throws {
        try DependencyContainer.withExclusiveRoot {
            let gate = Gate()
            DependencyContainer.defined(by: module { single { Core() } })
            DependencyContainer.load(
                inBackground: lazyModule {
                    gate.pass()
                    single { Settings() }
                    single(tag: "feed") { Feed() }
                })
            // The gate opens once the module is held at it and this thread is at its resolve
            // (events, not a delay), so the resolve finds the module still being made.
            let resolving = DispatchSemaphore(value: 0)
            Thread {
                _ = gate.waitForArrival()
                _ = resolving.wait(timeout: .now() + 60)
                gate.open()
            }.start()
            resolving.signal()
            #expect((resolveOptional() as Settings?) != nil)
            #expect(throws: Never.self) { try resolveThrowing(Feed.self, tag: "feed") }
            // Once everything is in, a type nobody defines is missing at once.
            #expect((resolveOptional() as Chat?) == nil)
        }
    }

    @Test func aModuleThatCannotLoadIsReportedByTheWaitAndByTheResolveOfItsTypes() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { Core() } })
            DependencyContainer.load(
                inBackground: lazyModule {
                    single { Core() }  // a duplicate of the root's
                    single { Feed() }
                })
            let error = #expect(throws: WiringError.self) { try DependencyContainer.waitForBackgroundModules() }
            guard case let .duplicateDefinition(type, _, _, _) = error else {
                Issue.record("expected a duplicate, got \(String(describing: error))")
                return
            }
            #expect(type == "Core")
            let resolveError = #expect(throws: WiringError.self) { try resolveThrowing(Feed.self) }
            #expect(resolveError?.description == error?.description)
        }
    }

    @Test func manyRoundsOfTenModulesEachResolvedBeforeTheRestAreIn() throws {
        for _ in 0..<200 {
            try DependencyContainer.withExclusiveRoot {
                DependencyContainer.defined(by: module {})
                // String tags: an `Int`-tagged resolve here would be merged by LLVM with
                // DeepGraphTests' own, adding a frame to each of its levels (see there).
                let modules = (0..<10).map { index in
                    lazyModule {
                        single(tag: "\(index)") { Feed() }
                        single(tag: "\(index)") { Core() }
                    }
                }
                DependencyContainer.load(
                    inBackground: modules[0], modules[1], modules[2], modules[3], modules[4], modules[5], modules[6],
                    modules[7], modules[8], modules[9])
                #expect((resolve(tag: "0") as Feed) === resolve(tag: "0") as Feed)
                try DependencyContainer.waitForBackgroundModules()
                #expect((resolve(tag: "9") as Core) === resolve(tag: "9") as Core)
            }
        }
    }

    /// In a task's own root (as a test's `.wired` root is): no global root, and no turn held
    /// across the suspension.
    @Test func theAsyncWaitResumesWhenEveryModuleIsIn() async throws {
        let gate = Gate()
        try await DependencyContainer.withRoot(module { single { Core() } }) {
            DependencyContainer.load(
                inBackground: lazyModule {
                    gate.pass()
                    single { Feed() }
                })
            gate.open()
            try await DependencyContainer.waitForBackgroundModules()
            #expect(gate.made.count == 1)
            #expect((resolveOptional() as Feed?) != nil)
        }
    }

    /// Issue 59: the same lazy module given twice is reported as already loaded (with both
    /// sites), once, by the wait that covers it; a later load and wait do not see it again.
    @Test func aLazyModuleGivenTwiceIsReportedAsAlreadyLoadedOnce() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { Core() } })
            let feed = lazyModule { single { Feed() } }
            DependencyContainer.load(inBackground: feed)
            try DependencyContainer.waitForBackgroundModules()
            DependencyContainer.load(inBackground: feed)
            let error = #expect(throws: WiringError.self) { try DependencyContainer.waitForBackgroundModules() }
            guard case .moduleAlreadyLoaded = error else {
                Issue.record("expected moduleAlreadyLoaded, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains("is already loaded") == true)
            DependencyContainer.load(inBackground: lazyModule { single { Settings() } })
            try DependencyContainer.waitForBackgroundModules()
            #expect((resolveOptional() as Settings?) != nil)
            #expect((resolve() as Feed) === resolve() as Feed)
        }
    }

    /// Issue 59: a failed module's error is thrown by one wait, and does not stick to the next.
    @Test func aFailureIsReportedOnceAndDoesNotStickToLaterLoads() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { Core() } })
            DependencyContainer.load(inBackground: lazyModule { single { Core() } })
            #expect(throws: WiringError.self) { try DependencyContainer.waitForBackgroundModules() }
            DependencyContainer.load(inBackground: lazyModule { single { Feed() } })
            try DependencyContainer.waitForBackgroundModules()
            #expect((resolveOptional() as Feed?) != nil)
        }
    }

    /// Issue 59: async code can block on the background modules under a name that compiles
    /// without `await`.
    @Test func asyncCodeCanWaitBlocking() async throws {
        try await DependencyContainer.withRoot(module { single { Core() } }) {
            DependencyContainer.load(inBackground: lazyModule { single { Feed() } })
            try DependencyContainer.waitForBackgroundModulesBlocking()
            #expect((resolveOptional() as Feed?) != nil)
            await Task.yield()
        }
    }
}
