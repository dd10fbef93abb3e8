import Benchmark
import Dependencies
import Dispatch
import Fixtures
import Swinject
import Wiring
import WiringTesting

/// The open scopes of scenario 11, made by its setup.
final class OpenVisitsHolder: @unchecked Sendable {
    // Set by a benchmark's setup and teardown, read by its closure: never at the same time.
    var current: OpenVisits?
}
let openVisits = OpenVisitsHolder()

/// Resolves per thread in the two-thread scenario.
let perThread = 10_000

let benchmarks: @Sendable () -> Void = {
    DependencyContainer.defined(by: wiringModule)
    DependencyContainer.load(loadedModule)

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000,
        thresholds: [
            .mallocCountTotal: .init(absolute: [.p90: 0]),
            .instructions: .init(relative: [.p90: 10]),
        ]
    )

    // 1. A registered singleton, by type.
    Benchmark("1 singleton: Wiring resolve()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(resolve() as ServiceProtocol) }
    }
    Benchmark("1 singleton: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(ServiceProtocol.self)!) }
    }
    Benchmark("1 singleton: swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.service) var service
            blackHole(service)
        }
    }
    Benchmark("1 singleton: hand-written lock") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.service) }
    }

    // 2. A factory that builds a new object.
    Benchmark("2 factory: Wiring resolve()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(resolve() as Part) }
    }
    Benchmark("2 factory: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Part.self)!) }
    }
    Benchmark("2 factory: swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.partFactory) var parts
            blackHole(parts.make())
        }
    }
    Benchmark("2 factory: hand-written init") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Part()) }
    }

    // 3. A factory taking one single and two factories.
    Benchmark("3 graph: Wiring resolve()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(resolve() as Graph) }
    }
    Benchmark("3 graph: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Graph.self)!) }
    }
    Benchmark("3 graph: swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.graphFactory) var graphs
            blackHole(graphs.make())
        }
    }
    Benchmark("3 graph: hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Graph(service: handWritten.service, first: Part(), second: Part()))
        }
    }

    // 4. A tagged singleton.
    Benchmark("4 tagged singleton: Wiring resolve(tag:)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(resolve(tag: Flavor.tagged) as ServiceProtocol) }
    }
    Benchmark("4 tagged singleton: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(ServiceProtocol.self, name: "tagged")!) }
    }
    Benchmark("4 tagged singleton: swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.taggedService) var service
            blackHole(service)
        }
    }
    Benchmark("4 tagged singleton: hand-written lock") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.tagged) }
    }

    // 5. An object with five injected singletons.
    Benchmark("5 five @Inject: Wiring") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(FiveInjected()) }
    }
    Benchmark("5 five @Inject: Swinject") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                FiveStored(
                    one: swinject.resolve(ServiceProtocol.self)!, two: swinject.resolve(Dependency2.self)!,
                    three: swinject.resolve(Dependency3.self)!, four: swinject.resolve(Dependency4.self)!,
                    five: swinject.resolve(Dependency5.self)!))
        }
    }
    Benchmark("5 five @Inject: swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(FiveDependencies().readAll()) }
    }
    Benchmark("5 five @Inject: hand-written") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.fiveStored()) }
    }

    // 6. Two threads resolving the same singleton at once (10,000 each per iteration).
    let twoThreads = Benchmark.Configuration(scalingFactor: .one)
    Benchmark("6 two threads x10k: Wiring", configuration: twoThreads) { benchmark in
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<perThread { blackHole(resolve() as ServiceProtocol) }
            }
        }
    }
    Benchmark("6 two threads x10k: Swinject", configuration: twoThreads) { benchmark in
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<perThread { blackHole(swinject.resolve(ServiceProtocol.self)!) }
            }
        }
    }
    Benchmark("6 two threads x10k: swift-dependencies", configuration: twoThreads) { benchmark in
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<perThread {
                    @Dependency(\.service) var service
                    blackHole(service)
                }
            }
        }
    }
    Benchmark("6 two threads x10k: hand-written lock", configuration: twoThreads) { benchmark in
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<perThread { blackHole(handWritten.service) }
            }
        }
    }

    // 7. The registry alone: a container built from 1,000 definitions made once, beforehand (a
    // global array), each type resolved once. Scenarios 13-15 measure start-up as apps write it.
    let manyTypes = Benchmark.Configuration(scalingFactor: .one)
    Benchmark("7 registry of 1000 premade: Wiring", configuration: manyTypes) { benchmark in
        for _ in benchmark.scaledIterations { wiringManyTypes() }
    }
    Benchmark("7 registry of 1000 premade: Swinject", configuration: manyTypes) { benchmark in
        for _ in benchmark.scaledIterations { swinjectManyTypes() }
    }
    Benchmark("7 registry of 1000 premade: swift-dependencies", configuration: manyTypes) { benchmark in
        for _ in benchmark.scaledIterations { dependenciesManyTypes() }
    }
    Benchmark("7 registry of 1000 premade: hand-written", configuration: manyTypes) { benchmark in
        for _ in benchmark.scaledIterations { baselineManyTypes() }
    }

    // 8. Runtime modules: 10,000 load/unload cycles of a 200-definition module must not leak.
    let cycles = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .mallocFreeDelta, .memoryLeakedBytes, .peakMemoryResident],
        scalingFactor: .one,
        maxDuration: .seconds(60),
        maxIterations: 100,
        thresholds: [.mallocFreeDelta: .init(absolute: [.p90: 0]), .memoryLeakedBytes: .init(absolute: [.p90: 0])]
    )
    Benchmark("8 load+unload x100: Wiring", configuration: cycles) { _ in
        loadAndUnload()
    }

    // 9. A singleton of a module loaded at run time: read lock-free like the root's own, though
    // `unload` can release it.
    Benchmark("9 loaded-module singleton: Wiring resolve()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(resolve() as LoadedService) }
    }
    Benchmark("9 loaded-module singleton: hand-written lock") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.service) }
    }

    // 10. An async single that is built already, through `await resolveAsync()`.
    Benchmark("10 async singleton: Wiring resolveAsync()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await asyncModule.resolveAsync(AsyncService.self)) }
    }
    Benchmark("10 async singleton: hand-written lock") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWritten.service) }
    }

    // 11. One more scope cycle (open with an id, declare a value, resolve a scoped service that
    // takes it and a root single, close) while 10, 1,000 or 100,000 scopes opened the same way
    // stay open. Its cost must not grow with the number open.
    for open in [10, 1_000, 100_000] {
        Benchmark(
            "11 scope cycle, \(open) open: Wiring",
            configuration: .init(scalingFactor: .kilo, maxDuration: .seconds(2)),
            closure: { benchmark in
                for _ in benchmark.scaledIterations { openVisits.current.unsafelyUnwrapped.cycle() }
            },
            // The scope's module is loaded for these three only, so that the other scenarios'
            // root (scenario 8's load and unload included) stays without scopes.
            setup: {
                DependencyContainer.load(visitModule)
                openVisits.current = OpenVisits(count: open)
            },
            teardown: {
                openVisits.current?.closeAll()
                openVisits.current = nil
                DependencyContainer.unload(visitModule)
            })
    }
    Benchmark("11 scope cycle: hand-written") { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(VisitService(info: VisitInfo(id: index), service: handWritten.service))
        }
    }

    // 12. A request scope as a server handler uses one: open with the request's id, declare its
    // info, resolve three request-scoped services (each takes the info and a root single), close.
    Benchmark(
        "12 request scope: Wiring",
        closure: { benchmark in
            let root = DependencyContainer.shared
            for index in benchmark.scaledIterations { blackHole(wiringRequest(index, in: root)) }
        },
        // Loaded for this scenario only, like scenario 11's module.
        setup: { DependencyContainer.load(requestModule) },
        teardown: { DependencyContainer.unload(requestModule) })
    Benchmark("12 request scope: Swinject") { benchmark in
        let parent = swinjectRequestParent()
        for index in benchmark.scaledIterations { blackHole(swinjectRequest(index, parent: parent)) }
    }
    Benchmark("12 request scope: swift-dependencies") { benchmark in
        for index in benchmark.scaledIterations { blackHole(dependenciesRequest(index)) }
    }
    Benchmark("12 request scope: hand-written") { benchmark in
        let database = Database()
        for index in benchmark.scaledIterations { blackHole(handWrittenRequest(index, database: database)) }
    }

    // 16. Request scopes on two threads at once (1,000 each per iteration), as a server on two
    // cores opens them: what Wiring's shared state (its build lock, the scope directory, the
    // objects every scope refers to) costs when requests run in parallel.
    let twoThreadRequests = Benchmark.Configuration(scalingFactor: .one)
    Benchmark(
        "16 request scopes on two threads x1k: Wiring", configuration: twoThreadRequests,
        closure: { benchmark in
            let root = DependencyContainer.shared
            for _ in benchmark.scaledIterations {
                DispatchQueue.concurrentPerform(iterations: 2) { thread in
                    for index in 0..<1_000 { blackHole(wiringRequest(thread * 1_000_000 + index, in: root)) }
                }
            }
        },
        setup: { DependencyContainer.load(requestModule) },
        teardown: { DependencyContainer.unload(requestModule) })
    Benchmark("16 request scopes on two threads x1k: hand-written", configuration: twoThreadRequests) { benchmark in
        let database = Database()
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for index in 0..<1_000 { blackHole(handWrittenRequest(thread * 1_000_000 + index, database: database)) }
            }
        }
    }

    // 13-15. Start-up as an app writes it: every definition made inside the measured region
    // (`module { single { Many0() } … }`), the modules composed, the root installed with
    // `defined(by:)`, each type resolved once, the root removed again. These replace the
    // benchmark's own root, which the teardown puts back.
    let startUp = Benchmark.Configuration(
        scalingFactor: .one, teardown: {
            try? DependencyContainer.withGlobalRoot(module {}) {}
            DependencyContainer.defined(by: wiringModule)
            DependencyContainer.load(loadedModule)
        })
    Benchmark("13 start-up, one inline module of 1000: Wiring", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { wiringStartUpOneModule() }
    }
    Benchmark("13 start-up, one inline module of 1000: Swinject", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { swinjectStartUpOneModule() }
    }
    Benchmark("13 start-up, one inline module of 1000: swift-dependencies", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { dependenciesManyTypes() }
    }
    Benchmark("13 start-up, one inline module of 1000: hand-written", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { baselineManyTypes() }
    }
    Benchmark("14 start-up, ten modules of 100 composed: Wiring", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { wiringStartUpTenModules() }
    }
    Benchmark("14 start-up, ten modules of 100 composed: Swinject", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { swinjectStartUpTenModules() }
    }
    Benchmark("14 start-up, ten modules of 100 composed: hand-written", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { baselineManyTypes() }
    }
    Benchmark("15 start-up, general path of 200: Wiring", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { wiringStartUpGeneral() }
    }
    Benchmark("15 start-up, general path of 200: Swinject", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { swinjectStartUpGeneral() }
    }
    Benchmark("15 start-up, general path of 200: hand-written", configuration: startUp) { benchmark in
        for _ in benchmark.scaledIterations { baselineStartUpGeneral() }
    }
}

