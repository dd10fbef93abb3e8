import Dispatch
import Dependencies
import Fixtures
import Swinject
import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each scenario of the benchmarks, for each library, as a loop of `count` operations.
let scenarios: [String: @Sendable (Int) -> Void] = [
    "singleton/wiring": { count in for _ in 0..<count { sink(resolve() as ServiceProtocol) } },
    "singleton/swinject": { count in for _ in 0..<count { sink(swinject.resolve(ServiceProtocol.self)!) } },
    "singleton/dependencies": { count in
        for _ in 0..<count {
            @Dependency(\.service) var service
            sink(service)
        }
    },
    "singleton/hand-written": { count in for _ in 0..<count { sink(handWritten.service) } },

    "factory/wiring": { count in for _ in 0..<count { sink(resolve() as Part) } },
    "factory/swinject": { count in for _ in 0..<count { sink(swinject.resolve(Part.self)!) } },
    "factory/dependencies": { count in
        for _ in 0..<count {
            @Dependency(\.partFactory) var parts
            sink(parts.make())
        }
    },
    "factory/hand-written": { count in for _ in 0..<count { sink(Part()) } },
    // For Scripts/resolve-breadth.py: a factory with one dependency (a built singleton), in a
    // module of its own so that the scenarios above resolve the same root as before.
    "factory-dependency/wiring": { count in
        for _ in 0..<count { sink(factoryDependencyModule.resolve() as ServiceUser) }
    },

    // Run on the main thread, where the main actor is: built at once, as a view model is.
    "main-actor-factory/wiring": { count in for _ in 0..<count { sink(resolve() as MainActorPart) } },
    "main-actor-module-factory/wiring": { count in
        let container = MainActor.assumeIsolated { mainActorModule }
        for _ in 0..<count { sink(container.resolve() as ModuleActorPart) }
    },
    "main-actor-module-factory/baseline": { count in
        for _ in 0..<count { sink(plainModule.resolve() as Part) }
    },
    "main-actor-module-factory/hand-written": { count in
        for _ in 0..<count { MainActor.assumeIsolated { sink(ModuleActorPart()) } }
    },
    "main-actor-factory/hand-written": { count in
        for _ in 0..<count { MainActor.assumeIsolated { sink(MainActorPart()) } }
    },

    "graph/wiring": { count in for _ in 0..<count { sink(resolve() as Graph) } },
    "graph/swinject": { count in for _ in 0..<count { sink(swinject.resolve(Graph.self)!) } },
    "graph/dependencies": { count in
        for _ in 0..<count {
            @Dependency(\.graphFactory) var graphs
            sink(graphs.make())
        }
    },
    "graph/hand-written": { count in
        for _ in 0..<count { sink(Graph(service: handWritten.service, first: Part(), second: Part())) }
    },

    "tagged/wiring": { count in for _ in 0..<count { sink(resolve(tag: Flavor.tagged) as ServiceProtocol) } },
    "tagged/swinject": { count in for _ in 0..<count { sink(swinject.resolve(ServiceProtocol.self, name: "tagged")!) } },
    "tagged/dependencies": { count in
        for _ in 0..<count {
            @Dependency(\.taggedService) var service
            sink(service)
        }
    },
    "tagged/hand-written": { count in for _ in 0..<count { sink(handWritten.tagged) } },

    "five-inject/wiring": { count in for _ in 0..<count { sink(FiveInjected()) } },
    "five-inject/swinject": { count in
        for _ in 0..<count {
            sink(
                FiveStored(
                    one: swinject.resolve(ServiceProtocol.self)!, two: swinject.resolve(Dependency2.self)!,
                    three: swinject.resolve(Dependency3.self)!, four: swinject.resolve(Dependency4.self)!,
                    five: swinject.resolve(Dependency5.self)!))
        }
    },
    "five-inject/dependencies": { count in for _ in 0..<count { sink(FiveDependencies().readAll()) } },
    "five-inject/hand-written": { count in for _ in 0..<count { sink(handWritten.fiveStored()) } },

    "1000-types/wiring": { count in for _ in 0..<count { wiringManyTypes() } },
    "1000-types/swinject": { count in for _ in 0..<count { swinjectManyTypes() } },
    "1000-types/dependencies": { count in for _ in 0..<count { dependenciesManyTypes() } },
    "1000-types/hand-written": { count in for _ in 0..<count { baselineManyTypes() } },

    // Scenarios 13-15, start-up as apps write it: definitions made, modules composed, the root
    // installed, each type resolved once.
    "start-up-one-module/wiring": { count in for _ in 0..<count { wiringStartUpOneModule() } },
    "start-up-one-module/swinject": { count in for _ in 0..<count { swinjectStartUpOneModule() } },
    "start-up-ten-modules/wiring": { count in for _ in 0..<count { wiringStartUpTenModules() } },
    "first-resolve-inline/wiring": { count in for _ in 0..<count { wiringFirstResolveInline {} } },
    "first-resolve-background/wiring": { count in for _ in 0..<count { wiringFirstResolveInBackground {} } },
    // Scenario 17's wall clock on the launching thread, up to the first resolve: prints the median
    // of `count` start-ups, in microseconds (package-benchmark's malloc interposer and the
    // background threads do not go together; see Benchmarks/README.md).
    "first-resolve-timed/wiring": { count in
        for (name, run) in [("inline", wiringFirstResolveInline), ("background", wiringFirstResolveInBackground)] {
            var times: [Duration] = []
            for _ in 0..<count {
                let start = ContinuousClock.now
                run { times.append(ContinuousClock.now - start) }
            }
            times.sort()
            if count > 1 { print("17 first resolve, \(name): median \(times[count / 2]), fastest \(times[0])") }
        }
    },
    "start-up-ten-modules/swinject": { count in for _ in 0..<count { swinjectStartUpTenModules() } },
    // swift-dependencies has no modules: its one way of setting 1,000 values serves both shapes.
    "start-up-one-module/dependencies": { count in for _ in 0..<count { dependenciesManyTypes() } },
    "start-up-ten-modules/dependencies": { count in for _ in 0..<count { dependenciesManyTypes() } },
    "start-up-one-module/hand-written": { count in for _ in 0..<count { baselineManyTypes() } },
    "start-up-ten-modules/hand-written": { count in for _ in 0..<count { baselineManyTypes() } },
    "start-up-general/wiring": { count in for _ in 0..<count { wiringStartUpGeneral() } },
    "start-up-general/swinject": { count in for _ in 0..<count { swinjectStartUpGeneral() } },
    "start-up-general/hand-written": { count in for _ in 0..<count { baselineStartUpGeneral() } },

    // Scenario 8 for Wiring alone: 100 load/unload cycles of a 200-definition module per operation.
    "load-unload/wiring": { count in for _ in 0..<count { loadAndUnload() } },

    // Scenario 11 for Wiring alone: scope cycles beside 10, 1,000 or 100,000 open scopes (opened
    // once, in both runs, so their cost cancels out).
    "scope-cycle-10/wiring": scopeCycles(open: 10),
    "scope-cycle-1000/wiring": scopeCycles(open: 1_000),
    "scope-cycle-100000/wiring": scopeCycles(open: 100_000),
    "scope-cycle/hand-written": { count in
        for index in 0..<count { sink(VisitService(info: VisitInfo(id: index), service: handWritten.service)) }
    },

    // Scenario 12: one request scope (open by id, declare, three scoped services, close).
    // Scenarios 6 and 16 for wall-clock A/B runs of the whole process (`farm-bench`): `count`
    // rounds of two threads at once. Not in the instruction table (threads make counts noisy).
    "two-threads/wiring": { count in
        for _ in 0..<count {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<10_000 { sink(resolve() as ServiceProtocol) }
            }
        }
    },
    // Scenario 6 by hand: the same two threads, each reading the hand-written locator's one mutex.
    "two-threads/hand-written": { count in
        for _ in 0..<count {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<10_000 { sink(handWritten.service) }
            }
        }
    },
    // Scenario 6 with eight threads of their own (`concurrentPerform` would run only as many as
    // there are cores): `count` rounds of eight threads, each resolving the singleton 10,000
    // times. On a 2-core machine they take turns, so a reader may be preempted inside its read.
    "eight-threads/wiring": onThreads(8) {
        for _ in 0..<10_000 { sink(resolve() as ServiceProtocol) }
    },
    "eight-threads/hand-written": onThreads(8) {
        for _ in 0..<10_000 { sink(handWritten.service) }
    },
    "two-thread-requests/wiring": { count in
        let root = requestRoot.value
        for _ in 0..<count {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for index in 0..<1_000 { sink(wiringRequest(thread * 1_000_000 + index, in: root)) }
            }
        }
    },
    "request-scope/wiring": { count in
        let root = requestRoot.value
        for index in 0..<count { sink(wiringRequest(index, in: root)) }
    },
    "request-scope/swinject": { count in
        let parent = swinjectRequestParent()
        for index in 0..<count { sink(swinjectRequest(index, parent: parent)) }
    },
    "request-scope/dependencies": { count in
        for index in 0..<count { sink(dependenciesRequest(index)) }
    },
    "request-scope/hand-written": { count in
        let database = Database()
        for index in 0..<count { sink(handWrittenRequest(index, database: database)) }
    },

    // Depth: resolve the top of a chain of factories 100 / 1,000 / 5,000 levels deep;
    // divide by the depth for the cost per level.
    "depth-100/wiring": deepResolves(depth: 100),
    "depth-1000/wiring": deepResolves(depth: 1_000),
    "depth-5000/wiring": deepResolves(depth: 5_000),

    // Breadth: build a module of 1,000 / 10,000 / 100,000 tagged singletons of one
    // type; divide by the count for the cost per definition.
    "breadth-1000/wiring": { count in for _ in 0..<count { sink(buildTaggedModule(count: 1_000)) } },
    "breadth-10000/wiring": { count in for _ in 0..<count { sink(buildTaggedModule(count: 10_000)) } },
    "breadth-100000/wiring": { count in for _ in 0..<count { sink(buildTaggedModule(count: 100_000)) } },
    // The same per definition, against untagged definitions of 1,000 types, with closures that
    // capture nothing on both sides.
    "breadth-untagged/wiring": { count in for _ in 0..<count { sink(buildUntaggedModule()) } },
    "breadth-tagged-no-capture/wiring": { count in
        for _ in 0..<count { sink(buildTaggedModuleCapturingNothing(count: 1_000)) }
    },

    // Scenario 10 for Wiring alone: `count` awaits of a built async single, in one task.
    "async-singleton/wiring": { count in
        let done = DispatchSemaphore(value: 0)
        Task {
            for _ in 0..<count { sink(await asyncModule.resolveAsync(AsyncService.self)) }
            done.signal()
        }
        done.wait()
    },
]

/// `count` scope cycles beside `open` open scopes, made on the first call.
private func scopeCycles(open: Int) -> @Sendable (Int) -> Void {
    let visits = OpenVisitsOnce(open: open)
    return { count in
        let open = visits.value
        for _ in 0..<count { open.cycle() }
    }
}

private final class OpenVisitsOnce: @unchecked Sendable {
    // Made on first use, by the one thread that runs the scenario.
    private let open: Int
    private var made: OpenVisits?
    init(open: Int) { self.open = open }
    var value: OpenVisits {
        if let made { return made }
        DependencyContainer.load(visitModule)
        let visits = OpenVisits(count: open)
        made = visits
        return visits
    }
}

/// The root with scenario 12's module loaded, on first use.
private final class RequestRootOnce: @unchecked Sendable {
    // Made on first use, by the one thread that runs the scenario.
    private var loaded = false
    var value: DependencyContainer {
        if !loaded {
            DependencyContainer.load(requestModule)
            loaded = true
        }
        return DependencyContainer.shared
    }
}

private let requestRoot = RequestRootOnce()

/// `count` resolves of the top of a chain `depth` levels deep, made on the first call.
private func deepResolves(depth: Int) -> @Sendable (Int) -> Void {
    let chain = ChainOnce(depth: depth)
    return { count in
        let container = chain.value
        for _ in 0..<count { sink(container.resolve(tag: depth - 1) as Level) }
    }
}

private final class ChainOnce: @unchecked Sendable {
    // Made on first use, by the one thread that runs the scenario.
    private let depth: Int
    private var made: DependencyContainer?
    init(depth: Int) { self.depth = depth }
    var value: DependencyContainer {
        if let made { return made }
        let chain = deepChain(depth: depth)
        made = chain
        return chain
    }
}

/// What `factory-dependency/wiring` builds: a new object that uses one singleton.
final class ServiceUser: Sendable {
    let service: ServiceProtocol
    init(service: ServiceProtocol) { self.service = service }
}

/// `factory-dependency/wiring`'s module, resolved as a container, not as the global root.
let factoryDependencyModule = module {
    single { Service() as ServiceProtocol }
    factory { ServiceUser(service: resolve()) }
}

/// `count` rounds of `threads` threads of their own, each running `body` once, started together
/// and joined.
private func onThreads(_ threads: Int, _ body: @escaping @Sendable () -> Void) -> @Sendable (Int) -> Void {
    { count in
        for _ in 0..<count {
            let started = (0..<threads).map { _ in startThread(body) }
            for thread in started { joinThread(thread) }
        }
    }
}

/// Runs `body` on a new thread and waits for it to end.
func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
    joinThread(startThread(body))
}

#if canImport(Glibc)
typealias StartedThread = pthread_t
#else
typealias StartedThread = pthread_t?
#endif

/// Starts `body` on a new thread, for `joinThread`.
func startThread(_ body: @escaping @Sendable () -> Void) -> StartedThread {
    final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let created = pthread_create(&thread, nil, { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    guard created == 0 else {
        print("pthread_create failed: \(created)")
        exit(1)
    }
    return thread
}

/// Waits for a thread from `startThread` to end.
func joinThread(_ thread: StartedThread) {
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    pthread_join(thread!, nil)
    #endif
}
