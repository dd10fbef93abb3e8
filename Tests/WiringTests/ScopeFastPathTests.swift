import Foundation
import Testing
import Wiring

private enum Request {}
private enum Session {}
private final class Info: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
private final class Database: Sendable {}
private final class RequestService: Sendable {
    let info: Info
    let database: Database
    init(info: Info, database: Database) {
        self.info = info
        self.database = database
    }
}
private struct Settings: Sendable, Equatable {
    let name: String
}

/// A resolve in a scope reads what it can without the lock: the scope's own definitions, the
/// values declared in it, the singletons of the container it was opened from. Each of these
/// tests pins one rule that path must keep: what the scope declares or links stands in front
/// of the parent, a closed scope resolves nothing, and racing `declare`/`close` is safe.
struct ScopeFastPathTests {
    private static func app(database: Database = Database(), built: Counter = Counter()) -> DependencyContainer {
        module {
            single { database }
            scope(Request.self) {
                scoped {
                    built.increment()
                    return RequestService(info: resolve(), database: resolve())
                }
            }
        }
    }

    @Test func nestedResolvesReadTheDeclaredValueAndTheRootSingle() {
        let database = Database()
        let built = Counter()
        let container = Self.app(database: database, built: built)
        let request = container.openScope(Request.self, id: 7)
        defer { request.close() }
        let info = Info(id: 7)
        request.declare(info)
        let first: RequestService = request.resolve()
        let second: RequestService = request.resolve()
        #expect(first === second)
        #expect(first.info === info)
        #expect(first.database === database)
        #expect(built.count == 1)
        let again: Info = request.resolve()
        #expect(again === info)
    }

    @Test func aValueDeclaredInTheScopeStandsInFrontOfTheParentsSingle() throws {
        let container = Self.app()
        let rootDatabase: Database = container.resolve()
        let request = container.openScope(Request.self)
        defer { request.close() }
        // The parent's single is published before the declaration: the scope must still win.
        let before: Database = request.resolve()
        #expect(before === rootDatabase)
        let own = Database()
        request.declare(own)
        request.declare(Info(id: 1))
        let after: Database = request.resolve()
        #expect(after === own)
        let service: RequestService = request.resolve()
        #expect(service.database === own)
        #expect(try request.resolveThrowing(Database.self) === own)
    }

    @Test func aValueDeclaredInTheScopeStandsInFrontOfItsOwnDefinition() {
        let built = Counter()
        let container = Self.app(built: built)
        let request = container.openScope(Request.self)
        defer { request.close() }
        let info = Info(id: 2)
        let declared = RequestService(info: info, database: Database())
        request.declare(declared)
        let resolved: RequestService = request.resolve()
        #expect(resolved === declared)
        #expect(built.count == 0)
    }

    @Test func aLinkedScopesValueStandsInFrontOfTheParentsSingle() {
        let container = module {
            single { Database() }
            scope(Request.self) {}
            scope(Session.self) {}
        }
        let rootDatabase: Database = container.resolve()
        let request = container.openScope(Request.self)
        let session = container.openScope(Session.self)
        defer {
            request.close()
            session.close()
        }
        let fromSession = Database()
        session.declare(fromSession)
        #expect((request.resolve() as Database) === rootDatabase)
        request.link(to: session)
        #expect((request.resolve() as Database) === fromSession)
    }

    @Test func anAnnouncedValueNotYetDeclaredIsNotTakenFromTheParent() throws {
        let container = module {
            single { Info(id: 0) }
            single { Database() }
            scope(Request.self) {
                declared(Info.self, example: { Info(id: -1) })
            }
        }
        _ = container.resolve() as Info
        let request = container.openScope(Request.self)
        defer { request.close() }
        #expect {
            _ = try request.resolveThrowing(Info.self)
        } throws: { error in
            guard let error = error as? WiringError, case .notDeclared = error else { return false }
            return true
        }
        // Types the scope does not announce still come from the parent.
        #expect(try request.resolveThrowing(Database.self) === container.resolve() as Database)
        let info = Info(id: 4)
        request.declare(info)
        #expect(try request.resolveThrowing(Info.self) === info)
    }

    /// A scope that declares values of a couple of hundred types has nearly every bit of its
    /// summary set: the fast path then looks under the lock, finds no value of the type asked
    /// for, and still builds the scope's own definition and reads the parent's single.
    @Test func manyDeclaredTypesStillResolveTheRestCorrectly() throws {
        let database = Database()
        let built = Counter()
        let container = Self.app(database: database, built: built)
        let request = container.openScope(Request.self)
        defer { request.close() }
        declareNested(0, levels: 200, in: request)
        let info = Info(id: 9)
        request.declare(info)
        let service: RequestService = request.resolve()
        #expect(service.info === info)
        #expect(service.database === database)
        #expect((request.resolve() as Database) === database)
        #expect(try request.resolveThrowing(RequestService.self) === service)
        #expect(built.count == 1)
        #expect((request.resolve() as [[[Int]]]) == [[[0]]])
    }

    @Test func aValueThatIsNotAClassIsCopiedOut() {
        let container = Self.app()
        let request = container.openScope(Request.self)
        defer { request.close() }
        request.declare(Settings(name: "request"))
        let settings: Settings = request.resolve()
        #expect(settings == Settings(name: "request"))
        #expect((try? request.resolveThrowing(Settings.self)) == Settings(name: "request"))
    }

    @Test func aTaggedDeclaredValueIsFoundByItsTag() {
        let container = Self.app()
        let request = container.openScope(Request.self)
        defer { request.close() }
        let plain = Info(id: 1)
        let tagged = Info(id: 2)
        request.declare(plain)
        request.declare(tagged, tag: "other")
        #expect((request.resolve() as Info) === plain)
        #expect((request.resolve(tag: "other") as Info) === tagged)
    }

    @Test func aClosedScopeResolvesNothingNotEvenTheParentsSingle() {
        let container = Self.app()
        _ = container.resolve() as Database
        let request = container.openScope(Request.self)
        request.declare(Info(id: 3))
        _ = request.resolve() as RequestService
        request.close()
        for attempt in [
            { try request.resolveThrowing(Database.self) as Any },
            { try request.resolveThrowing(Info.self) as Any },
            { try request.resolveThrowing(RequestService.self) as Any },
        ] {
            #expect {
                _ = try attempt()
            } throws: { error in
                guard let error = error as? WiringError, case .scopeClosed = error else { return false }
                return error.description.contains("Request")
            }
        }
    }

    /// Threads resolve from one scope while another declares into it and finally closes it:
    /// every resolve either gets the value of this round or `scopeClosed`, never a freed one nor
    /// another error. The declarer waits until each resolver has resolved once, and each resolver
    /// goes on until it sees the close, so every outcome happens on any number of cores.
    @Test(.timeLimit(.minutes(1)))
    func resolvesRaceDeclaresAndClose() {
        let container = Self.app()
        for round in 0..<50 {
            let request = container.openScope(Request.self, id: round)
            request.declare(Info(id: round))
            let seen = Counter()
            let closedSeen = Counter()
            let unexpected = Collected<String>()
            let everyResolverResolved = DispatchSemaphore(value: 0)
            runOnThreads(5) { index in
                guard index > 0 else {
                    for _ in 0..<4 { everyResolverResolved.wait() }
                    for index in 0..<20 {
                        do {
                            try request.declareThrowing(Settings(name: "s\(index)"), replacing: true)
                        } catch {
                            unexpected.append("declare: \(error)")
                        }
                    }
                    request.close()
                    return
                }
                let sawClose = resolveUntilClosed(started: everyResolverResolved, unexpected: unexpected) {
                    () throws(WiringError) in
                    let service = try request.resolveThrowing(RequestService.self)
                    if service.info.id != round { unexpected.append("info \(service.info.id) in round \(round)") }
                    seen.increment()
                    // Not declared yet (nothing registers it) or one of the declarer's values.
                    do throws(WiringError) {
                        let settings = try request.resolveThrowing(Settings.self)
                        if !settings.name.hasPrefix("s") { unexpected.append("settings \(settings.name)") }
                    } catch .missingDefinition {
                    }
                }
                if sawClose { closedSeen.increment() }
            }
            #expect(unexpected.all.isEmpty, "\(unexpected.all.prefix(2))")
            #expect(seen.count >= 4)
            #expect(closedSeen.count == 4, "every resolver sees the close")
            #expect(request.isClosed)
        }
    }
}

private enum UserSession {}
private enum Checkout {}
private protocol Mailer {}

/// Issue 21, item 5: a type missing in a scope names every scope the resolve searched.
struct MissingInScopeMessageTests {
    @Test func theMessageListsTheScopesSearchedInOrder() {
        let container = module {
            scope(UserSession.self) {}
            scope(Checkout.self) {}
        }
        let session = container.openScope(UserSession.self, id: "u42")
        let checkout = container.openScope(Checkout.self, id: "c7")
        defer {
            session.close()
            checkout.close()
        }
        session.link(to: checkout)
        #expect {
            _ = try session.resolveThrowing((any Mailer).self)
        } throws: { error in
            guard let error = error as? WiringError, case let .missingDefinition(_, _, _, _, searched, _) = error else {
                return false
            }
            return searched == [#"UserSession "u42""#, #"linked Checkout "c7""#, "container"]
                && error.description.contains(#"Searched: UserSession "u42" → linked Checkout "c7" → container."#)
        }
        // A resolve that starts outside a scope searched none.
        #expect {
            _ = try container.resolveThrowing((any Mailer).self)
        } throws: { error in
            guard let error = error as? WiringError, case let .missingDefinition(_, _, _, _, searched, _) = error else {
                return false
            }
            return searched.isEmpty && !error.description.contains("Searched:")
        }
    }
}

/// Declares `value` in `scope`, then `[value]`, `[[value]]`, … : values of `levels` distinct types.
private func declareNested<T: Sendable>(_ value: T, levels: Int, in scope: DependencyContainer) {
    scope.declare(value)
    if levels > 1 { declareNested([value], levels: levels - 1, in: scope) }
}
