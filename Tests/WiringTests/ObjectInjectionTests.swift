import Testing
import Wiring

/// Objects Wiring does not create: a class hierarchy as a storyboard would instantiate it.
private enum UI {
    protocol Greeting: Sendable {
        var text: String { get }
    }

    struct Hello: Greeting { let text = "hello" }
    struct Hi: Greeting { let text = "hi" }

    final class Log: @unchecked Sendable {
        // Only touched by the test's own thread.
        var entries: [String] = []
    }

    class BaseController {
        var log: Log?
        var greeting: Greeting?
    }

    class ProfileController: BaseController {
        var title = ""
    }

    final class AvatarController: ProfileController {
        var size = 0
    }

    /// Uses the wrappers, as DIKit's view controllers do.
    final class WrappedController {
        @Inject var greeting: Greeting
        @LazyInject var lazyGreeting: Greeting
        var injected: Greeting?
    }
}

@Suite struct ObjectInjectionTests {
    @Test func injectionsRunForEveryClassBaseFirst() {
        let log = UI.Log()
        let container = module {
            // Declared subclass first, on purpose: order comes from the hierarchy.
            injection(for: UI.AvatarController.self) { controller, _ in
                log.entries.append("avatar")
                controller.size = 64
            }
            injection(for: UI.BaseController.self) { controller, container in
                log.entries.append("base")
                controller.log = log
                controller.greeting = container.resolve() as UI.Greeting
            }
            injection(for: UI.ProfileController.self) { controller, _ in
                log.entries.append("profile")
                controller.title = "Profile"
            }
            single { UI.Hello() as UI.Greeting }
        }
        let avatar = container.inject(into: UI.AvatarController())
        #expect(log.entries == ["base", "profile", "avatar"])
        #expect(avatar.size == 64)
        #expect(avatar.title == "Profile")
        #expect(avatar.greeting?.text == "hello")
        #expect(avatar.log === log)

        log.entries = []
        container.inject(into: UI.ProfileController())
        #expect(log.entries == ["base", "profile"])
    }

    @Test func taggedInjectionFallsBackToTheUntaggedOnePerClass() {
        let container = module {
            single(tag: "friendly") { UI.Hi() as UI.Greeting }
            single { UI.Hello() as UI.Greeting }
            injection(for: UI.ProfileController.self) { controller, container in
                controller.greeting = container.resolve() as UI.Greeting
            }
            injection(for: UI.ProfileController.self, tag: "friendly") { controller, container in
                controller.greeting = container.resolve(tag: "friendly") as UI.Greeting
            }
        }
        #expect(container.inject(into: UI.ProfileController(), tag: "friendly").greeting?.text == "hi")
        #expect(container.inject(into: UI.ProfileController(), tag: "formal").greeting?.text == "hello")
        #expect(container.inject(into: UI.ProfileController()).greeting?.text == "hello")
    }

    @Test func aTagPicksEachClassInjectionInTheHierarchyBaseFirst() {
        let log = UI.Log()
        let container = module {
            injection(for: UI.AvatarController.self, tag: "large") { controller, _ in
                log.entries.append("avatar large")
                controller.size = 128
            }
            injection(for: UI.AvatarController.self) { controller, _ in
                log.entries.append("avatar")
                controller.size = 64
            }
            injection(for: UI.BaseController.self) { controller, _ in
                log.entries.append("base")
                controller.log = log
            }
        }
        // The subclass's tagged injection; the base class has none under the tag: its untagged one.
        let large = container.inject(into: UI.AvatarController(), tag: "large")
        #expect(log.entries == ["base", "avatar large"])
        #expect(large.size == 128)
        #expect(large.log === log)

        log.entries = []
        #expect(container.inject(into: UI.AvatarController()).size == 64)
        #expect(log.entries == ["base", "avatar"])
    }

    @Test func anObjectWithoutInjectionsIsLeftAsItIs() {
        let container = module { single { UI.Hello() as UI.Greeting } }
        let controller = container.inject(into: UI.ProfileController())
        #expect(controller.greeting == nil)
    }

    @Test func injectionInsideReadsTheInjectingContainer() {
        final class Screen {
            var greeting: UI.Greeting?
        }
        let container = module {
            single { UI.Hi() as UI.Greeting }
            injection(for: Screen.self) { screen, _ in
                screen.greeting = resolve() as UI.Greeting  // the free function reads the injecting container
            }
        }
        #expect(container.inject(into: Screen()).greeting?.text == "hi")
    }
}

private let helloModule = module {
    single { UI.Hello() as UI.Greeting }
    injection(for: UI.ProfileController.self) { controller, container in
        controller.greeting = container.resolve() as UI.Greeting
    }
    storyboard("Main") {
        scene("Profile") { UI.ProfileController() }
        scene("Wrapped") { UI.WrappedController() }
    }
}

private let hiModule = module {
    single { UI.Hi() as UI.Greeting }
    injection(for: UI.ProfileController.self) { controller, container in
        controller.greeting = container.resolve() as UI.Greeting
    }
    injection(for: UI.WrappedController.self) { controller, container in
        controller.injected = container.resolve() as UI.Greeting
    }
    storyboard("Main") {
        scene("Profile") { UI.ProfileController() }
        scene("Wrapped") { UI.WrappedController() }
        storyboardReference("Elsewhere", to: "Profile", in: "Main", of: helloModule)
    }
}

@Suite struct StoryboardTests {
    @Test func theSameNameInTwoModulesResolvesToEachModulesOwn() {
        let hello = helloModule.registeredStoryboard(named: "Main")
        let hi = hiModule.registeredStoryboard(named: "Main")
        #expect(hello !== hi)
        #expect(hello === helloModule.registeredStoryboard(named: "Main"))
        #expect(hello.instantiate("Profile", as: UI.ProfileController.self).greeting?.text == "hello")
        #expect(hi.instantiate("Profile", as: UI.ProfileController.self).greeting?.text == "hi")
        #expect(hi.identifiers == ["Profile", "Wrapped", "Elsewhere"])
    }

    @Test func aReferenceIsInjectedByTheContainerThatRegisteredItsTarget() {
        let controller = hiModule.registeredStoryboard(named: "Main").instantiate("Elsewhere", as: UI.ProfileController.self)
        #expect(controller.greeting?.text == "hello")
    }

    @Test func wrappersInInstantiatedObjectsReadTheRegisteringContainer() {
        // No root is involved: the wrappers would stop the program if they read it.
        let controller = hiModule.registeredStoryboard(named: "Main").instantiate("Wrapped", as: UI.WrappedController.self)
        #expect(controller.greeting.text == "hi")
        #expect(controller.lazyGreeting.text == "hi")
        #expect(controller.injected?.text == "hi")
        let plain = helloModule.registeredStoryboard(named: "Main").instantiate("Wrapped", as: UI.WrappedController.self)
        #expect(plain.greeting.text == "hello")
        #expect(plain.injected == nil)
    }

    @Test func composedModulesShareOneStoryboardPerContainer() {
        let app = modules { hiModule }
        let storyboard = app.registeredStoryboard(named: "Main")
        #expect(storyboard !== hiModule.registeredStoryboard(named: "Main"))
        #expect(storyboard.instantiate("Profile", as: UI.ProfileController.self).greeting?.text == "hi")
    }

    @Test func unknownSceneAndWrongTypeAreThrown() throws {
        let storyboard = helloModule.registeredStoryboard(named: "Main")
        let line = #line + 1
        let missing = #expect(throws: WiringError.self) { _ = try storyboard.instantiateThrowing("Settings") }
        #expect(
            missing?.description == """
                Wiring: storyboard "Main" has no scene "Settings".
                  Requested at: WiringTests/ObjectInjectionTests.swift:\(line)
                  Scenes: "Profile", "Wrapped".
                  Fix: add `scene("Settings") { … }` to `storyboard("Main") { … }`, or ask for one of its scenes.
                """)
        let mismatch = #expect(throws: WiringError.self) {
            _ = try storyboard.instantiateThrowing("Profile", as: UI.WrappedController.self)
        }
        guard case let .sceneTypeMismatch(_, identifier, expected, actual, _) = mismatch else {
            Issue.record("expected a type mismatch, got \(String(describing: mismatch))")
            return
        }
        #expect([identifier, expected, actual] == ["Profile", "WrappedController", "ProfileController"])
    }

    @Test func unknownStoryboardListsTheRegisteredOnes() throws {
        let error = #expect(throws: WiringError.self) { _ = try helloModule.storyboardThrowing(named: "Settings") }
        guard case let .missingDefinition(type, tag, _, registered, _, _) = error else {
            Issue.record("expected a missing definition, got \(String(describing: error))")
            return
        }
        #expect(type == "Storyboard")
        #expect(tag == "\"Settings\"")
        #expect(registered.map(\.tag) == ["\"Main\""])
    }

    @Test func twoStoryboardsWithOneNameInOneContainerAreADuplicate() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: modules { helloModule; module { storyboard("Main") {} } })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Storyboard` with tag \"Main\" is defined twice."))
        }
    }

    @Test func twoScenesWithOneIdentifierStop() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = storyboard("Main") {
                scene("Profile") { UI.ProfileController() }
                scene("Profile") { UI.AvatarController() }
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: storyboard \"Main\" declares scene \"Profile\" twice."))
            #expect(output.contains("Fix: give each scene of a storyboard its own identifier."))
        }
    }

    @Test func storyboardsVerify() throws {
        let graph = try hiModule.verify()
        #expect(graph.nodes.map(\.description).contains("Storyboard (tag: \"Main\")"))
    }
}
