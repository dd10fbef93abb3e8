import Wiring

/// Scenario 8: a module of 200 definitions loaded into the root and unloaded again.
public final class Plugin: Sendable { public init() {} }

/// 200 tagged singles, as a feature module of a large app might have.
public let runtimeModule = module {
    for index in 0..<200 {
        single(tag: index) { Plugin() }
    }
}

/// Cycles per iteration of scenario 8: 100 iterations make 10,000 cycles.
public let cyclesPerIteration = 100

/// Loads the module, resolves one of its singletons and unloads it, `cyclesPerIteration` times.
/// Every root that load and unload replace, and every singleton unload releases, must be freed:
/// the benchmark's `mallocFreeDelta` (mallocs minus frees) and `memoryLeakedBytes` stay at 0 and RSS stays flat.
public func loadAndUnload() {
    for cycle in 0..<cyclesPerIteration {
        DependencyContainer.load(runtimeModule)
        sink(resolve(tag: cycle % 200) as Plugin)
        DependencyContainer.unload(runtimeModule)
    }
}

/// Scenario 9: a singleton of a module loaded at run time, which `unload` may release.
public final class LoadedService: Sendable { public init() {} }

public let loadedModule = module {
    single { LoadedService() }
}

/// Scenario 10: an async single, already built, resolved with `await resolveAsync()`.
public final class AsyncService: Sendable { public init() {} }

public let asyncModule = module {
    single { () async -> AsyncService in AsyncService() }
}
