import Wiring

func identity(_ object: AnyObject) -> String {
    "#" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue) & 0xFFFF, radix: 16)
}

/// Resolves the example app from the root and prints what is shared and what is fresh.
@MainActor
func runDemo() {
    let screen = ProfileViewController()
    let appState: AppStateProtocol = resolve()
    let backend: BackendProtocol = resolve()

    print("Resolved from modules { .backend; .network; .app }:")
    print("  BackendProtocol      → \(type(of: backend)) \(identity(backend)), fetch() = \(backend.fetch())")
    print("  NetworkProtocol      → \(type(of: backend.network)) \(identity(backend.network))")
    print("  AppStateProtocol     → \(type(of: appState)) \(identity(appState))")
    for context in StorageContext.allCases {
        let storage: LocalStorageProtocol = resolve(tag: context)
        print("  LocalStorageProtocol (tag: .\(context)) → \(identity(storage)), context = \(storage.context)")
    }

    print("Shared instances (single):")
    print("  screen.backend === resolve()           : \(screen.backend === backend)")
    print("  appState.backend === resolve()         : \(appState.backend === backend)")
    print("  screen.appState (lazy) === resolve()   : \(screen.appState === appState)")
    let userdata: LocalStorageProtocol = resolve(tag: StorageContext.userdata)
    print("  backend.userStorage === tag .userdata  : \((backend as! Backend).userStorage === userdata)")

    print("New instances (factory):")
    let first: StopWatchProtocol = resolve()
    let second: StopWatchProtocol = resolve()
    print("  StopWatchProtocol twice → \(identity(first)) and \(identity(second)), same: \(first === second)")

    print("Optional injection:")
    print("  screen.stopWatch is \(screen.stopWatch == nil ? "nil" : "a StopWatch")")
    print("  screen.analytics is \(screen.analytics == nil ? "nil (nothing registered)" : "set")")

    print("Binding (one Network answers for two types):")
    let health: HealthChecking = resolve()
    print("  HealthChecking === NetworkProtocol     : \(health === backend.network), healthy: \(health.isHealthy)")

    print("Parameters:")
    let profile: ProfileViewModel = resolve(parameters: 42)
    print("  ProfileViewModel(parameters: 42)       : userID \(profile.userID), shared backend: \(profile.backend === backend)")

    print("Scopes (a user session):")
    let session = DependencyContainer.shared.openScope(UserSession.self)
    var cart: Cart? = session.resolve() as Cart
    cart?.add("book")
    let other = DependencyContainer.shared.openScope(UserSession.self)
    print("  same cart within a session             : \(cart === session.resolve() as Cart), items \(cart?.items ?? [])")
    print("  another session has its own cart       : \(cart !== other.resolve() as Cart)")
    weak let released = cart
    cart = nil   // the app lets go of it; the session still holds it
    print("  before close(), the cart is alive      : \(released != nil)")
    session.close()
    other.close()
    print("  after close(), the cart is released    : \(released == nil)")

    print("A login session (id, declared user, close callbacks):")
    logIn(User(id: 42, name: "Ann"))
    let open = DependencyContainer.shared.openedScope(UserSession.self, id: 42)!
    let inbox: InboxScreen = open.resolve()
    let connection = inbox.connection
    print("  openedScope(UserSession.self, id: 42)  : inbox of \(inbox.user.name), connection open: \(connection.isOpen)")
    logOut(userID: 42)
    print("  after logOut                           : connection open: \(connection.isOpen), "
        + "session found: \(DependencyContainer.shared.openedScope(UserSession.self, id: 42) != nil)")

    print("A mistake, caught with resolveThrowing:")
    do {
        _ = try open.resolveThrowing(InboxScreen.self)
    } catch {
        print(error.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }
}

/// Opens the user's session and gives it the user, who only exists now.
func logIn(_ user: User) {
    let session = DependencyContainer.shared.openScope(UserSession.self, id: user.id)
    session.declare(user)
}

/// Closes the user's session: its connection's `.onClose` disconnects it.
func logOut(userID: Int) {
    DependencyContainer.shared.openedScope(UserSession.self, id: userID)?.close()
}
