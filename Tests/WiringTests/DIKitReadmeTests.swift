import Wiring
import Testing

// The DIKit README's snippets, in Swift 6 language mode: modules are `static let`.
// (The README's `extension DependenyContainer` typo is spelled correctly here.)

protocol BackendProtocol: AnyObject {
    func fetch() -> String
}
protocol NetworkProtocol: AnyObject {}
protocol AppStateProtocol {}
protocol StopWatchProtocol: AnyObject {}
protocol LocalStorageProtocol: AnyObject {}

final class Network: NetworkProtocol {}
final class StopWatch: StopWatchProtocol {}
final class LocalStorage: LocalStorageProtocol {}

class Backend: BackendProtocol {
    @Inject var network: NetworkProtocol
    func fetch() -> String { "fetched" }
}

struct AppState: AppStateProtocol {
    private let backend: BackendProtocol

    init(backend: BackendProtocol = resolve()) {
        self.backend = backend
    }

    var injectedBackend: BackendProtocol { backend }
}

public extension DependencyContainer {
    static let backend = module {
        single { Backend() as BackendProtocol }
    }
}

public extension DependencyContainer {
    static let network = module {
        single { Network() as NetworkProtocol }
    }
}

public extension DependencyContainer {
    static let app = module {
        single { AppState() as AppStateProtocol }
        factory { StopWatch() as StopWatchProtocol }
    }
}

class AppDelegate {
    init() {
        DependencyContainer.defined(by: modules { .backend; .network; .app })
    }
}

class ShorthandAppDelegate {
    init() {
        DependencyContainer.defined(by: module {
            single { AppState() as AppStateProtocol }
            factory { StopWatch() as StopWatchProtocol }
        })
    }
}

class FirstViewController {
    // MARK: - Dependencies
    @LazyInject var backend: BackendProtocol
    @OptionalInject var stopwatch: StopWatchProtocol?

    // MARK: - View lifecycle
    func viewWillAppear(_ animated: Bool) -> String {
        let result = backend.fetch()
        return result
    }
}

enum StorageContext: String {
    case userdata
    case systemdata
}

extension DependencyContainer {
    static let storages = module {
        factory(tag: StorageContext.systemdata) { LocalStorage() as LocalStorageProtocol }
        factory(tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
    }
}

class TaggedBackend: BackendProtocol {
    @Inject(tag: StorageContext.systemdata) var injectedStorage: LocalStorageProtocol
    @LazyInject(tag: StorageContext.systemdata) var lazyInjectedStorage: LocalStorageProtocol
    @OptionalInject(tag: StorageContext.systemdata) var optionalInjectedStorage: LocalStorageProtocol?

    let constructorInjectedStorage: LocalStorageProtocol

    init(storage: LocalStorageProtocol = resolve(tag: StorageContext.systemdata)) {
        self.constructorInjectedStorage = storage
    }

    func fetch() -> String { "tagged" }
}

@Suite(.serialized) struct DIKitReadmeTests {
    @Test func modulesDefineTheRootAndInjectionWorks() throws {
        try DependencyContainer.withExclusiveRoot {
            _ = AppDelegate()
            let backend: BackendProtocol = resolve()
            #expect((backend as? Backend)?.network === resolve() as NetworkProtocol)
            let state = resolve() as AppStateProtocol as? AppState
            #expect(state?.injectedBackend === backend)
            let screen = FirstViewController()
            #expect(screen.viewWillAppear(true) == "fetched")
            #expect(screen.backend === backend)
            #expect(screen.stopwatch != nil)
            #expect(screen.stopwatch !== resolve() as StopWatchProtocol)
        }
    }

    @Test func oneModuleShorthand() throws {
        try DependencyContainer.withExclusiveRoot {
            _ = ShorthandAppDelegate()
            #expect(resolveOptional() as StopWatchProtocol? != nil)
            #expect(resolveOptional() as NetworkProtocol? == nil)
        }
    }

    @Test func tagsWorkWithEveryInjectionStyle() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: modules { .storages })
            let backend = TaggedBackend()
            // `factory`: every injection gets its own instance of the tagged definition.
            let all: [LocalStorageProtocol?] = [
                backend.injectedStorage, backend.lazyInjectedStorage, backend.optionalInjectedStorage,
                backend.constructorInjectedStorage,
            ]
            #expect(all.allSatisfy { $0 != nil })
            #expect(Set(all.map { ObjectIdentifier($0!) }).count == 4)
            // A factory: two resolves of the same tag are two instances.
            #expect(resolve(tag: StorageContext.systemdata) as LocalStorageProtocol
                !== resolve(tag: StorageContext.systemdata) as LocalStorageProtocol)
        }
    }
}
