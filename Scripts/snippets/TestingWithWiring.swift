// What "Testing with Wiring" takes as given: an app, `MyApp`, with these types and modules, and
// a test double (in a real project it lives in the test target, in a file of its own). Services
// and models any thread may use: `nonisolated`, so that an app target with default main-actor
// isolation compiles them as the article's server and tool readers do.
import Wiring

nonisolated protocol BackendProtocol: AnyObject, Sendable {
    var userName: String? { get }
    func sync() async throws
}
nonisolated final class Backend: BackendProtocol {
    let userName: String? = "Ada Lovelace"
    func sync() async throws {}
}
nonisolated final class MockBackend: BackendProtocol {
    let userName: String?
    init(user: String? = "Test User") { userName = user }
    func sync() async throws {}
}

nonisolated final class ProfileViewModel {
    @Inject var backend: BackendProtocol
    var title: String { backend.userName ?? "" }
    var showsOfflineBanner: Bool { backend.userName == nil }
    func load() async throws { try await backend.sync() }
}

nonisolated protocol AppStateProtocol { func sync() async throws }
nonisolated final class AppState: AppStateProtocol {
    @Inject var backend: BackendProtocol
    func sync() async throws { try await backend.sync() }
}

nonisolated final class Syncer {
    @Inject var backend: BackendProtocol
    func runOnBackgroundQueueAndWait() throws {}
    func refreshInTheBackground() async throws {}
}

nonisolated protocol ChatServiceProtocol: Sendable {}
nonisolated final class ChatService: ChatServiceProtocol {}

extension DependencyContainer {
    static let backend = module { single { Backend() as BackendProtocol } }
    static let network = module {}
    static let core = module { single { Backend() as BackendProtocol } }
    static let chat = module { single { ChatService() as ChatServiceProtocol } }
    static let app = module {
        single { AppState() as AppStateProtocol }
        factory { ProfileViewModel() }
    }
}
