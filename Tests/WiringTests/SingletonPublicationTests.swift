import Foundation
import Testing
import Wiring

/// What a binding resolves `Published` as: a resolve of it takes the value untyped (boxed).
private protocol Marked: AnyObject, Sendable {
    var isWhole: Bool { get }
}

/// A singleton whose every field a reader checks: one seen before its entry was published, or
/// after it was released, reads a wrong mark (or, under AddressSanitizer, freed memory).
private final class Published: Marked {
    static let mark = 0x5EED_CAFE
    let mark: Int
    let payload: [Int]
    let live: LiveCount

    init(_ live: LiveCount) {
        mark = Self.mark
        payload = Array(0..<16)
        self.live = live
        live.add(1)
    }

    deinit { live.add(-1) }

    /// Whether it is a whole instance: every field as its initializer wrote it.
    var isWhole: Bool { mark == Self.mark && payload.count == 16 && payload[15] == 15 }
}

/// Two instances a factory resolved, one before its module was unloaded and one after.
private struct BeforeAndAfter: Sendable {
    let before: Published
    let after: Published
}

/// The module a factory unloads while it builds, set once the module exists.
private final class UnloadingModule: @unchecked Sendable {
    // Written once, before any resolve.
    var module: DependencyContainer?
}

private enum PublicationModules {
    static let live = LiveCount()
    static let builds = LiveCount()
    static let closes = LiveCount()
    static let base = module {
        single { "base" }
    }
    /// Loaded and unloaded while other threads resolve its singleton, as itself and through
    /// its binding.
    static let churned = module {
        single { () -> Published in
            builds.add(1)
            return Published(live)
        }
        .bind(Marked.self)
        .onClose { _ in closes.add(1) }
    }
}

/// The publication invariant of a singleton's entry (see `Entry`): its instance is written once,
/// under the lock, before the store that publishes it; read only once published; released only
/// when no reader can still see it; and a definition that comes back gets a new entry. These
/// tests try to break each part, and the sanitizers CI runs the suite under watch them do it.
@Suite(.serialized) struct SingletonPublicationTests {
    /// Many threads ask for a singleton no one built yet, at the same moment: one builds it, and
    /// every one gets that instance whole, also those that found it published while it was kept.
    @Test func concurrentFirstResolvesSeeOneWholeInstance() {
        for _ in 0..<50 {
            let live = LiveCount()
            let builds = LiveCount()
            let container = module {
                single { () -> Published in
                    builds.add(1)
                    return Published(live)
                }
                .bind(Marked.self)
            }
            let seen = Seen()
            runOnThreads(8) { thread in
                // Typed, throwing, and through the binding: each takes the value its own way.
                switch thread % 3 {
                case 0: seen.add(container.resolve() as Published)
                case 1: seen.add(try! container.resolveThrowing(Published.self))
                default: seen.add(container.resolve() as Marked)
                }
            }
            #expect(builds.count == 1)
            #expect(seen.identities.count == 1)
            #expect(seen.allWhole)
        }
    }

    /// A module loaded and unloaded again and again while two threads resolve its singleton from
    /// the root: every resolve gets a whole instance or none, each unload releases the instance it
    /// retired once (its `onClose` once), and none outlives the module's last unload.
    @Test func unloadAndLoadChurnNeverHandsOutAReleasedInstance() throws {
        let modules = PublicationModules.self
        let broken = LiveCount()
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: modules.base)
            // A third of a second, as `PublishedReferenceTests` churns: tests waiting for the root's
            // turn meanwhile block a thread of the cooperative pool.
            whileLoadingAndUnloading(modules.churned, seconds: 0.3) {
                let typed: Published? = resolveOptional()
                let thrown = try? resolveThrowing(Published.self)
                let bound: Marked? = resolveOptional()
                for instance in [typed as Marked?, thrown, bound] {
                    if let instance, !instance.isWhole { broken.add(1) }
                }
            }
        }
        #expect(broken.count == 0)
        #expect(modules.closes.count == modules.builds.count)
        #expect(modules.live.count == 0)
    }

    /// A container dropped with its singletons built, never closed: each instance is released
    /// once, with the entry that published it (a close or an unload releases it otherwise).
    @Test func aContainerDroppedWithItsSingletonBuiltReleasesItOnce() {
        let live = LiveCount()
        do {
            let container = module {
                single { Published(live) }
                single(tag: "second") { Published(live) }
            }
            let first: Published = container.resolve()
            let second: Published = container.resolve(tag: "second")
            #expect(first.isWhole && second.isWhole)
            #expect(first !== second)
            #expect(live.count == 2)
        }
        #expect(live.count == 0)
    }

    /// A singleton's entry holds its value itself, published once: a resolve nested in a build
    /// that began before its module was unloaded builds it again, for that resolve alone, and
    /// never writes it into the retired entry, whose readers may still be copying the value it
    /// published (the first version of typed entries did, and such a reader found it emptied).
    /// Both instances are released, each once.
    @Test func aRetiredSingletonBuiltAgainForANestedResolveGoesToThatResolveAlone() throws {
        let live = LiveCount()
        let closes = LiveCount()
        let holder = UnloadingModule()
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: PublicationModules.base)
            let unloading = module {
                single { Published(live) }.onClose { _ in closes.add(1) }
                factory { () -> BeforeAndAfter in
                    let before: Published = resolve()
                    if let module = holder.module { DependencyContainer.unload(module) }
                    return BeforeAndAfter(before: before, after: resolve())
                }
            }
            holder.module = unloading
            DependencyContainer.load(unloading)
            do {
                let pair: BeforeAndAfter = resolve()
                #expect(pair.before.isWhole && pair.after.isWhole)
                #expect(pair.before !== pair.after)
                // The published one was closed by the unload, the one built after it at once.
                #expect(closes.count == 2)
                #expect((resolveOptional() as Published?) == nil)
            }
            #expect(live.count == 0)
        }
    }

    /// An override loaded and unloaded while threads resolve its type with the inlined
    /// `resolve()` (which copies a built singleton's value inside its read section, where an
    /// unload cannot drop it), the throwing form and the optional one: every resolve gets a
    /// whole instance, the base's or the override's, and none outlives its definition.
    @Test func anOverrideChurnedBesideInlinedResolvesHandsOutOnlyWholeInstances() throws {
        let live = LiveCount()
        let broken = LiveCount()
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { Published(live) } })
            let override = module { single { Published(live) }.override() }
            whileLoadingAndUnloading(override, seconds: 0.3) {
                let inlined: Published = resolve()
                let thrown = try? resolveThrowing(Published.self)
                let optional: Published? = resolveOptional()
                for instance in [inlined, thrown, optional] {
                    if let instance, !instance.isWhole { broken.add(1) }
                }
            }
            #expect(broken.count == 0)
            // At most the base's instance (an override's load retires the base's entry, and its
            // unload gives the base a new one), and no override's.
            #expect(live.count <= 1)
        }
        #expect(live.count == 0)
    }

    /// A container closed while threads resolve its singleton: each resolve gets the whole
    /// instance or the closed container's error, the instance is closed once, and it is released
    /// with the container.
    @Test func closingWhileResolvingReleasesTheInstanceOnce() {
        for _ in 0..<20 {
            let live = LiveCount()
            let closes = LiveCount()
            let broken = LiveCount()
            do {
                let container = module {
                    single { Published(live) }.onClose { _ in closes.add(1) }
                }
                runOnThreads(6) { thread in
                    if thread == 0 {
                        container.close()
                        return
                    }
                    for _ in 0..<200 {
                        guard let instance = try? container.resolveThrowing(Published.self) else { return }
                        if !instance.isWhole { broken.add(1) }
                    }
                }
                #expect(closes.count <= 1)
            }
            #expect(broken.count == 0)
            #expect(live.count == 0)
        }
    }
}

/// The instances threads resolved, by identity.
private final class Seen: @unchecked Sendable {
    // Both fields are only touched under `lock`.
    private let lock = NSLock()
    private var seen: [ObjectIdentifier: any Marked] = [:]
    private var whole = true

    func add(_ instance: any Marked) {
        lock.withLock {
            seen[ObjectIdentifier(instance)] = instance
            whole = whole && instance.isWhole
        }
    }

    var identities: Set<ObjectIdentifier> { lock.withLock { Set(seen.keys) } }
    var allWhole: Bool { lock.withLock { whole } }
}
