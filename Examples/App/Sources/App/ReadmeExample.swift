import Wiring

// README.md's "In 30 seconds", verbatim, with the types it names.

nonisolated enum StorageContext { case userdata, systemdata }

extension DependencyContainer {
    static let backend = module {
        single { Backend() as BackendProtocol }
        factory(tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
    }
    static let app = module {
        single { AppState() as AppStateProtocol }
        factory { StopWatch() as StopWatchProtocol }
        singleOf(ProfileStore.init)   // a constructor: each parameter resolved by its type
    }
}

final class ProfileViewController {
    @Inject var backend: BackendProtocol                                          // on creation
    @LazyInject(tag: StorageContext.userdata) var storage: LocalStorageProtocol   // on first read
    @OptionalInject var analytics: Analytics?                                     // nil if absent
}

nonisolated struct AppState: AppStateProtocol {
    let backend: BackendProtocol
    init(backend: BackendProtocol = resolve()) { self.backend = backend }
}

// The types the example uses: services that any thread may use, so `nonisolated` in this target,
// whose default isolation is the main actor. A main-actor service here would not compile in the
// closures above: they are `@Sendable`, called from whichever thread resolves first (write
// `single { @MainActor in … }` for one that must be built on the main actor).
nonisolated protocol BackendProtocol: AnyObject, Sendable { var name: String { get } }
nonisolated final class Backend: BackendProtocol {
    let name = "backend"
    init() {}
}
nonisolated protocol LocalStorageProtocol { var context: String { get } }
nonisolated struct LocalStorage: LocalStorageProtocol {
    let context = "userdata"
    init() {}
}
nonisolated protocol AppStateProtocol { var backend: BackendProtocol { get } }
nonisolated protocol StopWatchProtocol { var started: Bool { get } }
nonisolated struct StopWatch: StopWatchProtocol {
    let started = true
    init() {}
}
nonisolated protocol Analytics {}
nonisolated final class ProfileStore: Sendable {
    let backend: BackendProtocol
    init(backend: BackendProtocol) { self.backend = backend }
}
