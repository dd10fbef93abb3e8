import Foundation
import Testing
import Wiring

/// Main-actor definitions, as an app with Xcode 26's default isolation writes them: built at once
/// on the main actor, never on another thread. Containers of their own, so these run in parallel.
@Suite struct MainActorDefinitionTests {
    @MainActor final class ViewModel {
        let service: Service
        init(service: Service) { self.service = service }
    }

    final class Service: Sendable {}

    /// Counts builds, and the builds that ran off the main thread.
    final class Builds: @unchecked Sendable {
        // Both only touched under `lock`.
        private let lock = NSLock()
        private var all = 0
        private var offMain = 0

        func record() {
            let onMain = Thread.isMainThread || DispatchQueue.getSpecific(key: Builds.mainKey) != nil
            lock.withLock {
                all += 1
                if !onMain { offMain += 1 }
            }
        }
        var count: Int { lock.withLock { all } }
        var offMainCount: Int { lock.withLock { offMain } }

        static let mainKey: DispatchSpecificKey<Void> = {
            let key = DispatchSpecificKey<Void>()
            DispatchQueue.main.setSpecific(key: key, value: ())
            return key
        }()
    }

    static func module(_ builds: Builds) -> DependencyContainer {
        Wiring.module {
            single { Service() }
            factory { @MainActor in
                builds.record()
                return ViewModel(service: resolve())
            }
            singleOf(tag: "shared", ViewModel.init)
        }
    }

    @Test @MainActor func aMainActorDefinitionResolvesSynchronouslyOnTheMainActor() {
        let builds = Builds()
        let container = Self.module(builds)
        let first: ViewModel = container.resolve()
        let second: ViewModel = container.resolve()
        #expect(first !== second)
        #expect(first.service === second.service)
        #expect(builds.count == 2)
        let shared: ViewModel = container.resolve(tag: "shared")
        #expect(shared === container.resolve(tag: "shared") as ViewModel)
    }

    @Test func offTheMainActorItThrowsNamingTypeSiteAndFix() async {
        let builds = Builds()
        let container = Self.module(builds)
        let error = await offMainActor { () -> WiringError? in
            do {
                _ = try container.resolveThrowing(ViewModel.self)
                return nil
            } catch let error as WiringError {
                return error
            } catch {
                return nil
            }
        }
        guard case let .mainActorIsolated(type, tag, _, definedAt, requestedAt) = error else {
            Issue.record("expected mainActorIsolated, got \(String(describing: error))")
            return
        }
        #expect(type == "ViewModel")
        #expect(tag == nil)
        #expect(definedAt?.description.hasPrefix("WiringTests/MainActorDefinitionTests.swift:") == true)
        #expect(requestedAt != nil)
        let message = error?.description ?? ""
        #expect(message.contains("`ViewModel` is built on the main actor and was resolved off it: its definition takes a `@MainActor` closure"))
        #expect(!message.contains("is main-actor isolated"))
        #expect(message.contains("Fix: resolve it from main-actor code"))
        #expect(message.contains("await resolveAsync(ViewModel.self)"))
        #expect(builds.count == 0)
    }

    @Test func resolveAsyncOffTheMainActorBuildsOnIt() async {
        let builds = Builds()
        let container = Self.module(builds)
        let model: ViewModel = await offMainActor { await container.resolveAsync() }
        let service: Service = container.resolve()
        #expect(model.service === service)
        #expect(builds.count == 1)
        #expect(builds.offMainCount == 0)
    }

    /// Where a closure is written never makes it main-actor: a plain `factory { … }` in a
    /// main-actor function builds on any thread; only `@MainActor in` makes one main-actor.
    @Test @MainActor func aPlainClosureWrittenInMainActorCodeBuildsAnywhere() async {
        let builds = Builds()
        let container = Wiring.module {
            single { Service() }
            factory { @MainActor in
                builds.record()
                return ViewModel(service: resolve())
            }
        }
        let offMain = await offMainActor { () -> Service? in try? container.resolveThrowing(Service.self) }
        #expect(offMain != nil)
        #expect(offMain === container.resolve() as Service)
        let model: ViewModel = container.resolve()
        #expect(model.service === offMain)
        #expect(await offMainActor { (try? container.resolveThrowing(ViewModel.self)) == nil })
        #expect(builds.count == 1)
        #expect(builds.offMainCount == 0)
    }

    /// A main-actor factory that takes parameters: refused off the main actor by the throwing
    /// form, built on the main queue by `resolveAsync(parameters:)` from anywhere.
    @Test func aParameterizedMainActorFactoryIsBuiltOnTheMainActorByResolveAsync() async {
        let probe = MainQueueProbe()
        let container = Wiring.module {
            single { Service() }
            factory { @MainActor (id: Int) in
                probe.record()
                return Labeled(id: id, model: ViewModel(service: resolve()))
            }
        }
        let refused = await offMainActor { () -> Bool in
            do {
                _ = try container.resolveThrowing(Labeled.self, parameters: 1)
                return false
            } catch {
                if case WiringError.mainActorIsolated? = error as? WiringError { return true }
                return false
            }
        }
        #expect(refused)
        let built = await offMainActor { () -> Labeled in await container.resolveAsync(parameters: 7) }
        #expect(built.id == 7)
        #expect(probe.runs == [true])
        let thrown = await offMainActor { () -> Labeled? in
            try? await container.resolveAsyncThrowing(Labeled.self, parameters: 8)
        }
        #expect(thrown?.id == 8)
        #expect(probe.runs == [true, true])
    }

    final class Labeled: Sendable {
        let id: Int
        let model: ViewModel
        init(id: Int, model: ViewModel) {
            self.id = id
            self.model = model
        }
    }

    @Test func aClosureWrittenInNonIsolatedCodeBuildsAnywhere() async {
        let container = Self.nonIsolatedModule()
        let service = await offMainActor { () -> Service in container.resolve() }
        #expect(service === container.resolve() as Service)
    }

    nonisolated static func nonIsolatedModule() -> DependencyContainer {
        Wiring.module { single { Service() } }
    }

    /// Threads racing for a main-actor single never build it: each gets the error (run under
    /// ThreadSanitizer in CI, which would report a build racing the main actor's).
    @Test func racingThreadsOffTheMainActorNeverRunTheBuilder() async {
        let builds = Builds()
        let container = Self.module(builds)
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            do {
                _ = try container.resolveThrowing(ViewModel.self, tag: "shared")
            } catch let error as WiringError {
                if case .mainActorIsolated = error { failures.increment() }
            } catch {}
        }
        #expect(failures.count == 64)
        #expect(builds.count == 0)
        let built: ViewModel = await container.resolveAsync(tag: "shared")
        #expect(built.service === container.resolve() as Service)
    }

    @Test func aNonIsolatedSingleThatNeedsAMainActorOneIsReportedOffTheMainActor() async {
        let container = Wiring.module {
            single { @MainActor in ViewModel(service: Service()) }
            single { () -> Service in
                let _: ViewModel? = try? resolveThrowing()
                return Service()
            }
            factory { Holder(model: try resolveThrowing()) }
        }
        let message = await offMainActor { () -> String in
            do {
                _ = try container.resolveThrowing(Holder.self)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(message.contains("Resolution path: Holder"))
        #expect(message.contains("ViewModel"))
    }

    final class Holder: Sendable {
        let model: ViewModel
        init(model: ViewModel) { self.model = model }
    }
}

/// Runs `body` off the main actor, in the calling task.
@concurrent nonisolated func offMainActor<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await body()
}
