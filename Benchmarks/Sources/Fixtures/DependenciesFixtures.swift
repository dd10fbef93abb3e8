import Dependencies

// The same graph with pointfreeco/swift-dependencies, in its own idiom: a `DependencyKey` per
// dependency, a `DependencyValues` property for each, and `@Dependency(\.key)` where it is used.
// It has no factory lifetime: a dependency that makes new objects is a client holding a closure.

public enum ServiceKey: DependencyKey {
    public static let liveValue: ServiceProtocol = Service()
}

public enum TaggedServiceKey: DependencyKey {
    public static let liveValue: ServiceProtocol = Service()
}

/// Scenario 2's factory, as swift-dependencies writes one: a client with a closure.
public struct PartFactory: Sendable {
    public var make: @Sendable () -> Part
}

public enum PartFactoryKey: DependencyKey {
    public static let liveValue = PartFactory { Part() }
}

/// Scenario 3's graph: its closure reads the service and the part factory where it runs.
public struct GraphFactory: Sendable {
    public var make: @Sendable () -> Graph
}

public enum GraphFactoryKey: DependencyKey {
    public static let liveValue = GraphFactory {
        @Dependency(\.service) var service
        @Dependency(\.partFactory) var parts
        return Graph(service: service, first: parts.make(), second: parts.make())
    }
}

public enum Dependency2Key: DependencyKey { public static let liveValue = Dependency2() }
public enum Dependency3Key: DependencyKey { public static let liveValue = Dependency3() }
public enum Dependency4Key: DependencyKey { public static let liveValue = Dependency4() }
public enum Dependency5Key: DependencyKey { public static let liveValue = Dependency5() }

extension DependencyValues {
    public var service: ServiceProtocol {
        get { self[ServiceKey.self] }
        set { self[ServiceKey.self] = newValue }
    }
    public var taggedService: ServiceProtocol {
        get { self[TaggedServiceKey.self] }
        set { self[TaggedServiceKey.self] = newValue }
    }
    public var partFactory: PartFactory {
        get { self[PartFactoryKey.self] }
        set { self[PartFactoryKey.self] = newValue }
    }
    public var graphFactory: GraphFactory {
        get { self[GraphFactoryKey.self] }
        set { self[GraphFactoryKey.self] = newValue }
    }
    public var dependency2: Dependency2 {
        get { self[Dependency2Key.self] }
        set { self[Dependency2Key.self] = newValue }
    }
    public var dependency3: Dependency3 {
        get { self[Dependency3Key.self] }
        set { self[Dependency3Key.self] = newValue }
    }
    public var dependency4: Dependency4 {
        get { self[Dependency4Key.self] }
        set { self[Dependency4Key.self] = newValue }
    }
    public var dependency5: Dependency5 {
        get { self[Dependency5Key.self] }
        set { self[Dependency5Key.self] = newValue }
    }
}

/// Scenario 5 with swift-dependencies: five `@Dependency` properties, each read once (they
/// resolve on access, where `@Inject` resolves on creation).
public final class FiveDependencies {
    @Dependency(\.service) public var one
    @Dependency(\.dependency2) public var two
    @Dependency(\.dependency3) public var three
    @Dependency(\.dependency4) public var four
    @Dependency(\.dependency5) public var five

    public init() {}

    /// Reads each dependency once.
    @inline(never)
    public func readAll() -> FiveStored {
        FiveStored(one: one, two: two, three: three, four: four, five: five)
    }
}
