import Wiring

// The scale scenarios: deep graphs and large modules, written as an app would write them.

/// One level of a deep graph: built from the level below it.
public final class Level: Sendable {
    public let depth: Int
    public let below: Level?
    public init(depth: Int, below: Level?) {
        self.depth = depth
        self.below = below
    }
}

/// A chain of `depth` factories tagged by level, each resolving the next one down: resolving tag
/// `depth - 1` builds every level.
public func deepChain(depth: Int) -> DependencyContainer {
    module {
        for level in 0..<depth {
            factory(tag: level) { Level(depth: level, below: level == 0 ? nil : resolve(tag: level - 1) as Level) }
        }
    }
}

/// A node of a large module.
public final class Node: Sendable {
    public let id: Int
    public init(_ id: Int) { self.id = id }
}

/// A module of `count` singletons of one type, each under its own tag, made and built into a
/// container (the definitions made inside, as the app's source writes them). A module builds its
/// registry on first use, so one of them is resolved, as an app would.
@inline(never)
public func buildTaggedModule(count: Int) -> DependencyContainer {
    let container = module {
        for index in 0..<count { single(tag: index) { Node(index) } }
    }
    _ = container.resolve(tag: 0) as Node
    return container
}

/// `buildTaggedModule(count:)` with closures that capture nothing (`single(tag: i) { Node(0) }`),
/// as `buildUntaggedModule()`'s do: the difference between the two is what a tag costs Wiring,
/// without the context a closure that captures its loop's index allocates.
@inline(never)
public func buildTaggedModuleCapturingNothing(count: Int) -> DependencyContainer {
    let container = module {
        for index in 0..<count { single(tag: index) { Node(0) } }
    }
    _ = container.resolve(tag: 0) as Node
    return container
}
