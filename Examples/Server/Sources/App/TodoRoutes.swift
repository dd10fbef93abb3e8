import Foundation
import Hummingbird

/// The todos, as the list route returns them.
public struct TodoList: ResponseCodable, Sendable {
    public let todos: [Todo]
}

extension RouterMethods {
    /// The JSON API over todos: create, read, list, delete, and `/slow/:id` (a read after a
    /// pause, for the graceful-shutdown test's requests in flight). `todos` gives the request's
    /// repository.
    func addTodoRoutes(_ todos: @escaping @Sendable (Request, Context) async throws -> TodoRequests) {
        post("/todos") { request, context -> EditedResponse<Todo> in
            let new = try await request.decode(as: NewTodo.self, context: context)
            return EditedResponse(status: .created, response: try await todos(request, context).create(new))
        }
        get("/todos") { request, context -> TodoList in
            TodoList(todos: try await todos(request, context).list())
        }
        get("/todos/:id") { request, context -> Todo in
            guard let todo = try await todos(request, context).todo(id: try context.todoID()) else {
                throw HTTPError(.notFound)
            }
            return todo
        }
        delete("/todos/:id") { request, context -> HTTPResponse.Status in
            try await todos(request, context).delete(id: try context.todoID()) ? .noContent : .notFound
        }
        get("/slow/:id") { request, context -> Todo in
            // Said on stderr, so that a test stops the server while the read is in flight.
            Report.line("slow read began")
            try await Task.sleep(for: .milliseconds(800))
            guard let todo = try await todos(request, context).todo(id: try context.todoID()) else {
                throw HTTPError(.notFound)
            }
            return todo
        }
    }
}

extension RequestContext {
    /// The `:id` parameter, a UUID.
    func todoID() throws -> UUID {
        guard let id = UUID(uuidString: try parameters.require("id")) else {
            throw HTTPError(.badRequest, message: "not a todo id")
        }
        return id
    }
}
