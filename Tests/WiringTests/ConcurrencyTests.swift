import Foundation
import Testing
import Wiring

@Suite struct ConcurrencyTests {
    final class Slow {}
    final class C {}
    final class B {
        @Inject var c: C
    }
    final class A {
        @Inject var b: B
    }

    @Test func slowSingleIsBuiltOnceWhenManyThreadsAskAtOnce() {
        for _ in 0..<25 {
            let calls = Counter()
            let container = module {
                single { () -> Slow in
                    calls.increment()
                    usleep(2_000)
                    return Slow()
                }
            }
            let seen = Collected<ObjectIdentifier>()
            runOnThreads(16) { _ in seen.append(ObjectIdentifier(container.resolve() as Slow)) }
            #expect(calls.count == 1)
            #expect(seen.all.count == 16)
            #expect(Set(seen.all).count == 1)
        }
    }

    @Test func chainsOfSinglesResolvedFromBothEndsAtOnce() {
        for _ in 0..<25 {
            let calls = Counter()
            let container = module {
                single { () -> A in calls.increment(); return A() }
                single { () -> B in calls.increment(); usleep(500); return B() }
                single { () -> C in calls.increment(); return C() }
            }
            runOnThreads(9) { index in
                switch index % 3 {
                case 0: _ = container.resolve() as A
                case 1: _ = container.resolve() as B
                default: _ = container.resolve() as C
                }
            }
            #expect(calls.count == 3)
            let a: A = container.resolve()
            #expect(a.b === container.resolve() as B)
            #expect(a.b.c === container.resolve() as C)
        }
    }

    @Test func factoriesAndSinglesFromManyThreads() {
        let container = module {
            single { C() }
            factory { B() }
        }
        let seen = Collected<ObjectIdentifier>()
        runOnThreads(8) { _ in
            for _ in 0..<200 {
                let b: B = container.resolve()
                seen.append(ObjectIdentifier(b.c))
            }
        }
        #expect(Set(seen.all).count == 1)
    }
}
