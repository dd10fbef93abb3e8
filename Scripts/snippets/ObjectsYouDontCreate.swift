// What "Objects you don't create" takes as given: the app's types, some of them made by a
// framework (here a plain class with `init?(coder:)` stands in for a view controller).
import Foundation
import Wiring

protocol BackendProtocol: AnyObject {}
final class Backend: BackendProtocol {}

class ProfileViewController {
    var backend: BackendProtocol?
    init() {}
    init?(coder: NSCoder) {}
}
@MainActor let coder = NSCoder()   // what the storyboard passes

protocol AnimalType {}
class AnimalViewController { var animal: AnimalType? }

protocol SettingsStoreProtocol: AnyObject {}
final class SettingsStore: SettingsStoreProtocol {}
class SettingsViewController { var store: SettingsStoreProtocol? }

final class SessionViewModel: DependencyInjectable {
    struct Dependency { let backend: BackendProtocol }
    let backend: BackendProtocol
    private init(backend: BackendProtocol) { self.backend = backend }
    static func make(dependency: Dependency) -> SessionViewModel { SessionViewModel(backend: dependency.backend) }
}
