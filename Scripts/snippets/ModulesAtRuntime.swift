// What "Modules at runtime" takes as given: the app's types and its start-up modules.
import Wiring

protocol NetworkProtocol: AnyObject {}
final class Network: NetworkProtocol {}
protocol ChatServiceProtocol: AnyObject {}
final class ChatService: ChatServiceProtocol { @Inject var network: NetworkProtocol }
protocol Plugin: AnyObject {}
final class ChatPlugin: Plugin {}
final class ProfileViewModel { @Inject var network: NetworkProtocol }

extension DependencyContainer {
    static let core = module { single { Network() as NetworkProtocol } }
    static let profile = module {
        includes(.core)
        factory { ProfileViewModel() }
    }
}
