// What the README's text takes as given: the app's own types. Wiring's part is in the snippets.
protocol BackendProtocol: AnyObject {}
final class Backend: BackendProtocol {}

protocol LocalStorageProtocol {}
struct LocalStorage: LocalStorageProtocol {}

protocol AppStateProtocol {}

protocol StopWatchProtocol {}
final class StopWatch: StopWatchProtocol {}

protocol Analytics {}

final class ProfileStore {
    init(backend: BackendProtocol, stopWatch: StopWatchProtocol) {}
}
