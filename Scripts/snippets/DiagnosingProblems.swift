// What "Diagnosing problems" takes as given: an app (`MyApp`) with these types and modules.
import Wiring

enum StorageContext { case userdata, systemdata }

protocol NetworkProtocol: AnyObject {}
final class Network: NetworkProtocol {}
protocol BackendProtocol: AnyObject {}
final class Backend: BackendProtocol { @Inject var network: NetworkProtocol }
protocol LocalStorageProtocol {}
struct LocalStorage: LocalStorageProtocol {}

extension DependencyContainer {
    static let backend = module {
        single { Backend() as BackendProtocol }
        single(tag: StorageContext.userdata) { LocalStorage() as LocalStorageProtocol }
    }
    static let network = module { single { Network() as NetworkProtocol } }
    static let app = module {}
}
