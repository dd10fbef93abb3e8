import Testing
import Wiring

private enum Request {}
private enum Other {}
private final class RequestInfo: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
private final class Repository: Sendable {
    let info: RequestInfo
    init(info: RequestInfo) { self.info = info }
}
private final class Presence: Sendable {}
private final class Avatar: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}
private final class Journal: Sendable {}

/// Every scope opened from one `scope(S.self) { … }` shares its definitions' registry and keeps
/// its own instances (issues 23 and 25): what one scope holds, another never sees.
struct SharedScopeDefinitionTests {
    @Test func twoScopesOfOneDefinitionKeepTheirOwnInstances() {
        let closed = Counter()
        let built = Counter()
        let container = module {
            scope(Request.self) {
                scoped {
                    built.increment()
                    return Repository(info: resolve())
                }
                .onClose { (_: Repository) in closed.increment() }
            }
        }
        let first = container.openScope(Request.self, id: 1)
        let second = container.openScope(Request.self, id: 2)
        first.declare(RequestInfo(id: 1))
        second.declare(RequestInfo(id: 2))
        let a: Repository = first.resolve()
        let b: Repository = second.resolve()
        #expect(a !== b)
        #expect(a === first.resolve() as Repository)
        #expect(a.info.id == 1 && b.info.id == 2)
        #expect(built.count == 2)

        first.close()
        #expect(closed.count == 1)
        #expect(b === second.resolve() as Repository)  // the other scope's instance stays
        second.close()
        #expect(closed.count == 2)

        // A scope opened after both closed starts empty.
        let third = container.openScope(Request.self, id: 1)
        third.declare(RequestInfo(id: 3))
        #expect((third.resolve() as Repository).info.id == 3)
        #expect(built.count == 3)
        third.close()
    }

    @Test func weakParameterizedAndAsyncDefinitionsArePerScope() async {
        let container = module {
            scope(Request.self) {
                weakSingle { Presence() }
                scoped { (size: Int) in Avatar(size: size) }
                single { () async in Journal() }
            }
        }
        let first = container.openScope(Request.self)
        let second = container.openScope(Request.self)
        let presence: Presence = first.resolve()
        #expect(presence === first.resolve() as Presence)
        #expect(presence !== second.resolve() as Presence)

        #expect((first.resolve(parameters: 1) as Avatar).size == 1)
        #expect((second.resolve(parameters: 2) as Avatar).size == 2)
        #expect((first.resolve(parameters: 9) as Avatar).size == 1)  // kept, as a scoped single

        let journal: Journal = await first.resolveAsync()
        #expect(journal === (await first.resolveAsync() as Journal))
        #expect(journal !== (await second.resolveAsync() as Journal))
        first.close()
        second.close()
    }

    @Test func theThrowingFormsOfOpenAndDeclareReportInsteadOfStopping() throws {
        let container = module {
            scope(Request.self) {
                declared(RequestInfo.self, example: { RequestInfo(id: 0) })
                scoped { Repository(info: resolve()) }
            }
        }
        let request = try container.openScopeThrowing(Request.self, id: "r1")

        let twice = #expect(throws: WiringError.self) { _ = try container.openScopeThrowing(Request.self, id: "r1") }
        #expect(twice?.description.contains("is open already") == true)
        #expect(twice?.description.contains("r1") == true)

        let undeclaredScope = #expect(throws: WiringError.self) { _ = try container.openScopeThrowing(Other.self) }
        #expect(undeclaredScope?.description.contains("Other") == true)

        // A forgotten `declare` fails the check, naming the type and the scope.
        let missing = #expect(throws: WiringError.self) { try request.checkDeclared() }
        #expect(missing?.description.contains("RequestInfo") == true)
        #expect(missing?.description.contains("Request") == true)

        try request.declareThrowing(RequestInfo(id: 7))
        try request.checkDeclared()
        let again = #expect(throws: WiringError.self) { try request.declareThrowing(RequestInfo(id: 8)) }
        #expect(again?.description.contains("RequestInfo") == true)
        #expect((request.resolve() as Repository).info.id == 7)

        request.close()
        #expect(throws: WiringError.self) { try request.declareThrowing(RequestInfo(id: 9), replacing: true) }
        #expect(throws: WiringError.self) { try request.checkDeclared() }
        #expect(throws: WiringError.self) { try container.declareThrowing(RequestInfo(id: 1)) }  // not a scope
    }

    @Test func aTaggedDeclaredValueIsCheckedVerifiedAndResolvedUnderItsTag() throws {
        let container = module {
            scope(Request.self) {
                declared(RequestInfo.self, tag: "caller", example: { RequestInfo(id: 0) })
                scoped { Repository(info: resolve(tag: "caller")) }
            }
        }
        _ = try container.verify()  // throws a `VerificationError` if the tagged announcement were not followed
        let request = try container.openScopeThrowing(Request.self, id: "tagged")
        defer { request.close() }

        // Declared without the tag, it is still missing under it.
        request.declare(RequestInfo(id: 1))
        let missing = #expect(throws: WiringError.self) { try request.checkDeclared() }
        #expect(missing?.description.contains("RequestInfo") == true)

        let caller = RequestInfo(id: 2)
        request.declare(caller, tag: "caller")
        try request.checkDeclared()
        #expect((request.resolve() as Repository).info === caller)
    }

    @Test func aScopeFreedWithoutCloseIsReported() {
        let reports = Collected<UnclosedScope>()
        DependencyContainer.onUnclosedScope = { reports.append($0) }
        defer { DependencyContainer.onUnclosedScope = nil }
        let container = module { scope(Other.self) { scoped { Journal() } } }
        let forgottenLine = #line + 2
        do {
            let forgotten = container.openScope(Other.self)
            _ = forgotten.resolve() as Journal
        }
        let closedLine = #line + 2
        do {
            let closed = container.openScope(Other.self)
            closed.close()
        }
        // Other tests, running meanwhile, drop scopes of the same type: only the scopes this
        // test opened count (the report is process-wide).
        let mine = reports.all.filter {
            $0.scope.contains("Other") && $0.openedAt.fileID.hasSuffix("SharedScopeDefinitionTests.swift")
                && [forgottenLine, closedLine].contains($0.openedAt.line)
        }
        #expect(mine.count == 1)
    }

    @Test func aScopeFreedWithoutCloseReleasesItsInstancesAndAClosedOneAtClose() {
        let container = module { scope(Other.self) { scoped { Journal() } } }
        weak var forgottenJournal: Journal?
        do {
            let forgotten = container.openScope(Other.self)
            forgottenJournal = forgotten.resolve() as Journal
            #expect(forgottenJournal != nil)  // the scope holds it
        }
        #expect(forgottenJournal == nil)  // freed with the scope, never closed
        weak var closedJournal: Journal?
        let closed = container.openScope(Other.self)
        closedJournal = closed.resolve() as Journal
        closed.close()
        #expect(closedJournal == nil)  // released by `close()`, while the scope itself lives on
        #expect(closed.isClosed)
    }

    @Test func manyScopesOpenAtOnceEachKeepTheirInstance() {
        let container = module {
            scope(Request.self) { scoped { Repository(info: resolve()) } }
        }
        let scopes = (0..<2_000).map { id in
            let scope = container.openScope(Request.self, id: id)
            scope.declare(RequestInfo(id: id))
            return scope
        }
        for (id, scope) in scopes.enumerated() { #expect((scope.resolve() as Repository).info.id == id) }
        for scope in scopes { scope.close() }
        #expect(scopes.allSatisfy { $0.isClosed })
    }
}
