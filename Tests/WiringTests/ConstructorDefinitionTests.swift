import Foundation
import Testing
import Wiring

/// KOIN 4's constructor DSL (`singleOf(::UserRepository)`): definitions made from constructor
/// references, each parameter resolved by its type.
private enum Shop {
    final class Database: Sendable {}
    final class Cache: Sendable {}
    final class Logger: Sendable {}

    /// Counts its constructor's calls.
    static let repositoryCalls = Counter()

    final class UserRepository: Sendable {
        let database: Database
        let cache: Cache
        let log: Logger
        init(database: Database, cache: Cache, log: Logger) {
            repositoryCalls.increment()
            (self.database, self.cache, self.log) = (database, cache, log)
        }
    }

    protocol Repository: Sendable {}
    final class Presenter: Sendable {
        let repository: UserRepository
        init(repository: UserRepository) { self.repository = repository }
    }

    struct User: Sendable { let name: String }
    final class Cart: Sendable {
        let user: User
        let database: Database
        init(user: User, database: Database) { (self.user, self.database) = (user, database) }
    }
    enum Session {}

    struct BadConfiguration: Error {}
    final class Configured: Sendable {
        init(database: Database, valid: Bool) throws { if !valid { throw BadConfiguration() } }
    }

    actor Connection {
        let database: Database
        init(database: Database) async { self.database = database }
    }

    @MainActor final class Inbox {
        let cache: Cache
        init(cache: Cache) { self.cache = cache }
    }

    final class Ten: Sendable {
        /// The ten arguments, in order, as they arrived.
        let arguments: [any AnyObject & Sendable]
        init(
            _ a: Database, _ b: Cache, _ c: Logger, _ d: Database, _ e: Cache, _ f: Logger, _ g: Database, _ h: Cache,
            _ i: Logger, _ j: Database
        ) { arguments = [a, b, c, d, e, f, g, h, i, j] }
    }

    static let infrastructure = module {
        single { Database() }
        single { Cache() }
        single { Logger() }
    }
}

extension Shop.UserRepository: Shop.Repository {}

/// Declared counters whose counts only this suite's serialized tests read.
@Suite(.serialized) struct ConstructorDefinitionTests {
    @Test func singleOfResolvesEachParameterByTypeAndBuildsOnce() {
        let container = modules {
            Shop.infrastructure
            module { singleOf(Shop.UserRepository.init) }
        }
        let before = Shop.repositoryCalls.count
        let first: Shop.UserRepository = container.resolve()
        let second: Shop.UserRepository = container.resolve()
        #expect(first === second)
        #expect(Shop.repositoryCalls.count == before + 1)
        #expect(first.database === container.resolve() as Shop.Database)
        #expect(first.cache === container.resolve() as Shop.Cache)
        #expect(first.log === container.resolve() as Shop.Logger)
    }

    @Test func factoryOfBuildsOnEveryResolveWithSharedDependencies() {
        let container = modules {
            Shop.infrastructure
            module {
                singleOf(Shop.UserRepository.init)
                factoryOf(Shop.Presenter.init)
            }
        }
        let first: Shop.Presenter = container.resolve()
        let second: Shop.Presenter = container.resolve()
        #expect(first !== second)
        #expect(first.repository === second.repository)
    }

    @Test func taggedWeakAndModifiedConstructorDefinitions() {
        let closed = Counter()
        let container = modules {
            Shop.infrastructure
            module {
                singleOf(tag: "primary", Shop.UserRepository.init)
                singleOf(Shop.UserRepository.init)
                    .bind((any Shop.Repository).self)
                    .onClose { (_: Shop.UserRepository) in closed.increment() }
                factoryOf(tag: "fresh", Shop.Presenter.init)
                weakSingleOf(tag: "weak", Shop.Cart.init)
            }
        }
        let tagged: Shop.UserRepository = container.resolve(tag: "primary")
        let plain: Shop.UserRepository = container.resolve()
        #expect(tagged !== plain)
        #expect(container.resolve() as any Shop.Repository as AnyObject === plain)
        let presenter: Shop.Presenter = container.resolve(tag: "fresh")
        #expect(presenter.repository === plain)
        container.close()
        #expect(closed.count == 1)
    }

    @Test func anOverrideAndCreatedAtStartApplyToConstructorDefinitions() {
        let base = modules {
            Shop.infrastructure
            module { singleOf(Shop.UserRepository.init) }
        }
        let special = Shop.Database()
        let app = modules {
            base
            module {
                single { special }.override()
                factoryOf(Shop.Presenter.init).override()
                singleOf(tag: "eager", Shop.UserRepository.init).createdAtStart()
            }
        }
        let before = Shop.repositoryCalls.count
        let presenter: Shop.Presenter = app.resolve()
        #expect(presenter.repository.database === special)
        // The eager one was built when the container started, with the plain one above.
        #expect(Shop.repositoryCalls.count == before + 2)
        #expect(throws: Never.self) { try app.verify() }
    }

    @Test func aScopedConstructorTakesAValueDeclaredInTheScope() throws {
        let container = modules {
            Shop.infrastructure
            module {
                scope(Shop.Session.self) {
                    declared(Shop.User.self, example: { Shop.User(name: "example") })
                    scopedOf(Shop.Cart.init)
                    scopedOf(tag: "second", Shop.Cart.init)
                }
            }
        }
        let session = container.openScope(Shop.Session.self)
        session.declare(Shop.User(name: "ada"))
        let cart: Shop.Cart = session.resolve()
        #expect(cart.user.name == "ada")
        #expect(cart === session.resolve() as Shop.Cart)
        #expect(cart !== session.resolve(tag: "second") as Shop.Cart)
        #expect(cart.database === container.resolve() as Shop.Database)
        session.close()
        try container.verify()
    }

    @Test func aThrowingConstructorFailsTheResolveWithItsError() {
        let container = modules {
            Shop.infrastructure
            module {
                single { false }
                singleOf(Shop.Configured.init)
            }
        }
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Shop.Configured.self) }
        guard case let .factoryFailed(type, _, _, underlying, _) = error else {
            Issue.record("expected a failed factory, got \(String(describing: error))")
            return
        }
        #expect(type == "Configured")
        #expect(underlying is Shop.BadConfiguration)
    }

    @Test func tenParametersAreResolved() {
        let container = modules {
            Shop.infrastructure
            module { singleOf(Shop.Ten.init) }
        }
        // Each parameter is resolved by its own type, in order: the container's one instance of it.
        let ten: Shop.Ten = container.resolve()
        let database: Shop.Database = container.resolve()
        let cache: Shop.Cache = container.resolve()
        let logger: Shop.Logger = container.resolve()
        let expected: [any AnyObject & Sendable] = [database, cache, logger, database, cache, logger, database, cache, logger, database]
        #expect(ten.arguments.count == 10)
        #expect(zip(ten.arguments, expected).allSatisfy { $0 === $1 })
    }

    @Test func asyncAndMainActorConstructorsResolveWithAwait() async {
        let container = modules {
            Shop.infrastructure
            module {
                singleOf(Shop.Connection.init)
                singleOf(Shop.Inbox.init)
            }
        }
        let connection: Shop.Connection = await container.resolveAsync()
        #expect(connection === (await container.resolveAsync() as Shop.Connection))
        #expect(connection.database === container.resolve() as Shop.Database)
        let inbox: Shop.Inbox = await container.resolveAsync()
        #expect(inbox.cache === container.resolve() as Shop.Cache)
    }

    @Test func aMissingParameterIsReportedByVerifyWithoutRunningTheConstructor() throws {
        let container = module {
            single { Shop.Database() }
            single { Shop.Logger() }
            singleOf(Shop.UserRepository.init)  // Cache is missing
        }
        let before = Shop.repositoryCalls.count
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(Shop.repositoryCalls.count == before)
        let problems = try #require(error?.problems)
        #expect(problems.count == 1)
        guard case let .missingDefinition(type, _, path, _, _, requestedAt) = problems.first else {
            Issue.record("expected a missing definition, got \(problems)")
            return
        }
        #expect(type == "Cache")
        #expect(path.map(\.description) == ["UserRepository", "Cache"])
        #expect(path.first?.definedAt?.fileID == "WiringTests/ConstructorDefinitionTests.swift")
        #expect(requestedAt?.fileID == "WiringTests/ConstructorDefinitionTests.swift")
        #expect(problems[0].description.contains("nothing is registered for `Cache`"))
    }

    @Test func verifyAndGraphLearnAConstructorsEdgesWithoutRunningIt() throws {
        let container = modules {
            Shop.infrastructure
            module { singleOf(Shop.UserRepository.init) }
        }
        let before = Shop.repositoryCalls.count
        let graph = try container.verify()
        #expect(Shop.repositoryCalls.count == before)
        let drawn = container.graph()
        #expect(Shop.repositoryCalls.count == before)
        for graph in [graph, drawn] {
            let repository = try #require(graph.nodes.firstIndex { $0.type == "UserRepository" })
            let targets = Set(graph.edges.filter { $0.from == repository }.map { graph.nodes[$0.to].type })
            #expect(targets == ["Database", "Cache", "Logger"])
        }
        // Resolving for real runs it.
        _ = container.resolve() as Shop.UserRepository
        #expect(Shop.repositoryCalls.count == before + 1)
    }

    @Test func aConstructorDefinitionNeededByAnotherIsBuiltInTheSandbox() throws {
        let container = modules {
            Shop.infrastructure
            module {
                singleOf(Shop.UserRepository.init)
                single { Shop.Presenter(repository: resolve()) }
            }
        }
        let before = Shop.repositoryCalls.count
        let graph = try container.verify()
        // The closure needs a real repository: its constructor ran once, in the sandbox only.
        #expect(Shop.repositoryCalls.count == before + 1)
        #expect(container.resolveOptional() as Shop.Presenter? != nil)
        #expect(graph.edges.contains { graph.nodes[$0.from].type == "Presenter" && graph.nodes[$0.to].type == "UserRepository" })
    }

    @Test func loadedUnloadedAndInATestRoot() {
        let repositories = module { singleOf(Shop.UserRepository.init) }
        let presenters = module { factoryOf(Shop.Presenter.init) }
        DependencyContainer.withRoot(modules { Shop.infrastructure; repositories }) {
            DependencyContainer.load(presenters)
            let presenter: Shop.Presenter = resolve()
            #expect(presenter.repository === resolve() as Shop.UserRepository)
            DependencyContainer.unload(presenters)
            #expect((resolveOptional() as Shop.Presenter?) == nil)
        }
    }
}
