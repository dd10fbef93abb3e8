import Swinject
import Synchronization
import Wiring

// The graph every scenario resolves, declared once for each library and for the hand-written
// baseline. A library of its own, so that the wall-clock benchmarks (`Resolution`) and the
// instruction counts (`InstructionCounts`) measure exactly the same code.

public protocol ServiceProtocol: AnyObject, Sendable {}
public final class Service: ServiceProtocol { public init() {} }
public final class Part: Sendable { public init() {} }
public final class Dependency2: Sendable { public init() {} }
public final class Dependency3: Sendable { public init() {} }
public final class Dependency4: Sendable { public init() {} }
public final class Dependency5: Sendable { public init() {} }

public enum Flavor: Hashable, Sendable {
    case tagged
}

/// Scenario 2b: a factory of a main-actor type, resolved from the main actor (an app's view model).
@MainActor public final class MainActorPart { public init() {} }

/// Scenario 2c: the same, declared as an app declares its view models, in a main-actor module.
@MainActor public final class ModuleActorPart { public init() {} }

/// Scenario 2c's module: a `static let`-shaped module whose factory says `@MainActor in`.
@MainActor public let mainActorModule = module {
    factory { @MainActor in ModuleActorPart() }
}

/// Scenario 2c's baseline: a non-isolated factory resolved from a module the same way.
public let plainModule = module {
    factory { Part() }
}

/// Scenario 3: one single and two factories.
public final class Graph: Sendable {
    public let service: ServiceProtocol
    public let first: Part
    public let second: Part

    public init(service: ServiceProtocol, first: Part, second: Part) {
        self.service = service
        self.first = first
        self.second = second
    }
}

/// Scenario 5 with Wiring: five `@Inject` properties.
public final class FiveInjected {
    @Inject public var one: ServiceProtocol
    @Inject public var two: Dependency2
    @Inject public var three: Dependency3
    @Inject public var four: Dependency4
    @Inject public var five: Dependency5

    public init() {}
}

/// Scenario 5 by hand (and with Swinject): five stored references.
public final class FiveStored {
    public let one: ServiceProtocol
    public let two: Dependency2
    public let three: Dependency3
    public let four: Dependency4
    public let five: Dependency5

    public init(one: ServiceProtocol, two: Dependency2, three: Dependency3, four: Dependency4, five: Dependency5) {
        self.one = one
        self.two = two
        self.three = three
        self.four = four
        self.five = five
    }
}

/// The hand-written locator every scenario is compared with: a lock and stored references.
/// Its accessors are inlinable, so that calling them from the benchmark costs what writing
/// them there would.
public final class HandWritten: Sendable {
    public struct Singletons {
        public var service: ServiceProtocol = Service()
        public var tagged: ServiceProtocol = Service()
        public var two = Dependency2()
        public var three = Dependency3()
        public var four = Dependency4()
        public var five = Dependency5()
    }

    public let singletons = Mutex(Singletons())

    public init() {}

    @inlinable public var service: ServiceProtocol { singletons.withLock { $0.service } }
    @inlinable public var tagged: ServiceProtocol { singletons.withLock { $0.tagged } }

    @inlinable
    public func fiveStored() -> FiveStored {
        singletons.withLock {
            FiveStored(one: $0.service, two: $0.two, three: $0.three, four: $0.four, five: $0.five)
        }
    }
}

public let handWritten = HandWritten()

/// The same graph in Wiring, installed as the global root.
public let wiringModule = module {
    single { Service() as ServiceProtocol }
    single(tag: Flavor.tagged) { Service() as ServiceProtocol }
    factory { Part() }
    factory { @MainActor in MainActorPart() }
    factory { Graph(service: resolve(), first: resolve(), second: resolve()) }
    single { Dependency2() }
    single { Dependency3() }
    single { Dependency4() }
    single { Dependency5() }
}

/// The same graph in Swinject, resolved through its thread-safe `synchronize()` resolver.
nonisolated(unsafe) public let swinject: Resolver = {
    let container = Container()
    container.register(ServiceProtocol.self) { _ in Service() }.inObjectScope(.container)
    container.register(ServiceProtocol.self, name: "tagged") { _ in Service() }.inObjectScope(.container)
    container.register(Part.self) { _ in Part() }
    container.register(Graph.self) { r in
        Graph(service: r.resolve(ServiceProtocol.self)!, first: r.resolve(Part.self)!, second: r.resolve(Part.self)!)
    }
    container.register(Dependency2.self) { _ in Dependency2() }.inObjectScope(.container)
    container.register(Dependency3.self) { _ in Dependency3() }.inObjectScope(.container)
    container.register(Dependency4.self) { _ in Dependency4() }.inObjectScope(.container)
    container.register(Dependency5.self) { _ in Dependency5() }.inObjectScope(.container)
    return container.synchronize()
}()

/// Keeps the optimizer from removing what a benchmark computes, and makes it escape, as a
/// dependency does (whoever resolved it keeps it). Unoptimized, so that the optimizer cannot
/// see that it keeps nothing: a sink it can see through lets `sink(Part())` put the hand-written
/// object on the stack (an allocation no real dependency avoids), while Wiring's, built into the
/// container's storage, is on the heap. Its body is empty: the call costs a few instructions.
@inline(never) @_optimize(none)
public func sink(_ value: some Any) {}
