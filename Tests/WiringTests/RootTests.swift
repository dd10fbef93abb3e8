import Wiring
import Testing

protocol RootBackendProtocol: AnyObject {}
final class RootBackend: RootBackendProtocol {}

struct RootAppState {
    let backend: RootBackendProtocol
    init(backend: RootBackendProtocol = resolve()) {
        self.backend = backend
    }
}

/// Every test that defines the global root runs under `withExclusiveRoot`, which also keeps
/// them apart from the Swift 5 target's root tests.
@Suite(.serialized) struct RootTests {
    @Test func definedRootServesFreeFunctions() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module {
                single { RootBackend() as RootBackendProtocol }
                factory(tag: "fresh") { RootBackend() as RootBackendProtocol }
            })
            let backend: RootBackendProtocol = resolve()
            #expect(backend === resolve() as RootBackendProtocol)
            #expect(backend === DependencyContainer.shared.resolve() as RootBackendProtocol)
            #expect(resolve(tag: "fresh") as RootBackendProtocol !== resolve(tag: "fresh") as RootBackendProtocol)
            #expect(resolveOptional() as RootAppState? == nil)
            #expect(resolveOptional(tag: "fresh") as RootBackendProtocol? != nil)
            #expect(resolveOptional(tag: "stale") as RootBackendProtocol? == nil)
        }
    }

    @Test func defaultArgumentInjection() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { RootBackend() as RootBackendProtocol } })
            let state = RootAppState()
            #expect(state.backend === resolve() as RootBackendProtocol)
            let explicit = RootBackend()
            #expect(RootAppState(backend: explicit).backend === explicit)
        }
    }

    @Test func wrappersInObjectsCreatedOutsideAContainerUseTheRoot() throws {
        final class Screen {
            @Inject var eager: RootBackendProtocol
            @LazyInject var lazy: RootBackendProtocol
            @OptionalInject var optional: RootBackendProtocol?
            @OptionalInject(tag: "absent") var absent: RootBackendProtocol?
        }
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: module { single { RootBackend() as RootBackendProtocol } })
            let screen = Screen()
            let backend: RootBackendProtocol = resolve()
            #expect(screen.eager === backend)
            #expect(screen.lazy === backend)
            #expect(screen.optional === backend)
            #expect(screen.absent == nil)
        }
    }

    @Test func definingTheRootTwiceNamesBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module {})
            DependencyContainer.defined(by: module {})
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: the root container is already defined."))
            #expect(output.contains("First defined at: WiringTests/RootTests.swift:"))
            #expect(output.contains("Defined again at: WiringTests/RootTests.swift:"))
        }
    }

    @Test func resolvingBeforeTheRootIsDefinedNamesTheType() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RootAppState()
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: cannot resolve `RootBackendProtocol`: no root container is defined yet."))
            #expect(output.contains("Requested at: WiringTests/RootTests.swift:9"))
            #expect(output.contains("Fix: call `DependencyContainer.defined(by: modules { … })` at start-up"))
        }
    }

    @Test func missingRegistrationInTheRoot() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module {})
            _ = RootAppState()
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: nothing is registered for `RootBackendProtocol` (no tag)."))
            #expect(output.contains("Registered for `RootBackendProtocol`: nothing, under any tag."))
            #expect(output.contains("Requested at: WiringTests/RootTests.swift:9"))
        }
    }
}
