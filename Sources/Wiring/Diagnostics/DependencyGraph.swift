/// Which definitions each definition of a container resolved while it was built.
///
/// ``DependencyContainer/graph()-2v0pa`` builds every definition in a sandbox (as
/// ``DependencyContainer/verify()-178vl`` does) and records each resolve; export the result as
/// Graphviz DOT or Mermaid text:
///
/// ```swift
/// let graph = DependencyContainer.backend.graph()
/// print(graph.dot())       // pipe into `dot -Tsvg`
/// print(graph.mermaid())   // paste into a Markdown file
/// ```
///
/// Nodes are the container's definitions in declaration order, followed by the types that
/// were asked for but are not registered (their ``ResolutionStep/lifetime`` is `nil`).
public struct DependencyGraph: Sendable, Hashable {
    /// A dependency: the definition at `from` resolved the one at `to` (indices into ``nodes``).
    public struct Edge: Sendable, Hashable, CustomStringConvertible {
        /// The index of the definition that asked.
        public let from: Int
        /// The index of the definition (or missing type) it asked for.
        public let to: Int
        /// Whether the dependency is resolved on first read (`@LazyInject`, `@OptionalInject`)
        /// rather than while the definition is built.
        public let isLazy: Bool

        init(from: Int, to: Int, isLazy: Bool) {
            self.from = from
            self.to = to
            self.isLazy = isLazy
        }

        /// `from -> to`, with ` (lazy)` for a lazy dependency: `"2 -> 3 (lazy)"`.
        public var description: String {
            "\(from) -> \(to)" + (isLazy ? " (lazy)" : "")
        }
    }

    /// Every definition, then every missing type, each once.
    public let nodes: [ResolutionStep]

    /// Every dependency, each once, in the order it was first resolved.
    public let edges: [Edge]

    init(nodes: [ResolutionStep], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}

/// Collects a ``DependencyGraph`` while a verification runs (only under its lock).
struct GraphRecorder {
    private var nodes: [ResolutionStep]
    private var edges: [DependencyGraph.Edge] = []
    private var seenEdges: Set<DependencyGraph.Edge> = []
    private var definitionIndex: [DefinitionID: Int] = [:]
    private var missingIndex: [DefinitionKey: Int] = [:]

    init(definitions: [DefinitionInfo]) {
        nodes = definitions.map(\.step)
        for (index, info) in definitions.enumerated() {
            definitionIndex[info.id] = index
        }
    }

    mutating func record(from requester: DefinitionInfo, to target: DefinitionInfo, isLazy: Bool) {
        guard let from = definitionIndex[requester.id],
            let to = definitionIndex[target.id]
        else { return }
        add(DependencyGraph.Edge(from: from, to: to, isLazy: isLazy))
    }

    mutating func recordMissing(from requester: DefinitionInfo, type: Any.Type, tag: Tag?, isLazy: Bool) {
        guard let from = definitionIndex[requester.id] else { return }
        let key = DefinitionKey(type: ObjectIdentifier(type), tag: tag)
        let to: Int
        if let index = missingIndex[key] {
            to = index
        } else {
            to = nodes.count
            missingIndex[key] = to
            nodes.append(ResolutionStep(type: typeName(type), tag: tag?.description, lifetime: nil, definedAt: nil))
        }
        add(DependencyGraph.Edge(from: from, to: to, isLazy: isLazy))
    }

    private mutating func add(_ edge: DependencyGraph.Edge) {
        if seenEdges.insert(edge).inserted { edges.append(edge) }
    }

    var graph: DependencyGraph {
        DependencyGraph(nodes: nodes, edges: edges)
    }
}
