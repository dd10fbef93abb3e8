import Testing
import Wiring

@Suite struct LifetimeTests {
    final class Thing {}

    @Test func singleIsLazyAndBuiltOnce() {
        let calls = Counter()
        let container = module {
            single { calls.increment(); return Thing() }
        }
        #expect(calls.count == 0)
        let first: Thing = container.resolve()
        let second: Thing = container.resolve()
        #expect(first === second)
        #expect(calls.count == 1)
    }

    @Test func factoryBuildsEveryTime() {
        let calls = Counter()
        let container = module {
            factory { calls.increment(); return Thing() }
        }
        let first: Thing = container.resolve()
        let second: Thing = container.resolve()
        let third: Thing = container.resolve()
        #expect(first !== second && second !== third)
        #expect(calls.count == 3)
    }

    @Test func singletonOfValueTypeKeepsItsValue() {
        let calls = Counter()
        let container = module {
            single { () -> [Int] in calls.increment(); return [1, 2, 3] }
        }
        #expect(container.resolve() as [Int] == [1, 2, 3])
        #expect(container.resolve() as [Int] == [1, 2, 3])
        #expect(calls.count == 1)
    }

    @Test func eachContainerHasItsOwnSingleton() {
        let definitions = module { single { Thing() } }
        let one = modules { definitions }
        let two = modules { definitions }
        #expect(one.resolve() as Thing !== two.resolve() as Thing)
    }

    @Test func resolvableTakesALifetime() {
        let container = module {
            resolvable(lifetime: .factory) { Thing() }
            resolvable(tag: "one") { Thing() }
        }
        #expect(container.resolve() as Thing !== container.resolve() as Thing)
        #expect(container.resolve(tag: "one") as Thing === container.resolve(tag: "one") as Thing)
    }
}
