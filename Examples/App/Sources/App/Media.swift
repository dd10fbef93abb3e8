import Wiring

// The other DSL forms an app writes for main-actor types: each closure says `@MainActor in`,
// which is what makes Wiring build it on the main actor only.

/// A player that must be stopped when its session ends.
final class Player {
    private(set) var isPlaying = true
    init() {}
    func stop() { isPlaying = false }
}

/// A model made for one item, with the item's id given at resolve time.
final class ItemViewModel {
    let id: Int
    let session: SessionStore
    init(id: Int, session: SessionStore) {
        self.id = id
        self.session = session
    }
}

/// Shared while a screen holds it.
final class ImageCache {
    init() {}
}

protocol Stoppable: AnyObject { func stop() }
extension Player: Stoppable {}

extension DependencyContainer {
    static let media = module {
        factory { @MainActor (id: Int) in ItemViewModel(id: id, session: resolve()) }
        weakSingleOf(ImageCache.init)
        single { @MainActor in Player() }
            .bind(Stoppable.self)
            .onClose { @MainActor (player: Player) in player.stop() }
    }
}
