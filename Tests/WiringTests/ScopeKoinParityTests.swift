import Testing
import Wiring

private enum Session {}
private enum Trip {}
private final class Connector: Sendable {}
private final class Interactor: Sendable {
    let connector: Connector
    init(connector: Connector) { self.connector = connector }
}
private final class Counter2: Sendable {}
private final class Theme: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

/// Scope behaviour KOIN's core tests check (issue 21).
struct ScopeKoinParityTests {
    /// KOIN issue 2379: a root factory resolved through a scope resolves its own dependencies in
    /// that scope.
    @Test func aRootFactoryResolvedThroughAScopeBuildsItsDependenciesThere() {
        let container = module {
            factory { Interactor(connector: resolve()) }
            scope(Session.self) {
                scoped { Connector() }
                scope(Trip.self) { factory { Counter2() } }
            }
        }
        let session = container.openScope(Session.self)
        let interactor: Interactor = session.resolve()
        #expect(interactor.connector === session.resolve() as Connector)
        // Through a scope opened from that scope too.
        let trip = session.openScope(Trip.self)
        #expect((trip.resolve() as Interactor).connector === session.resolve() as Connector)
        session.close()
    }

    /// A root `single` is shared by every scope, so it is built in the root, from the root's
    /// definitions: a scoped dependency is an error there, as the docs say.
    @Test func aRootSingleResolvedThroughAScopeStillBuildsInTheRoot() {
        let container = module {
            single { Interactor(connector: try resolveThrowing()) }
            scope(Session.self) { scoped { Connector() } }
        }
        let session = container.openScope(Session.self)
        let error = #expect(throws: WiringError.self) { _ = try session.resolveThrowing(Interactor.self) }
        #expect(error?.description.contains("Connector") == true)
        session.close()
    }

    /// A scoped definition with parameters, resolved from its scope without them, says so.
    @Test func aMissingParameterInAScopeIsReportedAsSuch() {
        let container = module {
            scope(Session.self) { scoped { (name: String) in Theme(name: name) } }
        }
        let session = container.openScope(Session.self)
        let error = #expect(throws: WiringError.self) { _ = try session.resolveThrowing(Theme.self) }
        #expect(error?.description.contains("takes parameters (String)") == true)
        #expect(error?.description.contains("is scoped to") == false)
        #expect((session.resolve(parameters: "dark") as Theme).name == "dark")
        session.close()
    }

    @Test func containersDescribeThemselves() {
        let container = module {
            single { Counter2() }
            scope(Session.self) { scoped { Connector() } }
        }
        #expect(container.description == "container: 2 definitions")
        let session = container.openScope(Session.self, id: "u42")
        #expect(session.description == "scope Session \"u42\" (open): 1 definition")
        session.close()
        #expect(session.description == "scope Session \"u42\" (closed): 1 definition")
        #expect(container.debugDescription.hasPrefix("container: 2 definitions, made at WiringTests/ScopeKoinParityTests.swift:"))
    }
}

private enum Empty {}
private enum Outer {}
private enum Inner {}
private final class Visitor: Sendable {}

/// KOIN opens a scope declared with nothing in it (issue 21, item 1).
struct EmptyScopeTests {
    @Test func anEmptyScopeOpensAndResolvesWhatIsDeclaredIntoIt() {
        let container = module {
            single { Counter2() }
            scope(Empty.self) {}
        }
        let empty = container.openScope(Empty.self, id: "s1")
        let visitor = Visitor()
        empty.declare(visitor)
        #expect(empty.resolve() as Visitor === visitor)
        #expect(empty.resolve() as Counter2 === container.resolve() as Counter2)
        #expect(empty.description == "scope Empty \"s1\" (open): 0 definitions")
        empty.close()
    }

    @Test func aScopeWithOnlyNestedScopesOpens() throws {
        let container = module {
            scope(Outer.self) {
                scope(Inner.self) { scoped { Visitor() } }
            }
        }
        let outer = try container.openScopeThrowing(Outer.self)
        let inner = outer.openScope(Inner.self)
        #expect(inner.resolve() as Visitor === inner.resolve() as Visitor)
        outer.close()
        #expect(inner.isClosed)
        try container.verify()
    }
}

private protocol Plugin: Sendable {}
private final class RootPlugin: Plugin {}
private final class SessionPlugin: Plugin {}
private final class CheckoutPlugin: Plugin {}
private enum Checkout {}

/// `resolveAll()` in a scope sees what `resolve()` sees: the scope, its links, its parent
/// (issue 21, item 3; KOIN's `getAll`).
struct ScopeResolveAllTests {
    @Test func resolveAllInAScopeIncludesLinkedScopesAndTheRoot() {
        let container = module {
            single { RootPlugin() }.bind(Plugin.self)
            scope(Session.self) { scoped { SessionPlugin() }.bind(Plugin.self) }
            scope(Checkout.self) { scoped { CheckoutPlugin() }.bind(Plugin.self) }
        }
        let session = container.openScope(Session.self)
        let checkout = container.openScope(Checkout.self)
        checkout.link(to: session)
        let all: [Plugin] = checkout.resolveAll()
        #expect(all.count == 3)
        #expect(all[0] is CheckoutPlugin)
        #expect(all[1] is SessionPlugin)
        #expect(all[2] is RootPlugin)
        #expect(all[1] as AnyObject === session.resolve() as SessionPlugin)

        session.close()  // a closed link is skipped
        #expect((checkout.resolveAll() as [Plugin]).count == 2)
        checkout.close()
    }
}

private protocol NavigationContext: Sendable {}
private final class Activity: NavigationContext {}
private final class Screen: Sendable {
    let context: NavigationContext
    init(context: NavigationContext) { self.context = context }
}
private enum Flow {}

/// A scope's source stands for its protocols (issue 21, item 4).
struct DeclaredBindingTests {
    @Test func aDeclaredValueResolvesAsItsTypeAndItsBinding() {
        let container = module {
            scope(Flow.self) { scoped { Screen(context: resolve()) } }
        }
        let flow = container.openScope(Flow.self)
        let activity = Activity()
        flow.declare(activity, binding: NavigationContext.self)
        #expect(flow.resolve() as Activity === activity)
        #expect((flow.resolve() as Screen).context as AnyObject === activity)
        flow.close()
    }
}

private protocol Sink: Sendable {}
private final class ConsoleSink: Sink {}
private final class FileSink: Sink {}

/// The graph tells apart what reads the same, and names a scoped node's scope (issue 21, 16).
struct GraphLabelTests {
    @Test func twoBindingsOfOneProtocolAndScopedNodesAreLabelled() {
        let container = module {
            single { ConsoleSink() }.bind(Sink.self)
            single { FileSink() }.bind(Sink.self)
            scope(Session.self) { scoped { Connector() } }
        }
        let dot = container.graph().dot()
        let sinkLabels = dot.split(separator: "\n").filter { $0.contains("label=\"Sink\\nsingle") }
        #expect(sinkLabels.count == 2)
        #expect(Set(sinkLabels.map { String($0) }).count == 2)  // each names where it is defined
        #expect(dot.contains("Connector\\nscoped in Session"))
    }
}

private final class Profile: Sendable {
    let id: Int
    init(id: Int, connector: Connector) { self.id = id }
}
private final class Unregistered: Sendable {}
private final class NeedsUnregistered: Sendable {
    init(_ value: Unregistered) {}
}

/// Definitions with parameters are not skipped silently (issue 21, item 12).
struct ParameterizedVerificationTests {
    @Test func theGraphShowsThemAndTheReportListsThem() {
        let container = module {
            factory { (id: Int) in Profile(id: id, connector: resolve()) }
            single { NeedsUnregistered(resolve()) }
        }
        #expect(container.graph().nodes.contains { $0.type == "Profile" && $0.lifetime == .factory })
        let report = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(report?.parametersUnchecked.map(\.type) == ["Profile"])
        #expect(report?.description.contains("Not checked, because they take parameters") == true)
    }
}
