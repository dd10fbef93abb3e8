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
        #expect(message.contains("`DetailViewModel` is main-actor isolated and was resolved off the main actor"))
        #expect(message.contains("Defined at: App/Screens.swift"))
        let model: DetailViewModel = await offMainActor { await resolveAsync(DetailViewModel.self) }
        #expect(model.session === resolve() as SessionStore)
    }

    @Test(.wired(modules { .services; .compose }))
    func aPlainClosureInAMainActorModuleIsBuiltOnTheMainActorOnly() async {
        let onMain: ComposeViewModel = resolve()
        #expect(onMain.session === resolve() as SessionStore)
        let message = await resolvedOffMainActor(ComposeViewModel.self)
        #expect(message.contains("`ComposeViewModel` is main-actor isolated"))
    }

    @Test func aTestOverridesTheSessionForItsOwnRoot() {
        DependencyContainer.withRoot(modules { .services; .screens }) {
            DependencyContainer.withOverrides({
                single { SignedInSession.store(named: "Test") }.override()
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

/// Runs `body` off the main actor, in the calling task (so with its `.wired` root).
@concurrent nonisolated func offMainActor<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
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
