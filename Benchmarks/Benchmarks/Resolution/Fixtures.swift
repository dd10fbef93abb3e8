import Swinject
import Synchronization
import Wiring

protocol ServiceProtocol: AnyObject, Sendable {}
final class Service: ServiceProtocol {}
final class Part: Sendable {}
final class Dependency2: Sendable {}
final class Dependency3: Sendable {}
final class Dependency4: Sendable {}
final class Dependency5: Sendable {}

enum Flavor: Hashable, Sendable {
    case tagged
}

/// Scenario 3: one single and two factories.
final class Graph {
    let service: ServiceProtocol
    let first: Part
    let second: Part

    init(service: ServiceProtocol, first: Part, second: Part) {
        self.service = service
        self.first = first
        self.second = second
    }
}

/// Scenario 5 with Wiring: five `@Inject` properties.
final class FiveInjected {
    @Inject var one: ServiceProtocol
    @Inject var two: Dependency2
    @Inject var three: Dependency3
    @Inject var four: Dependency4
    @Inject var five: Dependency5
}

/// Scenario 5 by hand (and with Swinject): five stored references.
final class FiveStored {
    let one: ServiceProtocol
    let two: Dependency2
    let three: Dependency3
    let four: Dependency4
    let five: Dependency5

    init(one: ServiceProtocol, two: Dependency2, three: Dependency3, four: Dependency4, five: Dependency5) {
        self.one = one
        self.two = two
        self.three = three
        self.four = four
        self.five = five
    }
}

/// The hand-written locator every scenario is compared with: a lock and stored references.
final class HandWritten: Sendable {
    struct Singletons {
        var service: ServiceProtocol = Service()
        var tagged: ServiceProtocol = Service()
        var two = Dependency2()
        var three = Dependency3()
        var four = Dependency4()
        var five = Dependency5()
    }

    let singletons = Mutex(Singletons())

    var service: ServiceProtocol { singletons.withLock { $0.service } }
    var tagged: ServiceProtocol { singletons.withLock { $0.tagged } }

    func fiveStored() -> FiveStored {
        singletons.withLock {
            FiveStored(one: $0.service, two: $0.two, three: $0.three, four: $0.four, five: $0.five)
        }
    }
}

let handWritten = HandWritten()

/// The same graph in Wiring, installed as the global root.
let wiringModule = module {
    single { Service() as ServiceProtocol }
    single(tag: Flavor.tagged) { Service() as ServiceProtocol }
    factory { Part() }
    factory { Graph(service: resolve(), first: resolve(), second: resolve()) }
    single { Dependency2() }
    single { Dependency3() }
    single { Dependency4() }
    single { Dependency5() }
}

/// The same graph in Swinject, resolved through its thread-safe `synchronize()` resolver.
nonisolated(unsafe) let swinject: Resolver = {
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
