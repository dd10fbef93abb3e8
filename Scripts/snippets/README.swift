// What the README's text takes as given: the app's own types, services any thread may use (so
// `nonisolated` in an app target with default main-actor isolation). Wiring's part is in the snippets.
nonisolated protocol BackendProtocol: AnyObject {}
nonisolated final class Backend: BackendProtocol {}

nonisolated protocol LocalStorageProtocol {}
nonisolated struct LocalStorage: LocalStorageProtocol {}

nonisolated protocol AppStateProtocol {}

nonisolated protocol StopWatchProtocol {}
nonisolated final class StopWatch: StopWatchProtocol {}

nonisolated protocol Analytics {}

nonisolated final class ProfileStore {
    init(backend: BackendProtocol, stopWatch: StopWatchProtocol) {}
}
