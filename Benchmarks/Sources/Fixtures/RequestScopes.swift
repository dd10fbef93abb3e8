import Dependencies
import Swinject
import Wiring

// Scenario 12: a request scope as a server handler uses one. Open a scope with the request's
// id, declare the request's info, resolve three request-scoped services (each takes the info
// and a root single, the database), close. Each library in its own idiom, definitions and
// modules written as an app writes them (made once at start-up, as an app's are).

/// The scope type of a request.
public enum Request {}

/// What a request declares: its id.
public final class RequestInfo: Sendable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// The root single every request uses.
public final class Database: Sendable {
    public init() {}
}

/// Three request-scoped services, each over the request's info and the database.
public final class UserRepository: Sendable {
    public let info: RequestInfo
    public let database: Database
    public init(info: RequestInfo, database: Database) {
        self.info = info
        self.database = database
    }
}

public final class AuditLog: Sendable {
    public let info: RequestInfo
    public let database: Database
    public init(info: RequestInfo, database: Database) {
        self.info = info
        self.database = database
    }
}

public final class Permissions: Sendable {
    public let info: RequestInfo
    public let database: Database
    public init(info: RequestInfo, database: Database) {
        self.info = info
        self.database = database
    }
}

/// The three services a request handler works with.
public struct RequestServices {
    public let users: UserRepository
    public let audit: AuditLog
    public let permissions: Permissions
}

// MARK: - Wiring

/// The app's request module: a root single and the request scope.
public let requestModule = module {
    single { Database() }
    scope(Request.self) {
        scoped { UserRepository(info: resolve(), database: resolve()) }
        scoped { AuditLog(info: resolve(), database: resolve()) }
        scoped { Permissions(info: resolve(), database: resolve()) }
    }
}

/// One request with Wiring, from `container`.
@inline(never)
public func wiringRequest(_ id: Int, in container: DependencyContainer) -> RequestServices {
    let scope = container.openScope(Request.self, id: id)
    defer { scope.close() }
    scope.declare(RequestInfo(id: id))
    return RequestServices(users: scope.resolve(), audit: scope.resolve(), permissions: scope.resolve())
}

// MARK: - By hand

/// One request by hand: the same objects, the database kept by the app.
@inline(never)
public func handWrittenRequest(_ id: Int, database: Database) -> RequestServices {
    let info = RequestInfo(id: id)
    return RequestServices(
        users: UserRepository(info: info, database: database), audit: AuditLog(info: info, database: database),
        permissions: Permissions(info: info, database: database))
}

// MARK: - Swinject

/// The app's Swinject container: the database in the parent, a child container per request
/// with the services in `.container` scope (one per child).
public func swinjectRequestParent() -> Container {
    let parent = Container()
    parent.register(Database.self) { _ in Database() }.inObjectScope(.container)
    return parent
}

/// One request with Swinject: a child container with the request's info and services.
@inline(never)
public func swinjectRequest(_ id: Int, parent: Container) -> RequestServices {
    let child = Container(parent: parent)
    let info = RequestInfo(id: id)
    child.register(RequestInfo.self) { _ in info }
    child.register(UserRepository.self) { r in
        UserRepository(info: r.resolve(RequestInfo.self)!, database: r.resolve(Database.self)!)
    }.inObjectScope(.container)
    child.register(AuditLog.self) { r in
        AuditLog(info: r.resolve(RequestInfo.self)!, database: r.resolve(Database.self)!)
    }.inObjectScope(.container)
    child.register(Permissions.self) { r in
        Permissions(info: r.resolve(RequestInfo.self)!, database: r.resolve(Database.self)!)
    }.inObjectScope(.container)
    return RequestServices(
        users: child.resolve(UserRepository.self)!, audit: child.resolve(AuditLog.self)!,
        permissions: child.resolve(Permissions.self)!)
}

// MARK: - swift-dependencies

public enum DatabaseKey: DependencyKey {
    public static let liveValue = Database()
}

public enum RequestInfoKey: DependencyKey {
    public static let liveValue = RequestInfo(id: -1)
}

extension DependencyValues {
    public var database: Database {
        get { self[DatabaseKey.self] }
        set { self[DatabaseKey.self] = newValue }
    }
    public var requestInfo: RequestInfo {
        get { self[RequestInfoKey.self] }
        set { self[RequestInfoKey.self] = newValue }
    }
}

/// One request with swift-dependencies: the info set with `withDependencies`, the services made
/// inside, reading `@Dependency` where they are built.
@inline(never)
public func dependenciesRequest(_ id: Int) -> RequestServices {
    withDependencies {
        $0.requestInfo = RequestInfo(id: id)
    } operation: {
        @Dependency(\.requestInfo) var info
        @Dependency(\.database) var database
        return RequestServices(
            users: UserRepository(info: info, database: database), audit: AuditLog(info: info, database: database),
            permissions: Permissions(info: info, database: database))
    }
}
