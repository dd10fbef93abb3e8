import Testing
import Wiring

private protocol Plugin: AnyObject, Sendable {}
private protocol Named: Sendable { var name: String { get } }
private final class Impl: Plugin, Named { let name = "impl" }
private final class Mock: Plugin, Named { let name = "mock" }
private final class Analytics: Plugin {}
private final class Crash: Plugin {}
private class Animal: @unchecked Sendable {}
private struct Settings: Named { let name: String }
private struct Large: Named {
    let name: String
    let padding: (Int, Int, Int, Int) = (1, 2, 3, 4)  // larger than an existential's inline buffer
}
private final class Dog: Animal, Plugin, @unchecked Sendable {}

/// `.bind`, `.override()` and several bindings of one protocol, in every order (KOIN's rules).
@Suite struct BindingOverrideTests {
    @Test func bindThenOverrideAndOverrideThenBindBehaveTheSame() {
        let base = module { single { Impl() as Plugin } }
        let bindThenOverride = modules {
            base
            module { single { Mock() }.bind(Plugin.self).override() }
        }
        let overrideThenBind = modules {
            base
            module { single { Mock() }.override().bind(Plugin.self) }
        }
        for container in [bindThenOverride, overrideThenBind] {
            #expect(container.resolve() as Plugin is Mock)
            #expect(container.resolveAll(Plugin.self).count == 1)
            #expect(container.resolve() as Plugin === container.resolve() as Mock)
        }
    }

    @Test func aBoundTypeOverriddenByALaterModule() {
        let app = module { single { Impl() }.bind(Plugin.self).bind(Named.self) }
        let test = module { single { Mock() as Plugin }.override() }
        let container = modules { app; test }
        #expect(container.resolve() as Plugin is Mock)
        #expect(container.resolveAll(Plugin.self).count == 1)
        // The definition is replaced whole: its own type and its other binding are gone, and
        // resolving them names the override rather than answering with a half-replaced instance.
        #expect(container.resolveOptional() as Impl? == nil)
        #expect(throws: WiringError.self) { try container.resolveThrowing(Named.self) }
        do {
            _ = try container.resolveThrowing(Named.self)
        } catch {
            #expect(error.description.contains("which the override of `Plugin` at WiringTests/BindingOverrideTests.swift:"))
            #expect(error.description.contains("Fix: override `Named` too"))
        }
    }

    @Test func overridingTheDefinitionsOwnTypeKeepsItsBindingsOnTheOverride() {
        let app = module { single { Impl() }.bind(Plugin.self).bind(Named.self) }
        let test = module { single { Impl() }.override() }
        let container = modules { app; test }
        let replacement: Impl = container.resolve()
        #expect((container.resolve() as Plugin) as? Impl === replacement)
        #expect((container.resolve() as Named) as? Impl === replacement)
        #expect(container.resolveAll(Plugin.self).count == 1)
    }

    @Test func aBindingItsValueTurnsOutNotToFitThrowsNamingBothTypes() {
        // `Animal` may hold a `Plugin` (its subclass `Dog` is one), so `bind` accepts it; the
        // value built is a plain `Animal`, so resolving the binding fails.
        let container = module {
            single { Animal() }.bind(Plugin.self)
            factory(tag: "dog") { Dog() as Animal }.bind(Plugin.self)
        }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Plugin.self) }
        do {
            _ = try container.resolveThrowing(Plugin.self)
        } catch {
            #expect(error.description.contains("Animal"))
            #expect(error.description.contains("Plugin"))
        }
        // The same binding over a value that fits resolves to that value.
        #expect(container.resolve(tag: "dog") as Plugin is Dog)
    }

    /// A binding's value is cast at run time from its definition's: a struct, one too large for
    /// an existential's inline buffer, a class, and a value already in an existential.
    @Test func valuesOfEveryKindAreCastThroughABinding() {
        let container = module {
            single { Settings(name: "settings") }.bind(Named.self)
            factory(tag: "large") { Large(name: "large") }.bind(Named.self)
            single(tag: "class") { Impl() }.bind(Named.self)
            single(tag: "existential") { Mock() as Plugin }.bind(Named.self)
        }
        #expect((container.resolve() as Named).name == "settings")
        #expect((container.resolve(tag: "large") as Named).name == "large")
        let large = container.resolve(tag: "large") as Named as? Large
        #expect(large?.padding.3 == 4 && large?.padding.0 == 1)
        #expect((container.resolve(tag: "class") as Named) as? Impl === container.resolve(tag: "class") as Impl)
        #expect((container.resolve(tag: "existential") as Named).name == "mock")
        #expect((container.resolve(tag: "existential") as Named) as? Mock === container.resolve(tag: "existential") as Plugin)
    }

    @Test func severalDefinitionsMayBindOneProtocol() {
        let container = module {
            single { Analytics() }.bind(Plugin.self)
            single { Crash() }.bind(Plugin.self)
            factory { Impl() }.bind(Plugin.self)
        }
        let all = container.resolveAll(Plugin.self)
        #expect(all.count == 3)
        #expect(all[0] is Analytics)
        #expect(all[1] is Crash)
        #expect(all[2] is Impl)
        // `resolve()` returns the last one declared, as KOIN's `get()` does.
        #expect(container.resolve() as Plugin is Impl)
        // Singles stay singles through their binding.
        #expect(container.resolveAll(Plugin.self)[0] === all[0])
        #expect(container.resolve() as Analytics === all[0])
    }

    @Test func bindingsAcrossModulesAddUpAndTheLastModuleWins() {
        let analytics = module { single { Analytics() }.bind(Plugin.self) }
        let crash = module { single { Crash() }.bind(Plugin.self) }
        let container = modules { analytics; crash }
        #expect(container.resolveAll(Plugin.self).count == 2)
        #expect(container.resolve() as Plugin is Crash)
    }

    @Test func aDirectDefinitionAndBindingsDoNotConflict() {
        let container = module {
            single { Impl() as Plugin }
            single { Crash() }.bind(Plugin.self)
        }
        #expect(container.resolveAll(Plugin.self).count == 2)
        #expect(container.resolve() as Plugin is Crash)
    }

    @Test func anOverridingBindingReplacesEveryEarlierOne() {
        let container = module {
            single { Analytics() }.bind(Plugin.self)
            single { Crash() }.bind(Plugin.self)
            single { Mock() }.bind(Plugin.self).override()
        }
        #expect(container.resolveAll(Plugin.self).count == 1)
        #expect(container.resolve() as Plugin is Mock)
    }

    @Test func bindingsAfterAnOverrideAddUpAgain() {
        let container = module {
            single { Analytics() }.bind(Plugin.self)
            single { Crash() }.bind(Plugin.self)
            single { Mock() }.bind(Plugin.self).override()
            factory { Impl() }.bind(Plugin.self)
        }
        // The override replaced the two before it; the binding after it adds to it and wins.
        let all = container.resolveAll(Plugin.self)
        #expect(all.count == 2)
        #expect(all.first is Mock)
        #expect(all.last is Impl)
        #expect(container.resolve() as Plugin is Impl)
        // The replaced definitions are replaced whole: their own types are gone too.
        #expect(container.resolveOptional() as Analytics? == nil)
    }

    @Test func twoDirectDefinitionsStillConflict() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: module {
                single { Impl() as Plugin }
                single { Mock() as Plugin }
            })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Plugin` (no tag) is defined twice."))
            #expect(output.contains("or mark the later one `.override()` to replace the first deliberately."))
        }
    }
}

private final class Held: Sendable {}
private final class Holder: Plugin, Named, Sendable {
    let held: Held
    var name: String { "holder" }
    init(_ held: Held) { self.held = held }
}
private enum Visit {}

/// A definition and its bindings are made together (one group holds them all): these check
/// that every binding survives each modifier that copies the definition, and that what its
/// builder captured lives exactly as long as the module that holds it.
@Suite struct BindingLayoutTests {
    @Test func whatABoundDefinitionCapturesIsReleasedWithItsModule() {
        weak var captured: Held?
        do {
            let held = Held()
            captured = held
            let container = module { single { Holder(held) }.bind(Plugin.self).bind(Named.self).override() }
            #expect(container.resolve() as Plugin === container.resolve() as Holder)
            #expect((container.resolve() as Named).name == "holder")
            #expect(captured != nil)
        }
        #expect(captured == nil)
    }

    @Test func bindingsKeepTheirTypesThroughEveryModifierInEveryOrder() {
        let tagged = module {
            factory(tag: "a") { Impl() }.bind(Plugin.self).override().bind(Named.self)
            single(tag: "b") { Mock() }.override().bind(Named.self).bind(Plugin.self)
        }
        #expect(tagged.resolve(tag: "a") as Plugin is Impl)
        #expect(tagged.resolve(tag: "a") as Plugin !== tagged.resolve(tag: "a") as Plugin)
        #expect((tagged.resolve(tag: "a") as Named).name == "impl")
        #expect(tagged.resolve(tag: "b") as Plugin === tagged.resolve(tag: "b") as Mock)
        #expect((tagged.resolve(tag: "b") as Named).name == "mock")
        #expect(tagged.resolveOptional() as Plugin? == nil)
    }

    @Test func aBoundDefinitionInAScopeIsScopedUnderEveryType() {
        let container = module {
            scope(Visit.self) {
                scoped { Impl() }.bind(Plugin.self).bind(Named.self)
                single { Mock() }
            }
        }
        let first = container.openScope(Visit.self)
        let second = container.openScope(Visit.self)
        #expect(first.resolve() as Plugin === first.resolve() as Impl)
        #expect(first.resolve() as Plugin !== second.resolve() as Plugin)
        #expect((first.resolve() as Named).name == "impl")
        #expect(first.resolve() as Mock === first.resolve() as Mock)
        first.close()
        second.close()
        #expect(throws: WiringError.self) { try first.resolveThrowing(Plugin.self) }
        #expect(throws: WiringError.self) { try container.resolveThrowing(Plugin.self) }
    }

    /// A definition's scope and close callback are kept once, in its group, with its bindings':
    /// every modifier makes a new group, whose bindings must find the scope there, and the
    /// callback runs once per instance (for the definition, never again for a binding), however
    /// the modifiers are ordered.
    @Test func aScopeAndACloseCallbackReachEveryBindingThroughEveryModifier() throws {
        let closed = Collected<String>()
        let container = module {
            scope(Visit.self) {
                factory { Settings(name: "settings") }
                scoped { Impl() }
                    .onClose { (impl: Impl) in closed.append(impl.name) }
                    .bind(Plugin.self).override().bind(Named.self)
                scoped(tag: "mock") { Mock() }.bind(Plugin.self)
                    .onClose { (mock: Mock) in closed.append(mock.name) }
            }
        }
        for _ in 0..<2 {
            let visit = container.openScope(Visit.self)
            let impl: Impl = visit.resolve()
            #expect(visit.resolve() as Plugin === impl)
            #expect((visit.resolve() as Named).name == "impl")
            #expect(visit.resolve(tag: "mock") as Plugin === visit.resolve(tag: "mock") as Mock)
            #expect((visit.resolve() as Settings).name == "settings")
            visit.close()
        }
        #expect(closed.all.sorted() == ["impl", "impl", "mock", "mock"])
        // From the root, a binding's type is scoped as its definition's is, and says so.
        for error in [
            try #require(throws: WiringError.self) { try container.resolveThrowing(Named.self) },
            try #require(throws: WiringError.self) { try container.resolveThrowing(Plugin.self, tag: "mock") },
        ] {
            #expect("\(error)".contains("is scoped to `Visit`"), "\(error)")
        }
    }

    /// A group keeps one copy of its tag, which its records point at: every modifier makes a new
    /// group, whose records must point at its own copy, not at the group they were copied from,
    /// which is gone by the time they are read here (AddressSanitizer would see that read).
    @Test func aTagOnTheHeapOutlivesTheDefinitionsItWasCopiedFrom() throws {
        let tag = String(repeating: "a tag long enough to live on the heap ", count: 2)
        let container = module {
            factory(tag: tag) { Impl() }.bind(Plugin.self).override().bind(Named.self)
            scope(Visit.self) {
                scoped(tag: tag) { Mock() }.bind(Plugin.self)
            }
        }
        #expect(container.resolve(tag: tag) as Plugin is Impl)
        #expect((container.resolve(tag: tag) as Named).name == "impl")
        let visit = container.openScope(Visit.self)
        defer { visit.close() }
        #expect(visit.resolve(tag: tag) as Plugin === visit.resolve(tag: tag) as Mock)
        let other = "another tag"
        let error = try #require(throws: WiringError.self) { try container.resolveThrowing(Named.self, tag: other) }
        #expect("\(error)".contains(tag))
    }
}
