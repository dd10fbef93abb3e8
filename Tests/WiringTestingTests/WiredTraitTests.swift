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
    }
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
