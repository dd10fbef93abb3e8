import Foundation
import Hummingbird

/// A user, as the JSON API returns it.
public struct User: ResponseCodable, Sendable, Equatable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// What every request declares in its scope: its id and path.
public struct RequestInfo: Sendable {
    public let id: String
    public let path: String
}

/// The app's one database: a root single, shared by every request.
public protocol Database: Sendable {
    func user(id: Int) -> User?
}

/// A database of a fixed set of users, in memory.
public final class InMemoryDatabase: Database {
    private let users: [Int: User]

    public init(count: Int = 1_000) {
        users = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, User(id: $0, name: "User \($0)")) })
    }

    public func user(id: Int) -> User? { users[id] }
}

/// Reads users for one request: request-scoped, over the database and the request's info.
public final class UserRepository: Sendable {
    public let database: Database
    public let request: RequestInfo

    public init(database: Database, request: RequestInfo) {
        self.database = database
        self.request = request
    }

    public func user(id: Int) -> User? { database.user(id: id) }
}

/// Records what one request did; request-scoped, flushed when the request's scope closes.
public final class AuditLog: @unchecked Sendable {
    // `events` is only touched under `lock`.
    public let request: RequestInfo
    private let lock = NSLock()
    private var events: [String] = []
    private let stats: ServerStats

    public init(request: RequestInfo, stats: ServerStats) {
        self.request = request
        self.stats = stats
    }

    public func record(_ event: String) {
        lock.withLock { events.append(event) }
    }

    /// Hands the events on (here: counts them) once the request is over.
    public func flush() {
        let count = lock.withLock { events.count }
        stats.flushed(events: count)
    }
}
