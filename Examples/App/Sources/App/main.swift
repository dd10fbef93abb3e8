import Wiring

// Start-up, as an app delegate or a SwiftUI `App.init` does it: on the main actor.
DependencyContainer.defined(by: modules { .backend; .app; .services; .screens; .media })

let profile = ProfileViewController()
print("backend: \(profile.backend.name), storage: \(profile.storage.context), analytics: \(profile.analytics == nil ? "none" : "some")")
let store: ProfileStore = resolve()
print("ProfileStore shares the backend: \(store.backend === profile.backend)")

let session: SessionStore = resolve()
session.signIn(User(name: "Ada"))
let feed = FeedScreen()
feed.model.load()
print("feed: \(feed.model.items.joined(separator: ", "))")
print("settings view shares the session: \(SettingsView().model.session === session)")

let userScope = DependencyContainer.shared.openScope(UserSession.self, id: "ada")
userScope.declare(User(name: "Ada"))
let cart: Cart = userScope.resolve()
cart.add("book")
print("cart of \(cart.user.name): \(cart.items)")
userScope.close()

let item: ItemViewModel = resolve(parameters: 7)
let player: Player = resolve()
let stoppable: Stoppable = resolve()
print("item \(item.id) shares the session: \(item.session === session); player bound: \(stoppable === player)")

// Off the main actor, a main-actor definition is not built: the error says where to resolve it.
let offMain = await Task.detached { () -> String in
    do {
        _ = try resolveThrowing(DetailViewModel.self)
        return "built off the main actor"
    } catch {
        return "\(error)".split(separator: "\n").first.map(String.init) ?? ""
    }
}.value
print(offMain)
let detail: DetailViewModel = await Task.detached { await resolveAsync(DetailViewModel.self) }.value
print("resolveAsync from a detached task built it on the main actor: \(detail.session === session)")

// At shutdown, on the main actor: the player's close callback runs there.
DependencyContainer.shared.close()
print("player stopped at close: \(!player.isPlaying)")
