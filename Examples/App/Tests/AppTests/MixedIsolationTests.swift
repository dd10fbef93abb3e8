import Foundation
import Testing
import Wiring
import WiringTesting

@testable import App

/// Resolving with parameters where a throw is wanted, and what `verify()` prints when it stops.
@Suite struct ThrowingResolveTests {
    @Test(.wired(modules { .services; .media }))
    func theFreeResolveThrowingTakesParameters() async throws {
        let item = try resolveThrowing(ItemViewModel.self, parameters: 7)
        #expect(item.id == 7)
        #expect(item.session === resolve() as SessionStore)
        // Parameters of the wrong type, and a main-actor model asked for off the main actor, throw.
        #expect(throws: WiringError.self) { try resolveThrowing(ItemViewModel.self, parameters: "seven") }
        let offMain = await offMainActor { () -> String in
            do {
                _ = try resolveThrowing(ItemViewModel.self, parameters: 7)
                return "built"
            } catch {
                return "\(error)"
            }
        }
        #expect(offMain.contains("`ItemViewModel` is built on the main actor and was resolved off it"))
    }

    /// A main-actor build that fails while `verify()` runs on the main actor stops the process:
    /// the message says why it stops there, and its report counts the problem it stopped at.
    @Test func verifyStoppingOnTheMainActorCountsTheProblemItStoppedAt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = try? module { factory { @MainActor in FeedViewModel(clock: resolve(), session: resolve()) } }
                    .verify()
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("verify() stopped while building FeedViewModel"))
            #expect(output.contains("a build that fails there cannot be abandoned (one on verification's own threads can)"))
            #expect(output.contains("Found so far:\nWiring: verification found 1 problem in"))
            #expect(output.contains("nothing is registered for `Clock`"))
            #expect(!output.contains("found 0 problems"))
        }
    }
}

/// A screen model whose id the app passes at resolve time, written as a constructor and as a
/// closure: `verify()` without an example leaves both unchecked, and checks both with one.
@Suite struct ParameterizedConstructorVerificationTests {
    static let closureForm = module {
        single { @MainActor in SessionStore() }
        factory { @MainActor (id: FeedID) in FeedPageModel(id: id, session: resolve()) }
    }

    @Test(arguments: ["constructor", "closure"])
    func withoutAnExampleBothFormsAreLeftUnchecked(form: String) async throws {
        let container = form == "constructor" ? DependencyContainer.feedPages : Self.closureForm
        do {
            try await container.verify()
            Issue.record("the \(form) form verified without an example of FeedID")
        } catch {
            #expect(error.problems.isEmpty, "\(form): \(error)")
            #expect(error.parametersUnchecked.map(\.description) == ["FeedPageModel"], "\(form)")
            #expect(error.description.contains("left 1 with parameters unchecked"), "\(form): \(error)")
            #expect(!error.description.contains("nothing is registered for `FeedID`"), "\(form)")
            if form == "constructor" {
                #expect(error.description.contains("its constructor takes `FeedID`, which nothing registers"))
            }
        }
        try await container.verify(parameters: [FeedID.home])
        let model: FeedPageModel = container.resolve(parameters: FeedID.home)
        #expect(model.id == .home)
    }

    /// A constructor's parameter that is neither registered nor passed stays a missing
    /// registration when the definition is a singleton, which nobody resolves with parameters.
    @Test func aSingletonConstructorsUnregisteredParameterIsStillMissing() async {
        let container = module { singleOf(FeedPageModel.init) }
        await #expect {
            try await container.verify()
        } throws: { error in
            "\(error)".contains("nothing is registered for `FeedID`")
        }
    }
}

/// A main-actor definition's close callback and start hook say `@MainActor` (the documented fix
/// for "call to main actor-isolated instance method in a synchronous nonisolated context").
@Suite struct MainActorHookTests {
    @Test func aCloseCallbackOfAMainActorScopedDefinitionFlushesItsTracker() {
        let container = module {
            scope(UserSession.self) {
                scoped { @MainActor in ActivityTracker() }.onClose { @MainActor tracker in tracker.flush() }
            }
        }
        let session = container.openScope(UserSession.self, id: "ada")
        let tracker: ActivityTracker = session.resolve()
        #expect(tracker.flushed == 0)
        session.close()
        #expect(tracker.flushed == 1)
    }

    @Test func aCloseCallbackOfAMainActorConstructorFlushesItsTracker() {
        let container = module {
            scope(UserSession.self) {
                scopedOf(ActivityTracker.init).onClose { @MainActor in $0.flush() }
            }
        }
        let session = container.openScope(UserSession.self, id: "ada")
        let tracker: ActivityTracker = session.resolve()
        session.close()
        #expect(tracker.flushed == 1)
    }

    @Test func aStartHookOfAMainActorSingleRunsOnTheMainActor() async throws {
        let container = module {
            single { @MainActor in ActivityTracker() }.onStart { @MainActor tracker in tracker.flush() }
        }
        // Built here first: `start()` builds what is not built yet off the main actor.
        let tracker: ActivityTracker = container.resolve()
        try await container.start()
        #expect(tracker.flushed == 1)
    }
}

/// The exit test the docs give for `verify()`: its body runs off the main actor in the child
/// process, where `try await verify()` now builds main-actor definitions on the main actor; it
/// passes for a correct graph, and fails with the report on stderr for a broken one (an error
/// thrown out of an exit test's body ends it with SIGILL and nothing on stderr, so it prints it).
@Suite struct VerifyInAnExitTestTests {
    @Test func aCorrectGraphPasses() async {
        await #expect(processExitsWith: .success) {
            try await DependencyContainer.feedPages.verify(parameters: [FeedID.home])
        }
        await #expect(processExitsWith: .success) {
            try await module { single { @MainActor in ImageCache() } }.verify()
        }
        await #expect(processExitsWith: .success) {
            do {
                try await DependencyContainer.feedPages.verify(parameters: [FeedID.home])
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                exit(EXIT_FAILURE)
            }
        }
    }

    @Test func aBrokenGraphFailsWithTheReport() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            do {
                try await module { single { Clock() }; singleOf(FeedViewModel.init) }.verify(parameters: [FeedID.home])
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                exit(EXIT_FAILURE)
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: verification found 1 problem"))
            #expect(output.contains("nothing is registered for `SessionStore`"))
            #expect(output.contains("FeedViewModel → SessionStore"))
        }
        // A main-actor closure whose dependency is missing stops the child with the report.
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await module { factory { @MainActor in SettingsViewModel() } }.verify()
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("verify() stopped while building SettingsViewModel on the main actor"))
            #expect(output.contains("nothing is registered for `SessionStore`"))
        }
    }
}

/// A plain service that uses a main-actor one: the throwing forms throw off the main actor where
/// every resolve on the way throws, and `verify()` reports the definition from the main actor too.
@Suite struct PlainServiceUsingMainActorTests {
    @Test func offTheMainActorResolveThrowingThrowsWithThePath() async {
        // Its own container: the session must be unbuilt, and other tests build it.
        let container = DependencyContainer.makeMixedConstructor()
        let error = await Task.detached { () -> WiringError? in
            do {
                _ = try container.resolveThrowing(SessionReader.self)
                return nil
            } catch {
                return error as? WiringError
            }
        }.value
        guard case let .mainActorIsolated(type, _, path, _, _) = error else {
            Issue.record("expected mainActorIsolated, got \(String(describing: error))")
            return
        }
        #expect(type == "SessionStore")
        #expect(path.map { $0.type } == ["SessionReader", "SessionStore"])
    }

    @Test func offTheMainActorResolveAsyncBuildsItOnTheMainActor() async {
        let container = DependencyContainer.makeMixedConstructor()
        let reader = await Task.detached { () -> SessionReader in await container.resolveAsync() }.value
        #expect(reader.session === container.resolve() as SessionStore)
    }

    @Test func verifyFromTheMainActorNamesTheDefinitionAndTheMainActorOne() throws {
        for container in [DependencyContainer.mixed, DependencyContainer.mixedConstructor] {
            let error = try #require(throws: VerificationError.self) { try container.verify() }
            let reported = error.problems.compactMap { problem -> String? in
                guard case let .needsMainActor(type, _, uses, _, _) = problem else { return nil }
                return "\(type) uses \(uses.type)"
            }
            #expect(reported == ["SessionReader uses SessionStore"])
            #expect(error.description.contains("Fix: make its definition main-actor too"))
        }
    }

    @Test func asyncVerifyOffTheMainActorReportsItToo() async {
        let container = DependencyContainer.mixed
        let text = await Task.detached { () -> String in
            do {
                try await container.verify()
                return "passed"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(text.contains("`SessionReader` is built on any thread, and its build resolves `SessionStore`"))
    }

    /// The fix the report gives: the definition made main-actor too verifies.
    @Test func theFixVerifies() throws {
        try module {
            single { @MainActor in SessionStore() }
            factory { @MainActor in SessionReader(session: resolve()) }
        }.verify()
    }
}
