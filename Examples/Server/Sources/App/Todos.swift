import Foundation
import Hummingbird

/// A todo, as the JSON API reads and writes it.
public struct Todo: ResponseCodable, Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var order: Int?
    public var completed: Bool

    public init(id: UUID = UUID(), title: String, order: Int? = nil, completed: Bool = false) {
        self.id = id
        self.title = title
        self.order = order
        self.completed = completed
    }
}

/// What a client sends to create a todo.
public struct NewTodo: Decodable, Sendable {
    public var title: String
    public var order: Int?
}

/// Where todos live: PostgreSQL in the app, memory in tests that want no database.
public protocol TodoStore: Sendable {
    /// Makes what the store needs (the table): run once, by the app's start hook.
    func prepare() async throws
    func create(_ todo: Todo) async throws
    func todo(id: UUID) async throws -> Todo?
    func list(limit: Int) async throws -> [Todo]
    /// Whether there was such a todo.
    func delete(id: UUID) async throws -> Bool
    /// How many todos there are (what the janitor reports).
    func count() async throws -> Int
}

/// Todos in memory.
public actor InMemoryTodoStore: TodoStore {
    private var todos: [UUID: Todo] = [:]

    public init() {}

    public func prepare() {}
    public func create(_ todo: Todo) { todos[todo.id] = todo }
    public func todo(id: UUID) -> Todo? { todos[id] }
    public func list(limit: Int) -> [Todo] {
        Array(todos.values.sorted { ($0.order ?? .max, $0.title) < ($1.order ?? .max, $1.title) }.prefix(limit))
    }
    public func delete(id: UUID) -> Bool { todos.removeValue(forKey: id) != nil }
    public func count() -> Int { todos.count }
}

/// The todos one request works with: request-scoped, over the app's store, recording what the
/// request did in its audit log (flushed when the request's scope closes).
public final class TodoRequests: Sendable {
    public let store: TodoStore
    public let audit: AuditLog

    public init(store: TodoStore, audit: AuditLog) {
        self.store = store
        self.audit = audit
    }

    public func create(_ new: NewTodo) async throws -> Todo {
        let todo = Todo(title: new.title, order: new.order)
        try await store.create(todo)
        audit.record("created \(todo.id)")
        return todo
    }

    public func todo(id: UUID) async throws -> Todo? {
        audit.record("read \(id)")
        return try await store.todo(id: id)
    }

    public func list() async throws -> [Todo] {
        audit.record("listed")
        return try await store.list(limit: 100)
    }

    public func delete(id: UUID) async throws -> Bool {
        audit.record("deleted \(id)")
        return try await store.delete(id: id)
    }
}
