import Wiring

extension DependencyContainer {
    static let backend = module {
        single { Backend() as BackendProtocol }
    }

    static let network = module {
        single { Network() as NetworkProtocol }
    }

    static let app = module {
        single { AppState() as AppStateProtocol }
        factory { StopWatch() as StopWatchProtocol }
        factory { ProfileViewController() }
        for context in StorageContext.allCases {
            single(tag: context) { LocalStorage(context: context) as LocalStorageProtocol }
        }
    }
}
