import App
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Wiring
import WiringTesting

/// A database with one user, to show overriding the app's root in a test.
private final class OneUserDatabase: Database {
    func user(id: Int) -> User? { id == 1 ? User(id: 1, name: "Test user") : nil }
}

/// The example app, through its routes, with a root of its own per test.
@Suite(.wired(.app))
struct AppTests {
    @Test func usersAreServedAndEachRequestFlushesItsAuditLog() async throws {
        let app = Application(router: wiredRouter())
        try await app.test(.router) { client in
            for id in 0..<5 {
                try await client.execute(uri: "/users/\(id)", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body).contains("\"User \(id)\""))
                }
            }
            try await client.execute(uri: "/users/99999", method: .get) { #expect($0.status == .notFound) }
        }
        let stats = (resolve() as ServerStats).snapshot
        #expect(stats.requests == 6)
        #expect(stats.auditLogsFlushed == 6)
    }

    @Test func aHandlerThatThrowsStillFlushesItsAuditLog() async throws {
        try await Application(router: wiredRouter()).test(.router) { client in
            try await client.execute(uri: "/fail", method: .get) { #expect($0.status == .badRequest) }
        }
        let stats = (resolve() as ServerStats).snapshot
        #expect(stats.requests == 1)
        #expect(stats.auditLogsFlushed == 1)
    }

    @Test func aMissingRegistrationIsA500WithTheWiringMessageLogged() async throws {
        let logs = LogRecorder()
        let app = Application(router: wiredRouter(), logger: logs.logger)
        try await app.test(.router) { client in
            try await client.execute(uri: "/broken", method: .get) { #expect($0.status == .internalServerError) }
            // The server goes on.
            try await client.execute(uri: "/users/1", method: .get) { #expect($0.status == .ok) }
        }
        let message = logs.all.first { $0.contains("nothing is registered for `Mailer`") }
        #expect(message != nil)
        #expect(message?.contains("Fix:") == true)
    }

    @Test func aStreamedBodyResolvesFromItsRequestsScope() async throws {
        try await Application(router: wiredRouter()).test(.router) { client in
            try await client.execute(uri: "/stream", method: .get) { response in
                #expect(String(buffer: response.body) == "part 0\npart 1\npart 2\n")
            }
        }
        #expect((resolve() as ServerStats).snapshot.auditLogsFlushed == 1)
    }

    @Test(.wired(overriding: module { single { OneUserDatabase() as Database } }))
    func aTestOverridesTheDatabase() async throws {
        try await Application(router: wiredRouter()).test(.router) { client in
            try await client.execute(uri: "/users/1", method: .get) { response in
                #expect(String(buffer: response.body).contains("Test user"))
            }
            try await client.execute(uri: "/users/2", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test func theAppsGraphVerifies() throws {
        try DependencyContainer.app.verify()
    }

    @Test func theHandWiredTwinServesTheSameUsers() async throws {
        try await Application(router: handWiredRouter()).test(.router) { client in
            try await client.execute(uri: "/users/7", method: .get) { response in
                #expect(String(buffer: response.body).contains("\"User 7\""))
            }
        }
    }
}
