import Testing
import Wiring

/// DIKit's container API, as DIKit's own tests use it.
@Suite struct DIKitCompatibilityTests {
    struct ComponentA {}
    final class ComponentB {}
    final class ComponentC {}

    @Test func bootstrapBlockRegistersDefinitions() {
        let container = DependencyContainer { (c: DependencyContainer) in
            c.register { ComponentA() }
            c.register(lifetime: .factory) { ComponentB() }
            c.register(lifetime: .singleton, tag: "tag") { ComponentB() }
            c.register(resolvable(lifetime: .singleton) { ComponentC() })
        }
        let _: ComponentA = container.resolve()
        #expect(container.resolve() as ComponentB !== container.resolve() as ComponentB)
        #expect(container.resolve(tag: "tag") as ComponentB === container.resolve(tag: "tag") as ComponentB)
        #expect(container.resolve() as ComponentC === container.resolve() as ComponentC)
    }

    @Test func deriveComposesContainers() {
        let a = DependencyContainer { c in c.register { ComponentA() } }
        let b = DependencyContainer { c in c.register { ComponentB() } }
        let c = DependencyContainer { c in c.register(tag: "tag") { ComponentC() } }
        let variadic = DependencyContainer.derive(from: a, b, c)
        let array = DependencyContainer.derive(from: [a, b, c])
        var builtC: [ObjectIdentifier] = []
        for container in [variadic, array] {
            let _: ComponentA = container.resolve()
            // Singles of the derived container: one instance each, its own, under their tags.
            #expect(container.resolve() as ComponentB === container.resolve() as ComponentB)
            let componentC: ComponentC = container.resolve(tag: "tag")
            #expect(componentC === container.resolve(tag: "tag") as ComponentC)
            #expect(container.resolveOptional() as ComponentC? == nil)
            builtC.append(ObjectIdentifier(componentC))
        }
        #expect(builtC[0] != builtC[1], "each derived container builds its own singletons")
    }

    @Test func lifetimeCases() {
        #expect("\(Lifetime.singleton)" == "single")
        #expect("\(Lifetime.factory)" == "factory")
    }

    @Test func misspelledBootstrapLabelStillCompiles() {
        let spelling: any BootstrapSpelling.Type = DIKitSpellings.self
        let container = spelling.make { c in c.register { ComponentA() } }
        let _: ComponentA = container.resolve()
    }

    @Test func registeringAfterTheContainerIsBuiltStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let built = module {}
            built.register { DIKitCompatibilityTests.ComponentA() }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: cannot register `ComponentA`: the container is already built"))
            #expect(output.contains("Registered at: WiringTests/DIKitCompatibilityTests.swift:"))
        }
    }
}

/// Calls DIKit's deprecated spelling from a deprecated context, so the test build stays
/// free of warnings while still proving the spelling compiles.
private protocol BootstrapSpelling {
    static func make(_ block: (DependencyContainer) -> Void) -> DependencyContainer
}

private enum DIKitSpellings: BootstrapSpelling {
    @available(*, deprecated)
    static func make(_ block: (DependencyContainer) -> Void) -> DependencyContainer {
        DependencyContainer(boostrapBlock: block)
    }
}

/// DIKit 1's `DefinesContainer`, which hands the root over as a type that owns the container.
@Suite(.serialized) struct DefinesContainerTests {
    final class Component: Sendable {}

    final class TestApplication: DefinesContainer {
        let container = module { single { Component() } }
    }

    @Test func aTypeThatDefinesTheContainerDefinesTheRoot() throws {
        try DependencyContainer.withExclusiveRoot {
            DependencyContainer.defined(by: TestApplication())
            #expect(resolve() as Component === resolve() as Component)
        }
    }
}
