@_spi(Testing) import Wiring
import Testing

private final class BlockCore: Sendable {}
private final class BlockClock: Sendable {}
private protocol BlockStore: AnyObject, Sendable {}
private final class DiskBlockStore: BlockStore {}
private final class MemoryBlockStore: BlockStore {}
private final class BlockPlugin: Sendable {}

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
        try DependencyContainer._withExclusiveRoot {
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
        try DependencyContainer._withExclusiveRoot {
            DependencyContainer.defined(by: modules { .blockStores; .blockStoreOverride })
            store = resolve() as BlockStore
            let disk: DiskBlockStore = resolve()
            // The override answers for the class; the binding still builds from the first definition.
            #expect(store !== disk)
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
}
