import Foundation
import Testing
import Wiring

/// Wrappers in objects built by a container resolve from that container, so these tests need
/// no global root and run in parallel.
@Suite struct InjectionTests {
    final class Dependency {}

    final class EagerOwner {
        @Inject var dependency: Dependency
        @Inject(tag: "named") var named: Dependency
    }

    final class LazyOwner {
        @LazyInject var dependency: Dependency
        @LazyInject(tag: "named") var named: Dependency
    }

    final class OptionalOwner {
        @OptionalInject var dependency: Dependency?
        @OptionalInject(tag: "named") var named: Dependency?
        @OptionalInject(tag: "absent") var absent: Dependency?
    }

    struct ValueOwner {
        @LazyInject var dependency: Dependency
    }

    @MainActor final class MainActorOwner {
        @Inject var eager: Dependency
        @LazyInject var lazy: Dependency
        @OptionalInject var optional: Dependency?
    }

    @Test func injectResolvesWhenTheOwnerIsCreated() {
        let calls = Counter()
        let container = module {
            factory { calls.increment(); return Dependency() }
            single(tag: "named") { Dependency() }
            factory { EagerOwner() }
        }
        let owner: EagerOwner = container.resolve()
        #expect(calls.count == 1)
        _ = owner.dependency
        _ = owner.dependency
        #expect(calls.count == 1)
        #expect(owner.named === container.resolve(tag: "named") as Dependency)
    }

    @Test func lazyInjectResolvesOnFirstReadOnly() {
        let calls = Counter()
        let container = module {
            factory { calls.increment(); return Dependency() }
            factory(tag: "named") { calls.increment(); return Dependency() }
            factory { LazyOwner() }
        }
        let owner: LazyOwner = container.resolve()
        #expect(calls.count == 0)
        let first = owner.dependency
        #expect(calls.count == 1)
        #expect(owner.dependency === first)
        #expect(calls.count == 1)
        _ = owner.named
        #expect(calls.count == 2)
    }

    @Test func lazyInjectWorksInAStructHeldInALet() {
        let container = module {
            single { Dependency() }
            factory { ValueOwner() }
        }
        let owner: ValueOwner = container.resolve()
        #expect(owner.dependency === container.resolve() as Dependency)
    }

    @Test func optionalInjectIsNilWhenNothingIsRegistered() {
        let calls = Counter()
        let container = module {
            single(tag: "named") { calls.increment(); return Dependency() }
            factory { OptionalOwner() }
        }
        let owner: OptionalOwner = container.resolve()
        #expect(calls.count == 0)
        #expect(owner.dependency == nil)
        #expect(owner.absent == nil)
        #expect(owner.named === container.resolve(tag: "named") as Dependency)
        #expect(calls.count == 1)
    }

    @Test func optionalInjectResolvesOnceWhenRegistered() {
        let calls = Counter()
        let container = module {
            factory { calls.increment(); return Dependency() }
            factory { OptionalOwner() }
        }
        let owner: OptionalOwner = container.resolve()
        let first = owner.dependency
        #expect(first != nil)
        #expect(owner.dependency === first)
        #expect(calls.count == 1)
    }

    @Test @MainActor func wrappersWorkInMainActorClasses() {
        let container = module {
            single { Dependency() }
            factory { MainActor.assumeIsolated { MainActorOwner() } }
        }
        let owner: MainActorOwner = container.resolve()
        let shared: Dependency = container.resolve()
        #expect(owner.eager === shared)
        #expect(owner.lazy === shared)
        #expect(owner.optional === shared)
    }

    @Test func lazyInjectReadByManyThreadsAtOnceResolvesOnce() {
        for _ in 0..<20 {
            let calls = Counter()
            let container = module {
                factory { () -> Dependency in
                    calls.increment()
                    usleep(1_000)
                    return Dependency()
                }
                factory { LazyOwner() }
            }
            nonisolated(unsafe) let owner: LazyOwner = container.resolve()
            let seen = Collected<ObjectIdentifier>()
            runOnThreads(8) { _ in seen.append(ObjectIdentifier(owner.dependency)) }
            #expect(calls.count == 1)
            #expect(Set(seen.all).count == 1)
        }
    }
}
