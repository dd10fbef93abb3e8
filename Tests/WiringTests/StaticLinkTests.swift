import Testing
import Wiring

private enum UserSession {}
private enum Draft {}
private final class User: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
private final class Editor: Sendable {
    let author: User
    init(author: User) { self.author = author }
}

/// Issue 21, item 11: a module says statically that a scope is linked to another, so that
/// `verify()` and `graph()` follow the link the app makes at run time.
struct StaticLinkTests {
    private static func editing(linked isLinked: Bool) -> DependencyContainer {
        module {
            scope(UserSession.self) {
                declared(User.self, example: { User(id: 0) })
            }
            scope(Draft.self) {
                if isLinked { linked(to: UserSession.self) }
                scoped { Editor(author: resolve()) }
            }
        }
    }

    @Test func verifyFollowsADeclaredLink() throws {
        let graph = try Self.editing(linked: true).verify()
        let editor = try #require(graph.nodes.firstIndex { $0.type.hasSuffix("Editor") })
        let user = try #require(graph.nodes.firstIndex { $0.type.hasSuffix("User") })
        #expect(graph.edges.contains { $0.from == editor && $0.to == user })
    }

    @Test func withoutTheDeclaredLinkVerifySaysHowToDeclareIt() {
        #expect {
            _ = try Self.editing(linked: false).verify()
        } throws: { error in
            String(describing: error).contains("`linked(to: UserSession.self)`")
        }
    }

    @Test func theLinkIsStillMadeAtRunTime() {
        let container = Self.editing(linked: true)
        let session = container.openScope(UserSession.self)
        let draft = container.openScope(Draft.self)
        defer {
            draft.close()
            session.close()
        }
        let user = User(id: 42)
        session.declare(user)
        draft.link(to: session)
        #expect((draft.resolve() as Editor).author === user)
    }

    @Test func aLinkOutsideAScopeStopsAtFirstUse() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module {
                single { User(id: 1) }
                linked(to: UserSession.self)
            }
            _ = container.resolve() as User
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `linked(to: UserSession.self)` is not inside a scope."))
            #expect(output.contains("StaticLinkTests.swift"))
        }
    }
}
