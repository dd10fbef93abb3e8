import Foundation
import Testing
import Wiring

private enum UserSession {}
private enum Checkout {}
private enum Unknown {}

private final class SessionBackend: Sendable {}
private final class Cart: Sendable {
    let backend: SessionBackend
    init(backend: SessionBackend = resolve()) { self.backend = backend }
}

private final class Payment: Sendable {
    let cart: Cart
    init(cart: Cart = resolve()) { self.cart = cart }
}

private final class Screen {
    @Inject var cart: Cart
}

private final class Token: Sendable {}

@Suite struct ScopeTests {
    let builds = Counter()
    let container: DependencyContainer

    init() {
        let builds = builds
        container = module {
            single { SessionBackend() }
            scope(UserSession.self) {
                scoped { () -> Cart in
                    builds.increment()
                    return Cart()
                }
                factory { Screen() }
                single { Token() }  // a single inside a scope is scoped
                scope(Checkout.self) {
                    scoped { Payment() }
                }
            }
        }
    }

    @Test func scopedInstancesAreSharedWithinAScopeAndNotAcrossScopes() {
        let first = container.openScope(UserSession.self)
        let second = container.openScope(UserSession.self)
        let cart: Cart = first.resolve()
        #expect(cart === first.resolve() as Cart)
        #expect(cart !== second.resolve() as Cart)
        #expect(builds.count == 2)
        #expect(first.resolve() as Token === first.resolve() as Token)
        #expect(first.resolve() as Token !== second.resolve() as Token)
    }

    @Test func singlesAndFactoriesStillComeFromTheContainer() {
        let session = container.openScope(UserSession.self)
        let cart: Cart = session.resolve()
        #expect(cart.backend === container.resolve() as SessionBackend)
        #expect(session.resolve() as SessionBackend === container.resolve() as SessionBackend)
        // A factory of the scope, whose `@Inject` reads the scope.
        #expect((session.resolve() as Screen).cart === cart)
        #expect(session.resolve() as Screen !== session.resolve() as Screen)
    }

    @Test func scopedDefinitionsAreNotInTheContainerItself() {
        #expect(container.resolveOptional() as Cart? == nil)
        #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Cart.self) }
    }

    @Test func closingReleasesTheInstancesAndLaterResolvesAreAnError() throws {
        let session = container.openScope(UserSession.self)
        weak var cart: Cart?
        do {
            let resolved: Cart = session.resolve()
            cart = resolved
        }
        #expect(cart != nil)
        session.close()
        #expect(cart == nil)
        #expect(session.isClosed)
        let line = #line + 1
        let error = #expect(throws: WiringError.self) { _ = try session.resolveThrowing(Cart.self) }
        #expect(
            error?.description == """
                Wiring: cannot resolve `Cart`: scope `UserSession` is closed.
                  Requested at: WiringTests/ScopeTests.swift:\(line)
                  Fix: open a new scope with `openScope(UserSession.self)`, or stop using this one after `close()`.
                """)
        // Types of the container are refused too: the scope is gone.
        #expect(throws: WiringError.self) { _ = try session.resolveThrowing(SessionBackend.self) }
        session.close()  // twice is fine
    }

    @Test func nestedScopesAreLinkedToTheirParentAndCloseWithIt() {
        let session = container.openScope(UserSession.self)
        let checkout = session.openScope(Checkout.self)
        let payment: Payment = checkout.resolve()
        #expect(payment.cart === session.resolve() as Cart)
        weak let released: Payment? = payment
        _ = released
        session.close()
        #expect(checkout.isClosed)
    }

    @Test func verificationBuildsEveryScopeAsTheAppWouldOpenIt() throws {
        let graph = try container.verify()
        #expect(graph.nodes.map(\.description).contains("Payment"))
        #expect(graph.nodes.first { $0.type == "Cart" }?.lifetime == .scoped)
        // Payment, in the Checkout scope, took its Cart from the enclosing UserSession scope.
        let payment = try #require(graph.nodes.firstIndex { $0.type == "Payment" })
        let cart = try #require(graph.nodes.firstIndex { $0.type == "Cart" })
        #expect(graph.edges.map(\.description).contains("\(payment) -> \(cart)"))
        #expect(builds.count == 1)  // the sandbox's Cart; the real container built nothing
    }

    @Test func verificationFindsWhatAScopeIsMissing() {
        let broken = module {
            scope(Checkout.self) {
                scoped { Payment() }  // needs a Cart, which no scope here provides
            }
        }
        let error = #expect(throws: VerificationError.self) { try broken.verify() }
        guard case let .missingDefinition(type, _, path, _, _, _) = error?.problems.first else {
            Issue.record("expected a missing Cart, got \(String(describing: error))")
            return
        }
        #expect(type == "Cart")
        #expect(path.map(\.description) == ["Payment", "Cart"])
    }

    @Test func openingAnUndeclaredScopeStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = module { single { SessionBackend() } }.openScope(Unknown.self)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: no scope `Unknown` is declared in this container or the ones it was opened from."))
        }
    }

    @Test func scopedOutsideAScopeStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module { scoped { Cart() } })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `scoped { … as Cart }` is not inside a scope."))
        }
    }

    @Test func aScopedInstanceIsBuiltOnceUnderConcurrentResolves() {
        let session = container.openScope(UserSession.self)
        let seen = Collected<ObjectIdentifier>()
        runOnThreads(8) { _ in seen.append(ObjectIdentifier(session.resolve() as Cart)) }
        #expect(Set(seen.all).count == 1)
        #expect(builds.count == 1)
    }

    /// Threads resolve from a scope while another closes it: each resolve gets the scope's one
    /// cart or `scopeClosed`, nothing else. The closer waits until each resolver has resolved
    /// once, and each resolver goes on until it sees the close, so both outcomes happen on any
    /// number of cores.
    @Test func closingWhileOtherThreadsResolveIsSafe() {
        for _ in 0..<20 {
            let session = container.openScope(UserSession.self)
            let carts = Collected<ObjectIdentifier>()
            let unexpected = Collected<String>()
            let closedSeen = Counter()
            let everyResolverResolved = DispatchSemaphore(value: 0)
            runOnThreads(4) { index in
                if index == 0 {
                    for _ in 1..<4 { everyResolverResolved.wait() }
                    session.close()
                    return
                }
                let sawClose = resolveUntilClosed(started: everyResolverResolved, unexpected: unexpected) {
                    () throws(WiringError) in carts.append(ObjectIdentifier(try session.resolveThrowing(Cart.self)))
                }
                if sawClose { closedSeen.increment() }
            }
            #expect(unexpected.all.isEmpty, "\(unexpected.all.prefix(2))")
            #expect(carts.all.count >= 3)
            #expect(Set(carts.all).count == 1)
            #expect(closedSeen.count == 3, "every resolver sees the close")
            #expect(session.isClosed)
            #expect(throws: WiringError.self) { _ = try session.resolveThrowing(Cart.self) }
        }
    }
}
