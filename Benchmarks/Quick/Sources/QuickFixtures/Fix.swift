// The graphs the scenarios resolve: Benchmarks/Sources/Fixtures' `wiringModule` and scenario 12's
// request module, trimmed to what the scenarios use.
import Wiring
public protocol ServiceProtocol: AnyObject, Sendable {}
public final class Service: ServiceProtocol { public init() {} }
public final class Part: Sendable { public init() {} }
public enum Flavor: Hashable, Sendable { case tagged }
public let wiringModule = module {
    single { Service() as ServiceProtocol }
    single(tag: Flavor.tagged) { Service() as ServiceProtocol }
    factory { Part() }
}
public enum Request {}
public final class RequestInfo: Sendable { public let id: Int; public init(id: Int) { self.id = id } }
public final class Database: Sendable { public init() {} }
public final class UserRepository: Sendable {
    public let info: RequestInfo; public let database: Database
    public init(info: RequestInfo, database: Database) { self.info = info; self.database = database }
}
public final class AuditLog: Sendable {
    public let info: RequestInfo; public let database: Database
    public init(info: RequestInfo, database: Database) { self.info = info; self.database = database }
}
public final class Permissions: Sendable {
    public let info: RequestInfo; public let database: Database
    public init(info: RequestInfo, database: Database) { self.info = info; self.database = database }
}
public struct RequestServices { public let users: UserRepository; public let audit: AuditLog; public let permissions: Permissions }
public let requestModule = module {
    single { Database() }
    scope(Request.self) {
        scoped { UserRepository(info: resolve(), database: resolve()) }
        scoped { AuditLog(info: resolve(), database: resolve()) }
        scoped { Permissions(info: resolve(), database: resolve()) }
    }
}
@inline(never)
public func wiringRequest(_ id: Int, in container: DependencyContainer) -> RequestServices {
    let scope = container.openScope(Request.self, id: id)
    defer { scope.close() }
    scope.declare(RequestInfo(id: id))
    return RequestServices(users: scope.resolve(), audit: scope.resolve(), permissions: scope.resolve())
}
@inline(never) public func sink<T>(_ value: T) { withExtendedLifetime(value) {} }
