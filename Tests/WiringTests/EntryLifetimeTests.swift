import Wiring
import Testing

private final class BlockCore: Sendable {}
private final class BlockClock: Sendable {}
private protocol BlockStore: AnyObject, Sendable {}
private final class DiskBlockStore: BlockStore {}
private final class MemoryBlockStore: BlockStore {}
private final class BlockPlugin: Sendable {}
private protocol Numbered: AnyObject, Sendable { var number: Int { get } }
private final class NumberedBox: Numbered {
    let number: Int
    init(_ number: Int) { self.number = number }
}
private enum BlockVisit {}
private final class VisitTicket: Sendable {}
private final class VisitCart: Numbered {
    var number: Int { 1 }
}
private final class VisitBasket: Sendable {}
private final class VisitStamp: Sendable {}

extension DependencyContainer {
    /// A plain module: its container takes the one-pass build, all entries in one block.
    fileprivate static let blockBase = module {
        single { BlockCore() }
        single { BlockClock() }
    }
    /// A definition bound to a protocol, whose own type a later one overrides: only the binding
    /// still answers for the first definition.
    fileprivate static let blockStores = module {
        single { DiskBlockStore() }.bind(BlockStore.self)
    }
    fileprivate static let blockStoreOverride = module {
        single { DiskBlockStore() }.override()
    }
    fileprivate static let blockPlugin = module {
        single { BlockPlugin() }
    }
}

/// Instances live exactly as long as the containers that built them, now that a container's
/// entries share one allocation which later roots may keep for the entries they reuse.
@Suite(.serialized) struct EntryLifetimeTests {
    @Test func aSingletonOfAPlainRootSurvivesLoadsAndIsReleasedWithTheLastRootThatHasIt() throws {
        weak var core: BlockCore?
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .blockBase)
            core = resolve() as BlockCore
            let clock = ObjectIdentifier(resolve() as BlockClock)
            for _ in 0..<20 {
                DependencyContainer.load(.blockPlugin)
                #expect(core != nil)
                #expect(ObjectIdentifier(resolve() as BlockClock) == clock)
                weak let plugin = resolve() as BlockPlugin
                DependencyContainer.unload(.blockPlugin)
                // The unloaded module's instance goes; the reused ones stay.
                #expect(plugin == nil)
                #expect(core != nil)
            }
            #expect(resolve() as BlockCore === core)
        }
        // The root is gone, and every root before it that shared its entries.
        #expect(core == nil)
    }

    @Test func aBindingWhosePrimaryWasOverriddenKeepsItsInstanceAcrossLoads() throws {
        weak var store: BlockStore?
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: modules { .blockStores; .blockStoreOverride })
            store = resolve() as BlockStore
            let disk: DiskBlockStore = resolve()
            // The override answers for the class and, replacing the definition whole, for its binding.
            #expect(store === disk)
            for _ in 0..<20 {
                DependencyContainer.load(.blockPlugin)
                DependencyContainer.unload(.blockPlugin)
                #expect(resolve() as BlockStore === store)
                #expect(resolve() as DiskBlockStore === disk)
            }
        }
        #expect(store == nil)
    }

    @Test func aContainerReleasesEveryInstanceItBuilt() {
        weak var core: BlockCore?
        weak var clock: BlockClock?
        do {
            let container = module {
                single { BlockCore() }
                single { BlockClock() }
                factory { MemoryBlockStore() as BlockStore }
            }
            core = container.resolve() as BlockCore
            clock = container.resolve() as BlockClock
            #expect(container.resolve() as BlockStore !== container.resolve() as BlockStore)
            #expect(core != nil && clock != nil)
        }
        #expect(core == nil)
        #expect(clock == nil)
    }

    /// A container whose entries hold what they built (a weakly held single, a scope's
    /// instance) frees them and then the definitions' groups, each once: the group of a
    /// definition with a modifier is the first entry's of its own, and an entry that held an
    /// instance is already taken apart when its group is released.
    @Test func entriesHoldingInstancesAreTakenApartBeforeTheirGroupsAreReleased() {
        weak var held: BlockPlugin?
        weak var shared: BlockCore?
        do {
            let plugin = BlockPlugin()
            held = plugin
            let container = module {
                weakSingle { plugin }
                single { BlockCore() }.createdAtStart()
                weakSingle(tag: "clock") { BlockClock() }
                single { BlockClock() }
            }
            #expect(container.resolve() as BlockPlugin === plugin)
            shared = container.resolve() as BlockCore
            // Its only holder lets go at once: the entry keeps a weak reference to nothing.
            _ = container.resolve(tag: "clock") as BlockClock
            #expect(container.resolve() as BlockClock === container.resolve() as BlockClock)
            #expect(shared != nil)
        }
        #expect(held == nil)
        #expect(shared == nil)
    }

    /// A binding finds the entry it builds from in its block's list of primaries, by its place
    /// in the block: among forty entries, every third a binding, each builds from its own.
    @Test func eachBindingOfABlockBuildsFromItsOwnPrimary() {
        let container = module {
            for number in 0..<40 {
                if number % 3 == 0 {
                    single(tag: number) { NumberedBox(number) }.bind(Numbered.self)
                } else {
                    factory(tag: number) { NumberedBox(number) }
                }
            }
        }
        for number in 0..<40 {
            let box: NumberedBox = container.resolve(tag: number)
            #expect(box.number == number)
            guard number % 3 == 0 else {
                #expect((container.resolveOptional(tag: number) as Numbered?) == nil)
                continue
            }
            let bound: Numbered = container.resolve(tag: number)
            #expect(bound === box)
        }
    }

    /// The entries of a scope definition keep their instances in each scope's slots, numbered
    /// among the definitions that keep one (not the factories and singles between them): each
    /// of many open scopes has its own instances, bindings included, and closing frees them.
    @Test func aScopeDefinitionsEntriesFindTheirSlotsInEveryOpenScope() {
        weak var firstCart: VisitCart?
        weak var lastBasket: VisitBasket?
        do {
            let container = module {
                scope(BlockVisit.self) {
                    factory { VisitTicket() }
                    scoped { VisitCart() }.bind(Numbered.self)
                    single { BlockCore() }
                    factory { VisitStamp() }
                    scoped { VisitBasket() }
                }
            }
            let scopes = (0..<50).map { _ in container.openScope(BlockVisit.self) }
            var carts: [ObjectIdentifier] = []
            for scope in scopes {
                let cart: VisitCart = scope.resolve()
                #expect(scope.resolve() as Numbered === cart)
                #expect(scope.resolve() as VisitBasket === scope.resolve() as VisitBasket)
                #expect(scope.resolve() as VisitTicket !== scope.resolve() as VisitTicket)
                #expect(scope.resolve() as BlockCore === scope.resolve() as BlockCore)
                carts.append(ObjectIdentifier(cart))
            }
            #expect(Set(carts).count == scopes.count)
            firstCart = scopes[0].resolve() as VisitCart
            lastBasket = scopes[scopes.count - 1].resolve() as VisitBasket
            for scope in scopes { scope.close() }
        }
        #expect(firstCart == nil)
        #expect(lastBasket == nil)
    }
}
