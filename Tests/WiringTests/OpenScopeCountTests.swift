import Wiring
import Testing

private enum Visit {}
private enum Cart {}
private final class Basket: Sendable {}
private final class Voucher: Sendable {}

extension DependencyContainer {
    fileprivate static let countedScopes = module {
        scope(Visit.self) {
            scoped { Basket() }
            scope(Cart.self) { scoped { Voucher() } }
        }
    }
}

/// The public count of open scopes (issue 25): what a server checks for scopes left open.
@Suite(.serialized) struct OpenScopeCountTests {
    @Test func scopesAreCountedUntilClosedOrFreed() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: .countedScopes)
            #expect(DependencyContainer.openScopeCount == 0)
            let first = DependencyContainer.shared.openScope(Visit.self, id: 1)
            let second = DependencyContainer.shared.openScope(Visit.self, id: 2)
            let cart = first.openScope(Cart.self)
            #expect(DependencyContainer.openScopeCount == 3)
            #expect(DependencyContainer.openScopeCount(of: Visit.self) == 2)
            #expect(DependencyContainer.openScopeCount(of: Cart.self) == 1)

            first.close()  // closes the cart opened from it too
            #expect(DependencyContainer.openScopeCount == 1)
            #expect(cart.isClosed)

            do {
                let anonymous = DependencyContainer.shared.openScope(Visit.self)
                _ = anonymous.resolve() as Basket
                #expect(DependencyContainer.openScopeCount == 2)
            }
            // Freed without `close()`: it leaves the count with its last reference.
            #expect(DependencyContainer.openScopeCount == 1)

            // Opened with an id and dropped: still open, still counted, until closed.
            _ = DependencyContainer.shared.openScope(Visit.self, id: 3)
            #expect(DependencyContainer.openScopeCount == 2)
            DependencyContainer.shared.openedScope(Visit.self, id: 3)?.close()
            second.close()
            #expect(DependencyContainer.openScopeCount == 0)
        }
    }

    /// The scope directory, not the root's list, holds a scope opened from the root with an id:
    /// closing the root still closes it, and an unload still reaches its instances.
    @Test func identifiedScopesAreClosedWithTheRoot() throws {
        try DependencyContainer.withExclusiveRoot { () throws in
            DependencyContainer.defined(by: .countedScopes)
            let identified = DependencyContainer.shared.openScope(Visit.self, id: "closed with the root")
            let anonymous = DependencyContainer.shared.openScope(Visit.self)
            #expect(DependencyContainer.openScopeCount == 2)
            DependencyContainer.shared.close()
            #expect(identified.isClosed)
            #expect(anonymous.isClosed)
            #expect(DependencyContainer.openScopeCount == 0)
        }
    }
}
