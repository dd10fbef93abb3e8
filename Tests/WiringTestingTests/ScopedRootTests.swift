import Testing
import Wiring

@Suite struct ScopedRootTests {
    @Test func withRootServesResolveAndEveryWrapper() {
        let container = module {
            single { MockGreeter(greeting: "Hi") as Greeter }
            factory { Welcome() }
        }
        DependencyContainer.withRoot(container) {
            let screen = WelcomeScreen()
            #expect(screen.welcome.greeter.greeting == "Hi")
            #expect(screen.greeter.greeting == "Hi")
            #expect(screen.missing == nil)
            #expect((resolve() as Greeter).greeting == "Hi")
            #expect(resolveOptional() as Missing? == nil)
            #expect(throws: WiringError.self) { _ = try resolveThrowing(Missing.self) }
        }
    }

    @Test func concurrentScopesEachSeeTheirOwnContainer() async {
        let english = module {
            single { EnglishGreeter() as Greeter }
            factory { Welcome() }
        }
        let french = module {
            single { FrenchGreeter() as Greeter }
            factory { Welcome() }
        }
        let meeting = Rendezvous(parties: 2)
        let seen = await withTaskGroup(of: [String].self) { group in
            for container in [english, french] {
                group.addTask {
                    await DependencyContainer.withRoot(container) {
                        let before = (resolve() as Greeter).greeting
                        await meeting.arrive()  // both scopes are open at once from here
                        let after = (resolve() as Greeter).greeting
                        let screen = WelcomeScreen()
                        return [before, after, screen.greeter.greeting, screen.welcome.greeter.greeting]
                    }
                }
            }
            return await group.reduce(into: Set<[String]>()) { $0.insert($1) }
        }
        #expect(seen == [["Hello", "Hello", "Hello", "Hello"], ["Bonjour", "Bonjour", "Bonjour", "Bonjour"]])
    }

    @Test func childTasksInheritTheScope() async {
        let container = module { single { FrenchGreeter() as Greeter } }
        await DependencyContainer.withRoot(container) {
            let greeting = await Task { (resolve() as Greeter).greeting }.value
            #expect(greeting == "Bonjour")
        }
    }

    @Test func innermostScopeWins() {
        DependencyContainer.withRoot(module { single { EnglishGreeter() as Greeter } }) {
            DependencyContainer.withRoot(module { single { FrenchGreeter() as Greeter } }) {
                #expect((resolve() as Greeter).greeting == "Bonjour")
            }
            #expect((resolve() as Greeter).greeting == "Hello")
        }
    }

    @Test func overridesLayerOnTheScopedRoot() {
        let app = module {
            single { EnglishGreeter() as Greeter }
            single { Welcome() }
            factory(tag: "formal") { FrenchGreeter() as Greeter }
        }
        DependencyContainer.withRoot(app) {
            let real: Welcome = resolve()
            DependencyContainer.withOverrides {
                single { MockGreeter(greeting: "Yo") as Greeter }
            } operation: {
                let overridden: Welcome = resolve()
                // The real definition of Welcome, built afresh with the override.
                #expect(overridden.greeter.greeting == "Yo")
                #expect(overridden !== real)
                #expect(overridden === resolve() as Welcome)
                // Definitions that are not overridden are still there.
                #expect((resolve(tag: "formal") as Greeter).greeting == "Bonjour")
            }
            // Nothing built under the override reached the root.
            #expect((resolve() as Welcome) === real)
            #expect(real.greeter.greeting == "Hello")
        }
    }

    @Test func overridesWithoutAnyRootSayToDefineOne() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.withOverrides {
                single { MockGreeter(greeting: "Alone") as Greeter }
            } operation: {
                _ = resolve() as Greeter
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "Wiring: `DependencyContainer.withOverrides(_:operation:)` needs a root, and none is defined yet."))
        }
    }

    @Test func theOverridingTraitWithoutAnyRootSaysToDefineOne() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await DependencyContainer.withTaskRoot(overriding: module { single { MockGreeter(greeting: "Alone") as Greeter } }) {}
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("or the `.wired(_:)` trait."))
        }
    }
}
