import Testing
import Wiring

/// Main-actor definitions with what they meet in an app: a scope with a declared value, an
/// override from a second module, a task-local root, a module loaded and unloaded at run time,
/// `resolveAsync` from off the main actor, and `verify()`.
@Suite struct MainActorCombinationTests {
    struct User: Sendable { let name: String }
    enum Session {}
    final class API: Sendable {}
    @MainActor final class Screen {
        let api: API
        init(api: API) { self.api = api }
    }
    @MainActor final class CartModel {
        let user: User
        init(user: User) { self.user = user }
    }
    @MainActor final class Banner {
        init() {}
    }

    static let base = module {
        single { API() }
        single { @MainActor in Screen(api: resolve()) }
        scope(Session.self) {
            declared(User.self) { User(name: "Preview") }
            scopedOf(CartModel.init)
        }
    }
    /// A preview's module: its own screen, with an API of its own.
    static let preview = module {
        single { @MainActor in Screen(api: API()) }.override()
    }
    static let banners = module {
        factory { @MainActor in Banner() }
    }

    @Test @MainActor func inAScopeWithAnOverrideUnderATaskRootAndARuntimeModule() async throws {
        let app = modules { Self.base; Self.preview }
        // From the main actor, verify builds every main-actor definition, the scoped one too.
        try await app.verify()
        await DependencyContainer.withRoot(app) {
            let screen: Screen = resolve()
            #expect(screen.api !== resolve() as API, "the override's screen, with its own API")
            let session = DependencyContainer.shared.openScope(Session.self)
            session.declare(User(name: "Ada"))
            let cart: CartModel = session.resolve()
            #expect(cart.user.name == "Ada")
            // Off the main actor, in this task (so with its root): a main-actor single built
            // already is handed over, and `resolveAsync` returns what was built on the main actor.
            let handedOver = await offMainActor { () -> Bool in (try? resolveThrowing(Screen.self)) === screen }
            #expect(handedOver)
            let again = await offMainActor { () -> CartModel in await session.resolveAsync() }
            #expect(again === cart)
            // A module loaded at run time into this root, then unloaded.
            DependencyContainer.load(Self.banners)
            let bannerOffMain = await offMainActor { () -> Bool in (try? resolveThrowing(Banner.self)) != nil }
            #expect(!bannerOffMain, "a main-actor factory is not built off the main actor")
            let banner: Banner = await offMainActor { await resolveAsync() }
            _ = banner
            DependencyContainer.unload(Self.banners)
            #expect(resolveOptional() as Banner? == nil)
            session.close()
        }
    }
}
