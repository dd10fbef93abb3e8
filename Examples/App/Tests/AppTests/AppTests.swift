import Foundation
import Testing
import Wiring
import WiringTesting

@testable import App

// The app's tests, main-actor isolated by the target's default as the app is: each runs with a
// root of its own (the `.wired` trait), so they run in parallel.

/// A session store that a test fills in.
final class SignedInSession {
    static func store(named name: String) -> SessionStore {
        let store = SessionStore()
        store.signIn(User(name: name))
        return store
    }
}

@Suite struct FeedTests {
    @Test(.wired(modules { .services; .screens }))
    func theFeedGreetsTheSignedInUser() {
        let session: SessionStore = resolve()
        session.signIn(User(name: "Grace"))
        let screen = FeedScreen()
        screen.model.load()
        #expect(screen.model.items.first == "Hello, Grace")
        #expect(screen.model.session === session)
    }

    @Test(.wired(modules { .services; .screens }))
    func aDetailModelIsNewOnEveryResolve() {
        let first: DetailViewModel = resolve()
        let second: DetailViewModel = resolve()
        #expect(first !== second)
        #expect(first.session === second.session)
    }

    @Test(.wired(modules { .services; .screens }))
    func offTheMainActorAMainActorModelIsNotBuilt() async throws {
        let message = await resolvedOffMainActor(DetailViewModel.self)
        #expect(message.contains("`DetailViewModel` is built on the main actor and was resolved off it"))
        #expect(message.contains("Defined at: App/Screens.swift"))
        let model: DetailViewModel = await offMainActor { await resolveAsync(DetailViewModel.self) }
        #expect(model.session === resolve() as SessionStore)
    }

    @Test(.wired(modules { .services; .compose }))
    func aMainActorClosureInAStaticLetModuleIsBuiltOnTheMainActorOnly() async {
        let onMain: ComposeViewModel = resolve()
        #expect(onMain.session === resolve() as SessionStore)
        let message = await resolvedOffMainActor(ComposeViewModel.self)
        #expect(message.contains("`ComposeViewModel` is built on the main actor and was resolved off it"))
        // From a detached task, `resolveAsync` builds it on the main queue: the probe says where.
        // (A detached task does not see this test's `.wired` root: it resolves from a container.)
        let probe = MainQueueProbe()
        let container = module {
            single { @MainActor in SessionStore() }
            factory { @MainActor in
                probe.record()
                return ComposeViewModel(session: resolve())
            }
        }
        let built = await Task.detached { () -> ComposeViewModel in await container.resolveAsync() }.value
        #expect(built.session === container.resolve() as SessionStore)
        #expect(probe.runs == [true])
    }

    /// A plain service in a module written in this main-actor test builds on any thread: a
    /// detached task and a `Thread` get the one instance.
    @Test func aPlainServiceDefinedInMainActorCodeResolvesFromAnyThread() async {
        let container = module { single { Clock() } }
        let fromTask = await Task.detached { () -> Clock in container.resolve() }.value
        let fromThread = await withCheckedContinuation { (continuation: CheckedContinuation<Clock?, Never>) in
            Thread { continuation.resume(returning: try? container.resolveThrowing(Clock.self)) }.start()
        }
        #expect(fromTask === fromThread)
        #expect(fromTask === container.resolve() as Clock)
    }

    @Test func aTestOverridesTheSessionForItsOwnRoot() {
        DependencyContainer.withRoot(modules { .services; .screens }) {
            DependencyContainer.withOverrides({
                single { @MainActor in SignedInSession.store(named: "Test") }.override()
            }) {
                let model: FeedViewModel = resolve()
                model.load()
                #expect(model.items.first == "Hello, Test")
            }
        }
    }

    @Test(.wired(modules { .backend; .app; .services; .screens }))
    func theReadmeExampleResolves() {
        let profile = ProfileViewController()
        #expect(profile.backend.name == "backend")
        #expect(profile.storage.context == "userdata")
        #expect(profile.analytics == nil)
        let store: ProfileStore = resolve()
        #expect(store.backend === profile.backend)
    }

    @Test func theWholeGraphVerifies() async throws {
        try await modules { .backend; .app; .services; .screens }.verify()
    }
}

extension Trait where Self == WiredTrait {
    /// A suite's graph from a trait's `static var`, main-actor code in this target.
    static var services: Self { .wired(modules { .services }) }
}

@Suite(.services) struct TraitModuleTests {
    /// The trait's module is main-actor code, yet its plain `Clock` single builds off the main
    /// actor (in this test's task, so with its root), and the main-actor store is refused there.
    @Test func aPlainSingleOfATraitModuleResolvesOffTheMainActor() async {
        let clock = await offMainActor { () -> Clock? in try? resolveThrowing(Clock.self) }
        #expect(clock != nil)
        #expect(clock === resolve() as Clock)
        let refused = await offMainActor { () -> Bool in (try? resolveThrowing(SessionStore.self)) == nil }
        #expect(refused)
    }
}

/// Runs `body` off the main actor, in the calling task (so with its `.wired` root).
@concurrent nonisolated func offMainActor<T: Sendable>(_ body: @concurrent @Sendable () async -> T) async -> T {
    await body()
}

/// What `resolveThrowing(type)` says off the main actor: "built", or its error's message.
private func resolvedOffMainActor<T>(_ type: T.Type) async -> String {
    await offMainActor { () -> String in
        do {
            _ = try resolveThrowing(type)
            return "built"
        } catch {
            return "\(error)"
        }
    }
}

/// Records, for each build, whether it ran on the main queue (where the main actor runs).
nonisolated final class MainQueueProbe: @unchecked Sendable {
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
