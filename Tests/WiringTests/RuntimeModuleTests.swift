import Wiring
import Testing

private protocol Chat: AnyObject, Sendable {}
private final class ChatService: Chat {}
private final class MockChat: Chat {}
private final class Core: Sendable {}

private let core = module {
    single { Core() }
    single { ChatService() as Chat }
}

private let chatFeature = module {
    single(tag: "feature") { ChatService() as Chat }
}

private let chatOverride = module {
    single { MockChat() as Chat }.override()
}

/// Loading and unloading change the global root, so these run serialized and exclusively.
@Suite(.serialized) struct RuntimeModuleTests {
    @Test func loadAddsDefinitionsAndKeepsExistingSingletons() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            let coreBefore: Core = resolve()
            #expect(resolveOptional(tag: "feature") as Chat? == nil)

            DependencyContainer.load(chatFeature)
            weak let feature: Chat? = resolve(tag: "feature") as Chat
            #expect(feature != nil)
            #expect(resolve(tag: "feature") as Chat === feature)
            #expect(resolve() as Core === coreBefore)

            DependencyContainer.unload(chatFeature)
            #expect(feature == nil)  // the module's singleton was released
            #expect(resolveOptional(tag: "feature") as Chat? == nil)
            #expect(resolve() as Core === coreBefore)

            DependencyContainer.load(chatFeature)  // and again, with a new instance
            #expect(resolveOptional(tag: "feature") as Chat? != nil)
        }
    }

    @Test func anOverridingModuleReplacesUntilUnloaded() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            #expect(resolve() as Chat is ChatService)
            DependencyContainer.load(chatOverride)
            #expect(resolve() as Chat is MockChat)
            DependencyContainer.unload(chatOverride)
            #expect(resolve() as Chat is ChatService)
        }
    }

    @Test func eagerSinglesOfALoadedModuleAreBuiltOnLoad() throws {
        let builds = Counter()
        let eager = module {
            single(tag: "eager") { () -> Core in
                builds.increment()
                return Core()
            }
            .createdAtStart()
        }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            DependencyContainer.load(eager)
            #expect(builds.count == 1)
        }
    }

    /// One thread loads and unloads a feature while three resolve: the root's single is always
    /// the same, and the feature is seen while loaded and absent while not (both outcomes, each
    /// reader doing its share: `runRoles`).
    @Test func loadingAndUnloadingWhileOtherThreadsResolve() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: core)
            let coreInstance = ObjectIdentifier(resolve() as Core)
            let mismatches = Counter()
            let seenFeature = Counter()
            let missedFeature = Counter()
            let reader: @Sendable () -> Void = {
                if ObjectIdentifier(resolve() as Core) != coreInstance { mismatches.increment() }
                if (resolveOptional(tag: "feature") as Chat?) != nil {
                    seenFeature.increment()
                } else {
                    missedFeature.increment()
                }
            }
            let operations = runRoles(minimumEach: 200, seconds: 0.5, [
                {
                    DependencyContainer.load(chatFeature)
                    DependencyContainer.unload(chatFeature)
                },
                reader, reader, reader,
            ])
            #expect(operations.allSatisfy { $0 >= 200 }, "operations per role: \(operations)")
            #expect(mismatches.count == 0)
            #expect(seenFeature.count > 0, "the readers never saw the loaded feature")
            #expect(missedFeature.count > 0, "the readers never saw the feature unloaded")
            #expect(resolveOptional(tag: "feature") as Chat? == nil)
        }
    }

    @Test func theRootServesParametersCollectionsScopesAndAsync() async throws {
        enum Visit {}
        final class Numbered: Sendable {
            let number: Int
            init(_ number: Int) { self.number = number }
        }
        let app = module {
            factory { (number: Int) in Numbered(number) }
            factory(tag: "double") { (number: Int) in Numbered(number * 2) }
            single(tag: "a") { ChatService() as Chat }
            single(tag: "b") { MockChat() as Chat }
            scope(Visit.self) { scoped { Core() } }
            single { () async -> ChatService in
                await Task.yield()
                return ChatService()
            }
        }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: app)
            #expect((resolve(parameters: 3) as Numbered).number == 3)
            #expect((resolve(tag: "double", parameters: 3) as Numbered).number == 6)
            #expect(resolveAll(Chat.self).count == 2)
            let visit = DependencyContainer.shared.openScope(Visit.self)
            #expect(visit.resolve() as Core === visit.resolve() as Core)
            visit.close()
        }
        // Async resolution from the root, through a task-local root (the global one is exclusive).
        let same = await DependencyContainer.withRoot(app) {
            await resolveAsync(ChatService.self) === resolveAsync(ChatService.self)
        }
        #expect(same)
    }

    @Test func unloadingAModuleThatIsNotLoadedStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: core)
            DependencyContainer.unload(chatFeature)
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "Wiring: cannot unload the module declared at WiringTests/RuntimeModuleTests.swift:14: "
                        + "the root does not include it."))
        }
    }

    @Test func loadingAConflictingModuleStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: core)
            DependencyContainer.load(module { single { MockChat() as Chat } })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Chat` (no tag) is defined twice."))
        }
    }
}
