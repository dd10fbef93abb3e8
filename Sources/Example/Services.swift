import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The app from DIKit's README: a backend that talks to the network and reads local storages,
// an app state built by constructor injection, and a stop watch made fresh each time.

protocol NetworkProtocol: AnyObject {
    func fetch(_ path: String) -> String
}

/// A second face of the network, bound to the same instance with `.bind(HealthChecking.self)`.
protocol HealthChecking: AnyObject {
    var isHealthy: Bool { get }
}

final class Network: NetworkProtocol, HealthChecking {
    func fetch(_ path: String) -> String { "200 OK \(path)" }
    var isHealthy: Bool { true }
}

enum StorageContext: String, CaseIterable {
    case userdata
    case systemdata
}

protocol LocalStorageProtocol: AnyObject {
    var context: StorageContext { get }
}

final class LocalStorage: LocalStorageProtocol {
    let context: StorageContext
    init(context: StorageContext) {
        self.context = context
        openStore()
    }

    /// Stands in for opening a database file: the slow part of this app's start-up, which
    /// `swift run Example trace` shows.
    private func openStore() {
        usleep(context == .userdata ? 4_000 : 1_500)
    }
}

protocol BackendProtocol: AnyObject {
    var network: NetworkProtocol { get }
    func fetch() -> String
}

final class Backend: BackendProtocol {
    @Inject var network: NetworkProtocol
    @Inject(tag: StorageContext.systemdata) var systemStorage: LocalStorageProtocol
    @LazyInject(tag: StorageContext.userdata) var userStorage: LocalStorageProtocol

    func fetch() -> String { network.fetch("/profile") }
}

protocol AppStateProtocol: AnyObject {
    var backend: BackendProtocol { get }
}

final class AppState: AppStateProtocol {
    let backend: BackendProtocol
    init(backend: BackendProtocol = resolve()) { self.backend = backend }
}

protocol StopWatchProtocol: AnyObject {}
final class StopWatch: StopWatchProtocol {}

/// Not registered anywhere: `@OptionalInject` yields nil for it.
protocol Analytics: AnyObject {}

final class ProfileViewController {
    @Inject var backend: BackendProtocol
    @LazyInject var appState: AppStateProtocol
    @OptionalInject var stopWatch: StopWatchProtocol?
    @OptionalInject var analytics: Analytics?
}

/// A user session is a scope: one cart per session, released when the session closes.
enum UserSession {}

final class Cart {
    let backend: BackendProtocol
    private(set) var items: [String] = []
    init(backend: BackendProtocol = resolve()) { self.backend = backend }
    func add(_ item: String) { items.append(item) }
}

/// The logged-in user: only exists at run time, so each session declares its own.
struct User: Sendable {
    let id: Int
    let name: String
}

/// A connection held for one session, and closed when the session closes.
final class SessionConnection {
    let user: User
    private(set) var isOpen = true
    init(user: User = resolve()) { self.user = user }
    func disconnect() { isOpen = false }
}

/// A screen of the session: sees the session's user and connection.
final class InboxScreen {
    @Inject var user: User
    @Inject var connection: SessionConnection
}

/// Built with a parameter only the caller knows: `resolve(parameters: 42)`.
final class ProfileViewModel {
    let userID: Int
    let backend: BackendProtocol
    init(userID: Int, backend: BackendProtocol = resolve()) {
        self.userID = userID
        self.backend = backend
    }
}
