import Testing
import Wiring

@Suite struct DSLTests {
    final class A {}
    final class B {}
    final class C {}

    @Test func moduleResolvesEachDefinition() {
        let container = module {
            single { A() }
            factory { B() }
        }
        let a: A = container.resolve()
        let b: B = container.resolve()
        #expect(a === container.resolve() as A)
        #expect(b !== container.resolve() as B)
    }

    @Test func modulesComposeChildContainers() {
        let first = module { single { A() } }
        let second = module { single { B() } }
        let third = module { single(tag: "tag") { C() } }
        let root = modules {
            first
            second
            third
        }
        let _: A = root.resolve()
        let _: B = root.resolve()
        let _: C = root.resolve(tag: "tag")
        #expect(root.resolveOptional() as C? == nil)
    }

    @Test func composedContainerBuildsItsOwnSingletons() {
        let child = module { single { A() } }
        let root = modules { child }
        let fromChild: A = child.resolve()
        let fromRoot: A = root.resolve()
        #expect(fromChild !== fromRoot)
        #expect(fromRoot === root.resolve() as A)
    }

    @Test(arguments: [true, false])
    func moduleAcceptsIfAndElse(_ flag: Bool) {
        let container = module {
            if flag {
                single { A() }
            } else {
                single { B() }
            }
            if !flag {
                single { C() }
            }
        }
        #expect(((container.resolveOptional() as A?) != nil) == flag)
        #expect(((container.resolveOptional() as B?) != nil) == !flag)
        #expect(((container.resolveOptional() as C?) != nil) == !flag)
    }

    @Test func moduleAcceptsForLoops() {
        let container = module {
            for kind in [StorageKind.user, .system] {
                factory(tag: kind) { "\(kind)" }
            }
        }
        #expect(container.resolve(tag: StorageKind.user) as String == "user")
        #expect(container.resolve(tag: StorageKind.system) as String == "system")
    }

    @Test(arguments: [0, 1, 2])
    func modulesAcceptsIfElseAndFor(_ choice: Int) {
        let a = module { single { A() } }
        let b = module { single { B() } }
        let extras = [module { single { C() } }]
        let root = modules {
            if choice == 0 {
                a
            } else {
                b
            }
            if choice == 2 {
                for extra in extras { extra }
            }
        }
        #expect(((root.resolveOptional() as A?) != nil) == (choice == 0))
        #expect(((root.resolveOptional() as B?) != nil) == (choice != 0))
        #expect(((root.resolveOptional() as C?) != nil) == (choice == 2))
    }

    @Test func emptyModuleIsValid() {
        let container = module {}
        #expect(container.resolveOptional() as A? == nil)
    }

    @Test func duplicateInOneModuleNamesTypeTagAndBothSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Reported where the module is first used: here, resolved from.
            _ = module {
                single(tag: "primary") { Service() as ServiceProtocol }
                factory(tag: "primary") { Service() as ServiceProtocol }
            }.resolveOptional(tag: "primary") as ServiceProtocol?
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `ServiceProtocol` with tag \"primary\" is defined twice."))
            #expect(output.contains("First definition: WiringTests/DSLTests.swift:"))
            #expect(output.contains("Second definition: WiringTests/DSLTests.swift:"))
            #expect(output.contains("Fix: remove one of them, give them different tags"))
            #expect(output.contains("or mark the later one `.override()`"))
        }
    }

    @Test func duplicateAcrossModulesNamesBothRegistrationSites() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DSLTests.composeModulesThatBothDefineService()
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `ServiceProtocol` (no tag) is defined twice."))
            let sites = output.split(separator: "\n").filter { $0.contains("definition: WiringTests/DSLTests.swift:") }
            #expect(sites.count == 2)
            #expect(Set(sites.map { $0.split(separator: ":").last! }).count == 2)
        }
    }

    /// Outside the exit test's closure, so that each definition keeps its own `#line`.
    static func composeModulesThatBothDefineService() {
        let first = module { single { Service() as ServiceProtocol } }
        let second = module { single { Service() as ServiceProtocol } }
        DependencyContainer.defined(by: modules {
            first
            second
        })
    }

    @Test func sameTypeUnderDifferentTagsIsNotADuplicate() {
        let container = modules {
            module { single { Service() as ServiceProtocol } }
            module { single(tag: StorageKind.user) { Service() as ServiceProtocol } }
            module { single(tag: "user") { Service() as ServiceProtocol } }
        }
        let plain: ServiceProtocol = container.resolve()
        let enumTagged: ServiceProtocol = container.resolve(tag: StorageKind.user)
        let stringTagged: ServiceProtocol = container.resolve(tag: "user")
        #expect(plain !== enumTagged && enumTagged !== stringTagged && plain !== stringTagged)
    }
}
