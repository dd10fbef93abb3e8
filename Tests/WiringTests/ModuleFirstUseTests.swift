import Testing
import Wiring

private final class Lone: Sendable {}
private final class Config: Sendable {}
private final class Client: Sendable {
    let config: Config
    init(config: Config) { self.config = config }
}

/// Issue 22: a module builds what it resolves from on first use, once, however many threads get
/// there first; a module only composed into others builds nothing of its own, and a duplicate is
/// reported where the module is first used.
@Suite struct ModuleFirstUseTests {
    @Test func aModuleResolvedFirstFromManyThreadsBuildsEachSingleOnce() {
        for _ in 0..<50 {
            let built = Counter()
            let app = module {
                single { () -> Lone in
                    built.increment()
                    return Lone()
                }
                single { Config() }
                factory { Client(config: resolve()) }
            }
            let seen = Collected<ObjectIdentifier>()
            let configs = Collected<ObjectIdentifier>()
            runOnThreads(8) { _ in
                seen.append(ObjectIdentifier(app.resolve() as Lone))
                configs.append(ObjectIdentifier((app.resolve() as Client).config))
            }
            #expect(built.count == 1)
            #expect(Set(seen.all).count == 1)
            #expect(Set(configs.all).count == 1)
        }
    }

    @Test func aModuleResolvedFromReleasesWhatItBuiltWhenItGoes() {
        weak var lone: Lone?
        weak var client: Client?
        weak var unresolved: DependencyContainer?
        do {
            let app = module {
                single { Lone() }
                single { Config() }
                single { Client(config: resolve()) }
            }
            lone = app.resolve() as Lone
            client = app.resolve() as Client
            #expect(app.resolve() as Lone === lone)
            // A module never resolved from builds nothing, and goes as well.
            let idle = module { single { Lone() } }
            unresolved = idle
        }
        #expect(lone == nil)
        #expect(client == nil)
        #expect(unresolved == nil)
    }

    @Test func aModuleAndAContainerComposedFromItBuildSingletonsOfTheirOwn() {
        let core = module { single { Config() } }
        let app = modules { core }
        let fromApp: Config = app.resolve()
        let fromCore: Config = core.resolve()
        // Each container builds its own singletons from the shared definitions.
        #expect(fromApp !== fromCore)
        #expect(app.resolve() as Config === fromApp)
        #expect(core.resolve() as Config === fromCore)
    }

    @Test func aModuleWithADuplicateThatIsNeverUsedDoesNotStop() {
        // Like KOIN, which checks its modules when they start: nothing is built, nothing reported.
        let unused = module {
            single { Config() }
            single { Config() }
        }
        #expect(unused.description.contains("2 definitions"))
    }

    @Test func aDuplicateStopsWhereTheModuleIsFirstUsed() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let twice = module {
                single { Config() }
                single { Config() }
            }
            _ = twice.resolveOptional() as Config?
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Config` (no tag) is defined twice."))
        }
    }
}
