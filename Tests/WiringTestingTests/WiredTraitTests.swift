import Foundation
import Testing
import Wiring
import WiringTesting

private let englishApp = module {
    single { EnglishGreeter() as Greeter }
    single { Welcome() }
}

/// Two tests for the same type with different mocks; Swift Testing runs them in parallel.
@Suite struct WiredTraitTests {
    @Test(.wired(module { single { MockGreeter(greeting: "first") as Greeter } }))
    func firstMock() async {
        for _ in 0..<50 {
            #expect((resolve() as Greeter).greeting == "first")
            await Task.yield()
        }
    }

    @Test(.wired(module { single { MockGreeter(greeting: "second") as Greeter } }))
    func secondMock() async {
        for _ in 0..<50 {
            #expect((resolve() as Greeter).greeting == "second")
            await Task.yield()
        }
    }

    @Test(.wired(englishApp), arguments: [1, 2, 3])
    func eachCaseGetsFreshSingletons(_ round: Int) {
        let welcome: Welcome = resolve()
        #expect(welcome === resolve() as Welcome)
        #expect(welcome.greeter.greeting == "Hello")
        // The trait's container never builds into the module it was given.
        #expect(englishApp.resolveOptional() as Welcome? !== welcome)
        // Nor shares a singleton with another case: each case keeps its instance alive here and
        // finds none of the others' (whichever order the cases run in, the later ones compare).
        let earlier = Self.welcomes.appendingReturningEarlier(welcome)
        #expect(earlier.allSatisfy { $0 !== welcome })
    }

    /// The `Welcome` of each case of `eachCaseGetsFreshSingletons`, kept alive.
    static let welcomes = Kept<Welcome>()
}

@Suite(.wired(englishApp))
struct WiredSuiteTests {
    @Test func suiteTraitAppliesToEachTest() {
        #expect((resolve() as Greeter).greeting == "Hello")
    }

    @Test(.wired(overriding: module { single { MockGreeter(greeting: "Howdy") as Greeter } }))
    func testTraitOverridesTheSuitesRoot() {
        let welcome: Welcome = resolve()
        #expect(welcome.greeter.greeting == "Howdy")
    }
}

@Suite(.serialized) struct GlobalRootTests {
    @Test func withGlobalRootReachesPlainThreads() throws {
        let greeting = try DependencyContainer.withGlobalRoot(englishApp) {
            onPlainThread { (resolve() as Greeter).greeting }
        }
        #expect(greeting == "Hello")
    }

    /// Issue 21, item 8: the global test root does what the app's root does.
    @Test func withGlobalRootLoadsAndUnloadsTheModulesOfItsRoot() throws {
        let french = module { single { FrenchGreeter() as Greeter }.override() }
        let app = modules { englishApp }
        try DependencyContainer.withGlobalRoot(app) {
            let first: Greeter = resolve()
            #expect(first.greeting == "Hello")
            DependencyContainer.load(french)
            #expect((resolve() as Greeter).greeting == "Bonjour")
            DependencyContainer.unload(french)
            DependencyContainer.unload(englishApp)
            #expect((try? resolveThrowing(Greeter.self)) == nil)
            DependencyContainer.load(englishApp)
            #expect((resolve() as Greeter).greeting == "Hello")
            #expect(throws: Never.self) { try DependencyContainer.verifyRoot() }
            let session = DependencyContainer.shared
            #expect(session.description.hasPrefix("root container"))
        }
    }

    // The async form keeps the global root across suspensions; a synchronous waiter meanwhile
    // blocks a thread of the cooperative pool. In this process other suites' synchronous holders
    // could block every such thread while an async holder waits to resume, so these run in a
    // process of their own (an exit test), as the docs advise for mixing the two forms.

    @Test func theAsyncFormKeepsTheGlobalRootAcrossAwaits() async {
        await #expect(processExitsWith: .success) {
            let french = module { single { FrenchGreeter() as Greeter }.override() }
            let greeting = try await DependencyContainer.withGlobalRoot(modules { englishApp }) {
                await Task.yield()
                DependencyContainer.load(french)
                try await Task.sleep(for: .milliseconds(5))
                let loaded = onPlainThread { (resolve() as Greeter).greeting }
                DependencyContainer.unload(french)
                return loaded
            }
            guard greeting == "Bonjour" else { fatalError("the loaded module was not seen: \(greeting)") }
        }
    }

    /// Holders of the global root never overlap, whichever form they use, and async waiters
    /// wait suspended (one synchronous waiter at most: it blocks a thread).
    @Test func holdersTakeTurns() async {
        await #expect(processExitsWith: .success) {
            let holders = LockedBox<Int>()
            holders.value = 0
            let most = LockedBox<Int>()
            most.value = 0
            let enter: @Sendable () -> Void = {
                holders.value += 1
                most.value = max(most.value, holders.value)
            }
            let leave: @Sendable () -> Void = { holders.value -= 1 }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        if index == 0 {
                            try DependencyContainer.withGlobalRoot(englishApp) {
                                enter()
                                precondition((resolve() as Greeter).greeting == "Hello")
                                leave()
                            }
                        } else {
                            try await DependencyContainer.withGlobalRoot(englishApp) {
                                enter()
                                try await Task.sleep(for: .milliseconds(2))
                                precondition((resolve() as Greeter).greeting == "Hello")
                                leave()
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            guard most.value == 1 else { fatalError("\(most.value) holders of the global root at once") }
        }
    }

    @Test func aScopedRootLeavesTheGlobalOneAlone() throws {
        try DependencyContainer.withGlobalRoot(englishApp) {
            let outside = DependencyContainer.withRoot(module { single { FrenchGreeter() as Greeter } }) {
                #expect((resolve() as Greeter).greeting == "Bonjour")
                // A plain thread, outside the test's task, sees the global root meanwhile.
                return onPlainThread { (resolve() as Greeter).greeting }
            }
            #expect(outside == "Hello")
            #expect((resolve() as Greeter).greeting == "Hello")
        }
    }
}

/// Runs `body` on a new `Thread`, which is no task's, and waits for its result.
func onPlainThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
    let result = LockedBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Thread {
        result.value = body()
        done.signal()
    }.start()
    done.wait()
    return result.value
}

final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value?

    var value: Value {
        get { lock.withLock { stored! } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Instances kept alive across the cases of a parameterized test.
final class Kept<Value: AnyObject>: @unchecked Sendable {
    // `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    /// Adds `value`; returns those added before it.
    func appendingReturningEarlier(_ value: Value) -> [Value] {
        lock.withLock {
            defer { values.append(value) }
            return values
        }
    }
}
