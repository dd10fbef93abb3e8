// What the landing article's text takes as given: the app's types and its other modules.
import Wiring

enum StorageContext { case userdata, systemdata }

protocol BackendProtocol: AnyObject {}
final class Backend: BackendProtocol {}
protocol LocalStorageProtocol {}
struct LocalStorage: LocalStorageProtocol {}
protocol Analytics {}

protocol NetworkProtocol: AnyObject {}
final class Network: NetworkProtocol {}
final class StagingNetwork: NetworkProtocol {}
final class ProfileViewModel { @Inject var network: NetworkProtocol }
final class ChatService { @Inject var network: NetworkProtocol }

extension DependencyContainer {
    static let network = module { single { Network() as NetworkProtocol } }
    static let app = module { factory { ProfileViewModel() } }
}
