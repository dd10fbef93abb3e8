// What "Lifetimes and scopes" takes as given: the app's types, and a `.backend` module.
import Wiring

protocol BackendProtocol: AnyObject {}
final class Backend: BackendProtocol {}
final class StagingBackend: BackendProtocol {}
extension DependencyContainer {
    static let backend = module { single { Backend() as BackendProtocol } }
}

final class CrashReporter {}
protocol StopWatchProtocol {}
final class StopWatch: StopWatchProtocol {}
protocol ImageCaching: AnyObject {}
final class ImageCache: ImageCaching {}

final class Cart {}
final class CartViewModel { @Inject var cart: Cart }
final class Payment { @Inject var cart: Cart }

struct User: Sendable { let id: Int; let name: String }
final class Connection {
    let user: User
    init(user: User) { self.user = user }
    func disconnect() {}
}
final class InboxScreen { @Inject var user: User; @Inject var connection: Connection }
func present(_ screen: InboxScreen) {}

protocol NetworkProtocol: AnyObject {}
protocol HealthChecking: AnyObject {}
final class Network: NetworkProtocol, HealthChecking {}

protocol Plugin: AnyObject {}
final class AnalyticsPlugin: Plugin {}
final class CrashPlugin: Plugin {}
protocol Interceptor: AnyObject {}
final class LoggingInterceptor: Interceptor {}
final class AuthInterceptor: Interceptor {}

final class ProfileViewModel { init(userID: Int) {} }
final class AvatarView { init(userID: Int, size: Double) {} }
final class OrderRepository: Sendable { let orderID: Int; init(orderID: Int) { self.orderID = orderID } }
final class OrderInteractor: Sendable { let repository: OrderRepository; init(repository: OrderRepository) { self.repository = repository } }
final class OrderViewModel: Sendable { init(orderID: Int, interactor: OrderInteractor) {} }

struct SQLiteError: Error {}
final class Database: Sendable {
    init(path: String) throws {}
    private init() {}
    static func open(path: String) async -> Database { Database() }
}
final class Repository { init(database: Database) {} }
struct Snapshot: Sendable { static func capture() async -> Snapshot { Snapshot() } }
actor MailStore {
    static let shared = MailStore()
    func unreadCount() -> Int { 0 }
}
