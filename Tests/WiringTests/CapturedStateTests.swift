import Foundation
import Testing
import Wiring

/// A factory closure that captures an object sees that object's current state and keeps it
/// alive exactly as long as its definition. These run in release too (`.ci/run`), where the
/// optimizer drops stores to, and frees early, anything whose owner it cannot see.
@Suite struct CapturedStateTests {
    final class Box: @unchecked Sendable {
        // Written before the module is resolved, read after: no concurrent access.
        var value: Int?
    }

    final class Thing {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Counts live instances of `Tracked` across threads.
    final class Live: @unchecked Sendable {
        // `count` is only touched under `lock`.
        private let lock = NSLock()
        private var count = 0
        func add(_ delta: Int) { lock.withLock { count += delta } }
        var current: Int { lock.withLock { count } }
    }

    final class Tracked: @unchecked Sendable {
        let live: Live
        init(_ live: Live) {
            self.live = live
            live.add(1)
        }
        deinit { live.add(-1) }
    }

    enum Kind: CaseIterable { case single, factory, taggedSingle, taggedFactory }

    @inline(never)
    static func builtFromCurrentState(_ round: Int, kind: Kind) -> Bool {
        let box = Box()
        let container =
            switch kind {
            case .single: module { single { Thing(box.value ?? -1) } }
            case .factory: module { factory { Thing(box.value ?? -1) } }
            case .taggedSingle: module { single(tag: "t") { Thing(box.value ?? -1) } }
            case .taggedFactory: module { factory(tag: "t") { Thing(box.value ?? -1) } }
            }
        box.value = round
        let thing: Thing =
            switch kind {
            case .single, .factory: container.resolve()
            case .taggedSingle, .taggedFactory: container.resolve(tag: "t")
            }
        return thing.value == round
    }

    @Test(arguments: Kind.allCases)
    func aFactoryReadsWhatItsCaptureHoldsWhenItRuns(kind: Kind) {
        let stale = (0..<1_000).filter { !CapturedStateTests.builtFromCurrentState($0, kind: kind) }
        #expect(stale.isEmpty, "\(stale.count) of 1,000 built from a stale capture")
    }

    @inline(never)
    static func moduleCapturing(_ live: Live) -> DependencyContainer {
        let tracked = Tracked(live)
        return module {
            factory { tracked }
            single(tag: 1) { tracked }
        }
    }

    @Test func aCapturedObjectLivesExactlyAsLongAsItsModule() {
        let live = Live()
        var container: DependencyContainer? = CapturedStateTests.moduleCapturing(live)
        #expect(live.current == 1)
        for _ in 0..<100 {
            let tracked: Tracked = container!.resolve()
            #expect(tracked.live === live)
        }
        #expect(live.current == 1)
        let composed = modules { container! }
        let viaComposed: Tracked = composed.resolve(tag: 1)
        #expect(viaComposed.live === live)
        container = nil
        #expect(live.current == 1, "the composed root still holds the definitions")
        _ = composed
    }

    @Test func aCapturedObjectIsFreedOnceWhenItsModuleGoes() {
        let live = Live()
        do {
            let container = CapturedStateTests.moduleCapturing(live)
            let tracked: Tracked = container.resolve()
            #expect(live.current == 1)
            _ = tracked
        }
        #expect(live.current == 0)
    }

    final class Holder: @unchecked Sendable {
        // Set once before the threads start, read by them after.
        var container: DependencyContainer?
    }

    final class A { let b: B; init(_ b: B) { self.b = b } }
    final class B { let c: C; init(_ c: C) { self.c = c } }
    final class C {}

    @Test func eightThreadsBuildAChainOfCapturingSinglesOnce() {
        for _ in 0..<20 {
            let holder = Holder()
            let calls = Counter()
            let container = module {
                single { calls.increment(); return A(holder.container!.resolve()) }
                single { calls.increment(); return B(holder.container!.resolve()) }
                single { calls.increment(); return C() }
            }
            holder.container = container
            let seen = Collected<ObjectIdentifier>()
            runOnThreads(8) { _ in
                let a: A = container.resolve()
                seen.append(ObjectIdentifier(a))
            }
            #expect(Set(seen.all).count == 1)
            #expect(calls.count == 3)
            holder.container = nil
        }
    }
}
