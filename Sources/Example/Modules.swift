import Wiring

extension DependencyContainer {
    static let backend = module {
        single { Backend() as BackendProtocol }
    }

    static let network = module {
        single { Network() }
            .bind(NetworkProtocol.self)
            .bind(HealthChecking.self)
    }

    static let app = module {
        single { AppState() as AppStateProtocol }
        factory { StopWatch() as StopWatchProtocol }
        factory { ProfileViewController() }
        factory { (userID: Int) in ProfileViewModel(userID: userID) }
        scope(UserSession.self) {
            declared(User.self) { User(id: 0, name: "Preview") }
            scoped { Cart() }
            scoped { SessionConnection() }
                .onClose { (connection: SessionConnection) in connection.disconnect() }
            factory { InboxScreen() }
        }
        for context in StorageContext.allCases {
            single(tag: context) { LocalStorage(context: context) as LocalStorageProtocol }
        }
    }
}
