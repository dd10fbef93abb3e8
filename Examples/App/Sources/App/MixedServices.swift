import Wiring

// The seams of issue 80, as an app meets them: a plain service that uses a main-actor one, a
// screen model whose constructor takes an id given at resolve time, and a main-actor tracker
// flushed when its scope closes.

/// A service of a library (non-isolated), made with the app's main-actor session.
nonisolated final class SessionReader: Sendable {
    let session: SessionStore
    init(session: SessionStore) { self.session = session }
}

/// Which feed a screen shows, given at resolve time.
nonisolated struct FeedID: Hashable, Sendable {
    let name: String
    static let home = FeedID(name: "home")
}

/// A feed page's model: its id is a parameter, its session is resolved.
final class FeedPageModel {
    let id: FeedID
    let session: SessionStore
    init(id: FeedID, session: SessionStore) {
        self.id = id
        self.session = session
    }
}

/// Records screen activity; flushed when the user's session ends.
final class ActivityTracker {
    private(set) var flushed = 0
    init() {}
    func flush() { flushed += 1 }
}

extension DependencyContainer {
    /// The seam as an app writes it: a plain closure whose `resolve()` reaches the
    /// main-actor session. `verify()` reports it; resolved off the main actor, it stops.
    static let mixed = module {
        single { @MainActor in SessionStore() }
        factory { SessionReader(session: resolve()) }
    }

    /// The same service as a constructor form: every resolve on the way throws, so off the main
    /// actor `resolveThrowing` throws and `resolveAsync` builds it on the main actor.
    static let mixedConstructor = makeMixedConstructor()

    /// A container of its own with `mixedConstructor`'s definitions: a test that builds the session
    /// must not share it with one that expects it unbuilt (Swift Testing runs them in parallel).
    static func makeMixedConstructor() -> DependencyContainer {
        module {
            single { @MainActor in SessionStore() }
            factoryOf(SessionReader.init)
        }
    }

    static let feedPages = module {
        single { @MainActor in SessionStore() }
        factoryOf(FeedPageModel.init)
    }
}
