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

struct AppState: AppStateProtocol {
    let backend: BackendProtocol
    init(backend: BackendProtocol = resolve()) { self.backend = backend }
}

// The types the example uses: main-actor isolated, as every type of this target is.
protocol BackendProtocol: AnyObject { var name: String { get } }
final class Backend: BackendProtocol {
    let name = "backend"
    init() {}
}
protocol LocalStorageProtocol { var context: String { get } }
struct LocalStorage: LocalStorageProtocol {
    let context = "userdata"
    init() {}
}
protocol AppStateProtocol { var backend: BackendProtocol { get } }
protocol StopWatchProtocol { var started: Bool { get } }
struct StopWatch: StopWatchProtocol {
    let started = true
    init() {}
}
protocol Analytics {}
final class ProfileStore {
    let backend: BackendProtocol
    init(backend: BackendProtocol) { self.backend = backend }
}
