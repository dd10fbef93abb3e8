import Foundation
import Testing
import Wiring

private protocol UserProtocol: Sendable { var name: String { get } }
private struct User: UserProtocol { let id: Int; let name: String }
private enum UserSession {}
private enum Checkout {}

private final class Greeting: Sendable {
    let text: String
    init(user: UserProtocol = resolve()) { text = "Hello, \(user.name)" }
}
private final class Screen {
    @Inject var user: UserProtocol
}
private final class Connection: Sendable {
    let log: Log
    let name: String
    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
    }
}
private final class Payment: Sendable {}
private final class Profile: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// Collects strings from several threads, in order.
private typealias Log = Collected<String>

private func sessions(log: Log = Log()) -> DependencyContainer {
    module {
        scope(UserSession.self) {
            factory { Greeting() }
            factory { Screen() }
            scoped { Connection("database", log: log) }
                .onClose { (connection: Connection) in connection.log.append("closed \(connection.name)") }
            scoped(tag: "cache") { Connection("cache", log: log) }
                .onClose { (connection: Connection) in connection.log.append("closed \(connection.name)") }
            scoped { (id: Int) in Profile(id: id) }
        }
        scope(Checkout.self) {
            scoped { Payment() }
        }
    }
}

/// KOIN's scope API for real sessions: ids, declared values, links, close callbacks, parameters.
@Suite struct SessionScopeTests {
    @Test func twoSessionsWithDifferentDeclaredUsers() {
        let container = sessions()
        let ann = container.openScope(UserSession.self, id: "ann")
        let bob = container.openScope(UserSession.self, id: "bob")
        ann.declare(User(id: 1, name: "Ann"), as: UserProtocol.self)
        bob.declare(User(id: 2, name: "Bob"), as: UserProtocol.self)
        #expect((ann.resolve() as Greeting).text == "Hello, Ann")
        #expect((bob.resolve() as Greeting).text == "Hello, Bob")
        // @Inject inside an object the scope's factory builds sees the declared value too.
        #expect((bob.resolve() as Screen).user.name == "Bob")
        ann.close()
        bob.close()
    }

    @Test func idsFindOpenScopesUntilTheyClose() {
        let container = sessions()
        #expect(container.openedScope(UserSession.self, id: 42) == nil)
        let session = container.openScope(UserSession.self, id: 42)
        #expect(container.openedScope(UserSession.self, id: 42) === session)
        #expect(container.openedScope(UserSession.self, id: 43) == nil)
        #expect(container.openedScope(Checkout.self, id: 42) == nil)  // ids are per scope type
        #expect(container.openedScopeOrOpen(UserSession.self, id: 42) === session)
        session.close()
        #expect(container.openedScope(UserSession.self, id: 42) == nil)
        let again = container.openScope(UserSession.self, id: 42)  // the id is free again
        #expect(again !== session)
        again.close()
    }

    @Test func openedScopeOrOpenOpensOneScopeUnderRacingThreads() {
        let container = sessions()
        let opened = Collected<ObjectIdentifier>()
        runOnThreads(8) { _ in
            opened.append(ObjectIdentifier(container.openedScopeOrOpen(UserSession.self, id: "shared")))
        }
        #expect(Set(opened.all).count == 1)
        container.openedScope(UserSession.self, id: "shared")?.close()
    }

    @Test func rootScopesKeepTheirIdsAcrossLoadAndUnload() throws {
        let extra = module { single(tag: "extra") { Payment() } }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: sessions())
            let session = DependencyContainer.shared.openScope(UserSession.self, id: "u1")
            DependencyContainer.load(extra)
            #expect(DependencyContainer.shared.openedScope(UserSession.self, id: "u1") === session)
            DependencyContainer.unload(extra)
            #expect(DependencyContainer.shared.openedScope(UserSession.self, id: "u1") === session)
            session.close()
            #expect(DependencyContainer.shared.openedScope(UserSession.self, id: "u1") == nil)
        }
    }

    @Test func declaredValuesAreReleasedOnCloseAndReplaceableOnRequest() {
        final class Token: Sendable {}
        let container = sessions()
        let session = container.openScope(UserSession.self)
        weak let token: Token? = {
            let token = Token()
            session.declare(token)
            return token
        }()
        #expect(token != nil)
        #expect(session.resolve() as Token === token)
        let replacement = Token()
        session.declare(replacement, replacing: true)
        #expect(session.resolve() as Token === replacement)
        #expect(token == nil)  // the replaced value was released
        session.declare("abc", as: String.self, tag: "auth")
        #expect(session.resolve(tag: "auth") as String == "abc")
        #expect(session.resolveOptional() as String? == nil)
        session.close()
        #expect(session.resolveOptional() as Token? == nil)
    }

    @Test func nestedAndLinkedScopesSeeDeclaredValues() {
        let container = sessions()
        let session = container.openScope(UserSession.self)
        session.declare(User(id: 1, name: "Ann"), as: UserProtocol.self)
        let nested = session.openScope(Checkout.self)
        #expect((nested.resolve() as UserProtocol).name == "Ann")
        let checkout = container.openScope(Checkout.self)
        #expect(checkout.resolveOptional() as UserProtocol? == nil)
        checkout.link(to: session)
        #expect((checkout.resolve() as UserProtocol).name == "Ann")
        #expect(checkout.resolve() as Connection === session.resolve() as Connection)
        // Its own definitions come first.
        #expect(checkout.resolve() as Payment !== session.openScope(Checkout.self).resolve() as Payment)
        checkout.unlink(from: session)
        #expect(checkout.resolveOptional() as UserProtocol? == nil)
        checkout.link(to: session)
        session.close()  // the linked scope is gone: the checkout stops seeing it
        #expect(checkout.resolveOptional() as UserProtocol? == nil)
        #expect(checkout.resolveOptional() as Payment? != nil)
        checkout.close()
    }

    /// One thread links and unlinks a checkout to a session while two resolve through it: the
    /// user comes through the link while it is there (and is the session's), and is absent
    /// while it is not; each role does its share (`runRoles`), and both outcomes are seen.
    @Test func linkAndUnlinkWhileAnotherThreadResolves() {
        let container = sessions()
        let session = container.openScope(UserSession.self)
        session.declare(User(id: 1, name: "Ann"), as: UserProtocol.self)
        let checkout = container.openScope(Checkout.self)
        let wrong = Counter()
        let throughLink = Counter()
        let withoutLink = Counter()
        let reader: @Sendable () -> Void = {
            if let user: UserProtocol = checkout.resolveOptional() {
                if user.name == "Ann" { throughLink.increment() } else { wrong.increment() }
            } else {
                withoutLink.increment()
            }
        }
        let operations = runRoles(minimumEach: 500, seconds: 0.5, [
            {
                checkout.link(to: session)
                checkout.unlink(from: session)
            },
            reader, reader,
        ])
        #expect(operations.allSatisfy { $0 >= 500 }, "operations per role: \(operations)")
        #expect(wrong.count == 0)
        #expect(throughLink.count > 0, "no resolve came through the link")
        #expect(withoutLink.count > 0, "no resolve ran while unlinked")
        checkout.close()
        session.close()
    }

    @Test func closeCallbacksRunOnceNewestFirstUnderRacingCloses() {
        let log = Log()
        let container = sessions(log: log)
        let session = container.openScope(UserSession.self)
        session.onClose { log.append("session opened callback") }
        _ = session.resolve() as Connection
        _ = session.resolve(tag: "cache") as Connection
        session.onClose { log.append("last callback") }
        runOnThreads(8) { _ in session.close() }
        #expect(log.all == ["last callback", "closed cache", "closed database", "session opened callback"])
    }

    @Test func aCallbackThatResolvesFromTheClosingScopeGetsAClearError() {
        let errors = Collected<String>()
        let container = sessions()
        let session = container.openScope(UserSession.self)
        session.onClose {
            do throws(WiringError) {
                _ = try session.resolveThrowing(Payment.self)
            } catch {
                errors.append(error.description)
            }
        }
        session.close()
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.contains("scope `UserSession` is closed") == true)
    }

    @Test func unloadingAModuleRunsItsSinglesCallbacks() throws {
        let log = Log()
        let feature = module {
            single { Connection("feature", log: log) }
                .onClose { (connection: Connection) in connection.log.append("closed \(connection.name)") }
        }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single(tag: "root") { Payment() } })
            DependencyContainer.load(feature)
            _ = resolve() as Connection
            DependencyContainer.unload(feature)
            #expect(log.all == ["closed feature"])
        }
    }

    @Test func aParameterizedScopedIsBuiltOncePerScope() throws {
        let container = sessions()
        let first = container.openScope(UserSession.self)
        let second = container.openScope(UserSession.self)
        let profile: Profile = first.resolve(parameters: 1)
        #expect(profile.id == 1)
        #expect(first.resolve(parameters: 99) as Profile === profile)  // the values are ignored
        #expect((second.resolve(parameters: 2) as Profile).id == 2)
        #expect(throws: WiringError.self) { try first.resolveThrowing(Profile.self, parameters: "one") }
        first.close()
        second.close()
    }

    @Test func aParameterizedSingleIsBuiltByItsFirstResolve() throws {
        let builds = Counter()
        let container = module {
            single { (id: Int) -> Profile in
                builds.increment()
                return Profile(id: id)
            }
        }
        let profile: Profile = container.resolve(parameters: 7)
        #expect(container.resolve(parameters: 8) as Profile === profile)
        #expect(profile.id == 7)
        #expect(builds.count == 1)
    }

    @Test func openingAnIdThatIsOpenNamesWhereItWasOpened() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { scope(UserSession.self) { factory { Payment() } } }
            _ = container.openScope(UserSession.self, id: "user-42")
            _ = container.openScope(UserSession.self, id: "user-42")
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: a scope `UserSession` with id \"user-42\" is open already (opened at WiringTests/SessionScopeTests.swift:"))
            #expect(output.contains("Fix: use `openedScope(UserSession.self, id: …)` to find it or `openedScopeOrOpen(UserSession.self, id: …)` to reuse it"))
        }
    }

    @Test func declaringTwiceNamesBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { scope(UserSession.self) { factory { Payment() } } }
            let session = container.openScope(UserSession.self)
            session.declare(User(id: 1, name: "Ann"))
            session.declare(User(id: 2, name: "Bob"))
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `User` (no tag) is declared twice in scope `UserSession`."))
            #expect(output.contains("Fix: declare it once per scope, or pass `replacing: true` to replace the earlier value."))
        }
    }

    @Test func aCycleOfLinksIsAnError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module {
                scope(UserSession.self) { factory { Payment() } }
                scope(Checkout.self) { factory { Payment() } }
            }
            let session = container.openScope(UserSession.self)
            let checkout = container.openScope(Checkout.self)
            checkout.link(to: session)
            session.link(to: checkout)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: linking scope `UserSession` to scope `Checkout` would make a cycle of links."))
        }
    }
}

/// `verify()` and `graph()` with values declared at run time.
@Suite struct DeclaredValueVerificationTests {
    private static func shop(announced: Bool) -> DependencyContainer {
        module {
            scope(UserSession.self) {
                if announced {
                    declared(UserProtocol.self) { User(id: 0, name: "Preview") }
                }
                factory { Greeting() }
            }
        }
    }

    @Test func aDeclaredValueIsNotMissingAndIsADeclaredNode() throws {
        #expect(throws: VerificationError.self) { try Self.shop(announced: false).verify() }
        let graph = try Self.shop(announced: true).verify()
        let declared = try #require(graph.nodes.firstIndex { $0.lifetime == .declared })
        #expect(graph.nodes[declared].type == "UserProtocol")
        let greeting = try #require(graph.nodes.firstIndex { $0.type == "Greeting" })
        #expect(graph.edges.contains { $0.from == greeting && $0.to == declared })
        #expect(graph.dot().contains("shape=note"))
        #expect(graph.mermaid().contains(">\"UserProtocol<br/>declared at run time\"]"))
    }

    @Test func resolvingBeforeDeclaringSaysToDeclare() {
        let session = Self.shop(announced: true).openScope(UserSession.self)
        let error = #expect(throws: WiringError.self) { try session.resolveThrowing(UserProtocol.self) }
        #expect(error?.description.contains("`UserProtocol` (no tag) is declared at run time in scope `UserSession`") == true)
        #expect(error?.description.contains("Fix: call `declare(_:)` on the scope right after opening it") == true)
        session.declare(User(id: 1, name: "Ann"), as: UserProtocol.self)
        #expect((session.resolve() as Greeting).text == "Hello, Ann")
        session.close()
    }
}

/// `close()` on a container that is not a scope, as KOIN's `Koin.close()`.
@Suite struct ContainerCloseTests {
    private final class Named: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func closingAContainerRunsItsSinglesCallbacks() {
        let log = Log()
        let container = module {
            single { Named("a") }.onClose { (named: Named) in log.append("closed \(named.name)") }
            single(tag: "b") { Named("b") }.onClose { (named: Named) in log.append("closed \(named.name)") }
            single(tag: "never built") { Named("c") }.onClose { (named: Named) in log.append("closed \(named.name)") }
        }
        _ = container.resolve() as Named
        _ = container.resolve(tag: "b") as Named
        container.close()
        container.close()  // once only
        #expect(log.all == ["closed b", "closed a"])
        #expect(container.resolveOptional() as Named? == nil)
        let error = #expect(throws: WiringError.self) { try container.resolveThrowing(Named.self) }
        #expect(error?.description.contains("its container was closed (`close()` or `shutdown()`)") == true)
    }

    @Test func anOverriddenEagerSingleIsNeverBuiltSoOnlyTheOverrideCloses() {
        let log = Log()
        let original = module {
            single { Named("original") }.createdAtStart().onClose { (named: Named) in log.append(named.name) }
        }
        let override = module {
            single { Named("override") }.override().onClose { (named: Named) in log.append(named.name) }
        }
        let container = modules { original; override }
        #expect((container.resolve() as Named).name == "override")
        container.close()
        #expect(log.all == ["override"])
    }

    /// A scope's definitions are claimed by type (and tag) within their scope: an override in a
    /// second module replaces the scoped definition, a module listed twice counts once, and the
    /// scope's own tagged definition stays apart from its untagged one.
    @Test func aScopedDefinitionOverriddenInASecondModuleIsTheOneItsScopesBuild() {
        let log = Log()
        let original = sessions(log: log)
        let override = module {
            scope(UserSession.self) {
                scoped { Connection("replacement", log: log) }.override()
            }
        }
        let container = modules { original; override; original }
        let session = container.openScope(UserSession.self, id: "ann")
        let connection: Connection = session.resolve()
        #expect(connection.name == "replacement")
        #expect((session.resolve() as Connection) === connection)
        #expect((session.resolve(tag: "cache") as Connection).name == "cache")
        session.close()
        // The replaced definition's `onClose` went with it; the tagged one still closes.
        #expect(log.all == ["closed cache"])
    }

    /// Two scoped definitions of one type in one scope, neither an override: opening the scope
    /// throws, naming the type.
    @Test func twoScopedDefinitionsOfOneTypeInOneScopeAreADuplicate() {
        let log = Log()
        let container = modules {
            module { scope(Checkout.self) { scoped { Connection("first", log: log) } } }
            module { scope(Checkout.self) { scoped { Connection("second", log: log) } } }
        }
        let error = #expect(throws: WiringError.self) { _ = try container.openScopeThrowing(Checkout.self) }
        #expect(error?.description.contains("`Connection` (no tag) is defined twice") == true)
    }
}
