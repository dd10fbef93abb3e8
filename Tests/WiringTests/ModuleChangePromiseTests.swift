import Dispatch
import Foundation
import Testing
import Wiring

// Issue 59: every promise holds while modules load and unload. One root per resolve, with every
// nested resolve; eager singles started by the load that brought them, once; no other load or
// unload starts, fails or reports them. They define the global root, so they run one at a time.

private final class Starter: Sendable {
    init(_ builds: Counter) { builds.increment() }
}
private final class CorePresenter: Sendable {}
private protocol CoreNet: AnyObject, Sendable {}
private final class CoreNetA: CoreNet {}
private final class CoreNetB: CoreNet {}
private final class Other: Sendable {}
private final class Svc: Sendable {}
private final class Job: Sendable {
    let svc: Svc
    init(svc: Svc) { self.svc = svc }
}

private let starterBuilds = Counter()

extension DependencyContainer {
    fileprivate static let promiseCore = module {
        single { CorePresenter() }
        single(tag: "a") { CoreNetA() as CoreNet }
        single(tag: "b") { CoreNetB() as CoreNet }
    }
    fileprivate static let promiseEager = module {
        single { Starter(starterBuilds) }.createdAtStart()
    }
    fileprivate static let promiseOther = module {
        single { Other() }
    }
}

/// Set once before the module is used: the module whose factory unloads it mid-build.
private final class SelfUnloadingModule: @unchecked Sendable {
    // Written once before any thread reads it.
    var module: DependencyContainer?
}

@Suite(.serialized) struct ModuleChangePromiseTests {
    /// One thread loads and unloads a module with a `createdAtStart()` single, a second loads and
    /// unloads another, a third resolves what the start-up module defines, with every form. No
    /// call fails, and the eager single is built exactly once per load of its module.
    @Test func loadsAndUnloadsNeverStartOrFailAnotherModulesEagerSingles() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .promiseCore)
            let before = starterBuilds.count
            let eagerLoads = Counter()
            let failures = Collected<String>()
            let resolves = Counter()
            // Each role on a thread of its own, every one doing at least 200 operations: on two
            // cores a shared deadline alone let the resolver start after it (issue found at
            // 96ed34e: iterations per role [8089, 7970, 0]).
            let operations = runRoles(minimumEach: 200, seconds: 1, [
                {
                    DependencyContainer.load(.promiseEager)
                    eagerLoads.increment()
                    DependencyContainer.unload(.promiseEager)
                },
                {
                    DependencyContainer.load(.promiseOther)
                    DependencyContainer.unload(.promiseOther)
                },
                {
                    do {
                        _ = try resolveThrowing(CorePresenter.self)
                        let all: [CoreNet] = resolveAll()
                        if all.count != 2 { failures.append("resolveAll found \(all.count)") }
                        if (resolveOptional() as CorePresenter?) == nil { failures.append("optional nil") }
                        resolves.increment()
                    } catch {
                        failures.append("\(error)")
                    }
                },
            ])
            #expect(operations.allSatisfy { $0 >= 200 }, "operations per role: \(operations)")
            #expect(resolves.count >= 200)
            #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
            #expect(eagerLoads.count > 0)
            #expect(starterBuilds.count - before == eagerLoads.count)
        }
    }

    /// A later load of another module does not start the eager singles again.
    @Test func anEagerSingleIsStartedOnceByTheLoadThatBroughtIt() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .promiseCore)
            let before = starterBuilds.count
            DependencyContainer.load(.promiseEager)
            #expect(starterBuilds.count - before == 1)
            DependencyContainer.load(.promiseOther)
            DependencyContainer.unload(.promiseOther)
            _ = resolve() as CorePresenter
            #expect(starterBuilds.count - before == 1)
            DependencyContainer.unload(.promiseEager)
        }
    }

    /// A factory whose module is unloaded while it builds (by the factory itself) still gets
    /// what it resolves from the root its build began on: the optional resolve returns the value,
    /// never stops the program.
    @Test func aFactoryWhoseModuleIsUnloadedMidBuildResolvesOnItsOwnRoot() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .promiseCore)
            let holder = SelfUnloadingModule()
            let unloadingModule = module {
                single { Svc() }
                factory { () -> Job in
                    if let module = holder.module { DependencyContainer.unload(module) }
                    return Job(svc: resolve())
                }
            }
            holder.module = unloadingModule
            DependencyContainer.load(unloadingModule)
            let job: Job? = resolveOptional()
            #expect(job != nil)
            #expect((resolveOptional() as Svc?) == nil)
            DependencyContainer.load(unloadingModule)
            #expect((try? resolveThrowing(Job.self)) != nil)
        }
    }

    /// Threads resolve a factory whose module another thread unloads and loads again: every
    /// resolve gets the value or, from the throwing form, `moduleUnloaded` or a missing
    /// definition; none stops the program.
    @Test func resolvesRacingAnUnloadGetTheValueOrAnError() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: .promiseCore)
            let churned = module {
                single { Svc() }
                factory { Job(svc: resolve()) }
            }
            let unexpected = Collected<String>()
            let got = Counter()
            let refused = Counter()
            let resolver: @Sendable () -> Void = {
                _ = resolveOptional() as Job?
                do throws(WiringError) {
                    _ = try resolveThrowing(Job.self)
                    got.increment()
                } catch .moduleUnloaded, .missingDefinition {
                    refused.increment()
                } catch {
                    unexpected.append("\(error)")
                }
            }
            // Each role on a thread of its own, each doing its share (see `runRoles`).
            let operations = runRoles(minimumEach: 200, seconds: 1, [
                {
                    DependencyContainer.load(churned)
                    DependencyContainer.unload(churned)
                },
                resolver, resolver,
            ])
            #expect(operations.allSatisfy { $0 >= 200 }, "operations per role: \(operations)")
            #expect(got.count > 0, "no resolve found the module loaded")
            #expect(refused.count > 0, "no resolve raced the unload")
            #expect(unexpected.all.isEmpty, "\(unexpected.all.prefix(3))")
        }
    }
}
