import Wiring

// An app shaped like a UIKit or SwiftUI one: services, a view model per screen, screens that
// inject it, and a session scope for the signed-in user.

/// A service the app owns; main-actor isolated, as the target's default makes it.
final class SessionStore {
    private(set) var user: User?
    init() {}
    func signIn(_ user: User) { self.user = user }
}

nonisolated struct User: Sendable { let name: String }

/// A service of a library (non-isolated): usable from any thread.
nonisolated final class Clock: Sendable {
    init() {}
    var now: Int { 42 }
}

/// A screen's view model, made by a constructor: each parameter is resolved by its type.
final class FeedViewModel {
    let clock: Clock
    let session: SessionStore
    private(set) var items: [String] = []
    init(clock: Clock, session: SessionStore) {
        self.clock = clock
        self.session = session
    }
    func load() { items = ["Hello, \(session.user?.name ?? "guest")", "at \(clock.now)"] }
}

/// A view model built by hand, with the default-argument form.
final class SettingsViewModel {
    let session: SessionStore
    init(session: SessionStore = resolve()) { self.session = session }
}

/// A detail screen's model: a new one each time a detail screen opens.
final class DetailViewModel {
    let session: SessionStore
    init(session: SessionStore) { self.session = session }
}

/// Like a `UIViewController` subclass: the framework makes it, Wiring fills it in.
final class FeedScreen {
    @Inject var model: FeedViewModel
    @LazyInject var settings: SettingsViewModel
    @OptionalInject var analytics: Analytics?
    init() {}
}

/// Like a SwiftUI view: a struct with its model as a stored property.
struct SettingsView {
    let model: SettingsViewModel = resolve()
}

/// The user's session: one cart per signed-in user, closed at sign-out.
enum UserSession {}

final class Cart {
    let user: User
    private(set) var items: [String] = []
    init(user: User) { self.user = user }
    func add(_ item: String) { items.append(item) }
}

extension DependencyContainer {
    static let services = module {
        single { @MainActor in SessionStore() }
        single { Clock() }
    }
    static let screens = module {
        singleOf(FeedViewModel.init)
        factory { @MainActor in SettingsViewModel() }
        factoryOf(DetailViewModel.init)
        factory(tag: Screen.feed) { @MainActor in FeedScreen() }   // as Factory users write it
        single(tag: Screen.settings) { @MainActor in SettingsView() }
        factory(tag: Screen.settings) { @MainActor in SettingsViewModel() }.bind(AnyObject.self)
        scope(UserSession.self) {
            declared(User.self) { User(name: "Preview") }
            scopedOf(Cart.init)
        }
    }
}

nonisolated enum Screen { case feed, settings }

/// A screen's model whose closure resolves more than its constructor takes: `@MainActor in` makes
/// it main-actor, wherever the module is written.
final class ComposeViewModel {
    let session: SessionStore
    init(session: SessionStore) { self.session = session }
}

extension DependencyContainer {
    static let compose = module {
        factory { @MainActor in ComposeViewModel(session: resolve()) }
    }
}
