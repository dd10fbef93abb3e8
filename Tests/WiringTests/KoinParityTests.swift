import Testing
import Wiring

private protocol Plugin: Sendable {
    var name: String { get }
}

private final class NamedPlugin: Plugin {
    let name: String
    init(_ name: String) { self.name = name }
}

private protocol Pinging: AnyObject, Sendable {}
private protocol Health: AnyObject, Sendable {}
private final class Server: Pinging, Health {}

private final class Cache: Sendable {}

private final class Profile: Sendable {
    let userID: Int
    let cache: Cache
    init(userID: Int, cache: Cache = resolve()) {
        self.userID = userID
        self.cache = cache
    }
}

private struct Avatar: Sendable {
    let userID: Int
    let size: Double
}

@Suite struct WeakLifetimeTests {
    @Test func sameInstanceWhileHeldThenANewOne() {
        let builds = Counter()
        let container = module {
            weakSingle { () -> Cache in
                builds.increment()
                return Cache()
            }
        }
        var held: Cache? = container.resolve() as Cache
        weak let firstReference = held
        #expect(container.resolve() as Cache === held)
        #expect(builds.count == 1)
        held = nil
        #expect(firstReference == nil)  // the container kept no strong reference
        let second: Cache = container.resolve()
        #expect(builds.count == 2)
        #expect(second === container.resolve() as Cache)
    }

    @Test func weakSingleIsBuiltOnceUnderConcurrentFirstResolves() {
        let builds = Counter()
        let container = module {
            weakSingle { () -> Cache in
                builds.increment()
                return Cache()
            }
        }
        let seen = Collected<ObjectIdentifier>()
        let holder = Collected<Cache>()
        runOnThreads(8) { _ in
            let cache: Cache = container.resolve()
            holder.append(cache)
            seen.append(ObjectIdentifier(cache))
        }
        #expect(Set(seen.all).count == 1)
        #expect(builds.count == 1)
    }
}

@Suite struct BindingTests {
    @Test func oneSingleAnswersForSeveralTypesWithOneInstance() {
        let builds = Counter()
        let container = module {
            single { () -> Server in
                builds.increment()
                return Server()
            }
            .bind(Pinging.self)
            .bind(Health.self)
        }
        let server: Server = container.resolve()
        #expect(container.resolve() as Pinging === server)
        #expect(container.resolve() as Health === server)
        #expect(builds.count == 1)
    }

    @Test func boundFactoryBuildsAnewForEachType() {
        let container = module { factory { Server() }.bind(Pinging.self) }
        #expect(container.resolve() as Pinging !== container.resolve() as Pinging)
    }

    @Test func bindingKeepsTheTag() {
        let container = module { single(tag: "main") { Server() }.bind(Health.self) }
        #expect(container.resolve(tag: "main") as Health === container.resolve(tag: "main") as Server)
        #expect(container.resolveOptional() as Health? == nil)
    }

    @Test func bindingToATypeTheValueIsNotStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { Cache() }.bind(Health.self) }
            _ = container.resolve() as Health
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Cache` is bound to `Health`, but it is not one."))
        }
    }
}

@Suite struct ResolveAllTests {
    @Test func everyDefinitionOfATypeInDeclarationOrder() {
        let first = module {
            single(tag: "b") { NamedPlugin("b") as Plugin }
            factory { NamedPlugin("untagged") as Plugin }
        }
        let second = module {
            single(tag: "a") { NamedPlugin("a") as Plugin }
        }
        let container = modules { first; second }
        let plugins: [Plugin] = container.resolveAll()
        #expect(plugins.map(\.name) == ["b", "untagged", "a"])
        // Singles are shared with plain resolves, factories are not.
        #expect(plugins[0] as AnyObject === container.resolve(tag: "b") as Plugin as AnyObject)
        #expect(plugins[1] as AnyObject !== container.resolve() as Plugin as AnyObject)
        #expect(container.resolveAll(Cache.self).isEmpty)
    }

    @Test func bindingsAreIncluded() {
        let container = module {
            single { Server() }.bind(Health.self)
            single(tag: "other") { Server() as Health }
        }
        #expect(container.resolveAll(Health.self).count == 2)
    }
}

@Suite struct OverrideTests {
    @Test func anOverrideReplacesTheEarlierDefinitionInPlace() {
        let production = module {
            single(tag: "1") { NamedPlugin("one") as Plugin }
            single { NamedPlugin("production") as Plugin }
            single(tag: "3") { NamedPlugin("three") as Plugin }
        }
        let staging = module {
            single { NamedPlugin("staging") as Plugin }.override()
        }
        let container = modules { production; staging }
        #expect((container.resolve() as Plugin).name == "staging")
        #expect(container.resolveAll(Plugin.self).map(\.name) == ["one", "staging", "three"])
    }

    @Test func anOverrideWithNothingToReplaceIsFine() {
        let container = module { single { Cache() }.override() }
        #expect(container.resolveOptional() as Cache? != nil)
    }

    @Test func withoutOverrideASecondDefinitionIsADuplicate() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DependencyContainer.defined(by: modules {
                module { single { NamedPlugin("a") as Plugin } }
                module { single { NamedPlugin("b") as Plugin } }
            })
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("Wiring: `Plugin` (no tag) is defined twice."))
        }
    }
}

@Suite struct CreatedAtStartTests {
    @Test func eagerSinglesAreBuiltInDeclarationOrderOnTheFirstResolve() {
        let log = Collected<String>()
        let container = module {
            single { () -> Cache in
                log.append("lazy")
                return Cache()
            }
            single { () -> Server in
                log.append("server")
                return Server()
            }
            .createdAtStart()
            single(tag: "x") { () -> NamedPlugin in
                log.append("plugin")
                return NamedPlugin("x")
            }
            .createdAtStart()
        }
        #expect(log.all.isEmpty)  // nothing is built before the container is used
        _ = container.resolve() as Cache
        #expect(log.all == ["server", "plugin", "lazy"])
        _ = container.resolve() as Server
        #expect(log.all == ["server", "plugin", "lazy"])
    }

    @Test func aModuleOnlyComposedBuildsNothing() {
        let builds = Counter()
        let feature = module {
            single { () -> Server in
                builds.increment()
                return Server()
            }
            .createdAtStart()
        }
        let app = modules { feature }
        _ = app.resolveAll(Cache.self)
        #expect(builds.count == 1)
    }
}

@Suite struct ParameterTests {
    let container = module {
        single { Cache() }
        factory { (userID: Int) in Profile(userID: userID) }
        factory { (userID: Int, size: Double) in Avatar(userID: userID, size: size) }
        factory(tag: "guest") { (userID: Int) in Profile(userID: -userID) }
    }

    @Test func parametersReachTheFactoryAndResolveStillWorksInside() {
        let profile: Profile = container.resolve(parameters: 42)
        #expect(profile.userID == 42)
        #expect(profile.cache === container.resolve() as Cache)
        let avatar: Avatar = container.resolve(parameters: 7, 2.0)
        #expect(avatar.userID == 7 && avatar.size == 2.0)
        let guest: Profile = container.resolve(tag: "guest", parameters: 5)
        #expect(guest.userID == -5)
        #expect((container.resolve(parameters: 1) as Profile) !== (container.resolve(parameters: 1) as Profile))
    }

    @Test func wrongParameterTypesAreNamed() throws {
        let line = #line + 1
        let error = #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Profile.self, parameters: "42") }
        #expect(
            error?.description == """
                Wiring: `Profile` takes parameters (Int), but was resolved with (String).
                  Requested at: WiringTests/KoinParityTests.swift:\(line)
                  Fix: pass values of types (Int), in that order.
                """)
        let count = #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Avatar.self, parameters: 1) }
        guard case let .parameterMismatch(_, _, expected, given, _) = count else {
            Issue.record("expected a parameter mismatch, got \(String(describing: count))")
            return
        }
        #expect(expected == "(Int, Double)")
        #expect(given == "(Int)")
    }

    @Test func resolvingWithoutParametersSaysWhichAreNeeded() throws {
        let error = #expect(throws: WiringError.self) { _ = try container.resolveThrowing(Profile.self) }
        guard case let .parameterMismatch(type, _, expected, given, _) = error else {
            Issue.record("expected a parameter mismatch, got \(String(describing: error))")
            return
        }
        #expect(type == "Profile")
        #expect(expected == "(Int)")
        #expect(given == nil)
        // A definition without parameters takes them too (KOIN's rule): they are for the resolves
        // nested in its build, and a single already built ignores them.
        #expect(try container.resolveThrowing(Cache.self, parameters: 1) === container.resolve() as Cache)
    }
}
