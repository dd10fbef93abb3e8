import Wiring
import Testing

private protocol Store: AnyObject, Sendable {}
private final class DiskStore: Store {}
private final class MemoryStore: Store {}
private final class Core: Sendable {}
private final class Feed: Sendable {
    let core: Core
    init(core: Core = resolve()) { self.core = core }
}
private final class AsyncIndex: Sendable {}
private final class Basket: Sendable {}
private enum Visit {}

extension DependencyContainer {
    fileprivate static let comboCore = module {
        single { Core() }
        single { DiskStore() }.bind(Store.self)
    }
    fileprivate static let comboFeed = module {
        includes(.comboCore)
        factory { Feed() }
        single { () async -> AsyncIndex in AsyncIndex() }
        scope(Visit.self) { scoped { Basket() } }
    }
    fileprivate static let comboApp = modules { .comboFeed; .comboCore }
}

/// Features as an app combines them: shared modules with overrides, task-local roots,
/// verification, runtime modules with async singles and scopes, and closing the root.
@Suite(.serialized) struct CombinationTests {
    @Test func aTaskLocalRootOverridesABindingOfASharedModule() {
        DependencyContainer.withRoot(DependencyContainer.comboApp) {
            DependencyContainer.withOverrides {
                single { MemoryStore() as Store }.override()
            } operation: {
                #expect(resolve() as Store is MemoryStore)
                #expect(resolveAll(Store.self).count == 1)
                #expect((resolve() as Feed).core === resolve() as Core)
            }
            #expect(resolve() as Store is DiskStore)
        }
    }

    @Test func aSharedModuleVerifiesAsOneGraph() async throws {
        let graph = try await DependencyContainer.comboApp.verify()
        #expect(graph.nodes.count { $0.type == "Core" } == 1)
        #expect(graph.nodes.contains { $0.type == "AsyncIndex" && $0.isAsync })
        #expect(throws: VerificationError.self) { try DependencyContainer.comboApp.verify() }  // async left out
    }

    @Test func unloadingASharedModuleReleasesItsScopedInstances() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single(tag: "root") { Core() } })
            DependencyContainer.load(.comboFeed)
            let visit = DependencyContainer.shared.openScope(Visit.self)
            weak let basket: Basket? = visit.resolve() as Basket
            DependencyContainer.unload(.comboFeed)
            #expect(basket == nil)
            #expect(resolveOptional() as Core? == nil)  // the shared core came only with the feed
            visit.close()
        }
    }

    // Async singles are released by the same retirement as unload's; shown through `close()`,
    // since a test that holds the exclusive global root must not wait for a task.
    @Test func closingAContainerReleasesItsAsyncSingle() async {
        let container = modules { .comboFeed }
        let index = await container.resolveAsync(AsyncIndex.self)
        #expect(await container.resolveAsync(AsyncIndex.self) === index)
        container.close()
        await #expect(throws: WiringError.self) { _ = try await container.resolveAsyncThrowing(AsyncIndex.self) }
    }

    @Test func closingTheRootClosesItsScopes() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .comboApp)
            let visit = DependencyContainer.shared.openScope(Visit.self, id: 1)
            _ = visit.resolve() as Basket
            DependencyContainer.shared.close()
            #expect(visit.isClosed)
            #expect(DependencyContainer.shared.openedScope(Visit.self, id: 1) == nil)
            #expect(resolveOptional() as Core? == nil)
        }
    }
}

