extension DependencyGraph {
    /// The graph as Graphviz DOT: one box per definition, labelled with its type, tag and
    /// lifetime; missing types in red; lazy dependencies dashed.
    ///
    /// ```swift
    /// try container.graph().dot().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
    /// // dot -Tsvg graph.dot -o graph.svg
    /// ```
    public func dot() -> String {
        var lines = [
            "digraph Wiring {",
            "    rankdir=LR;",
            "    node [shape=box, fontname=\"Helvetica\", fontsize=11];",
            "    edge [color=\"#555555\", fontname=\"Helvetica\", fontsize=10];",
        ]
        let labels = labelLines
        for (index, node) in nodes.enumerated() {
            let label = labels[index].map(Self.dotEscaped).joined(separator: "\\n")
            let style =
                switch node.lifetime {
                case .singleton: "style=\"filled\", fillcolor=\"#e8f0fe\""
                case .factory: "style=\"rounded,dashed\""
                case .weak: "style=\"filled,dashed\", fillcolor=\"#f1f8e9\""
                case .scoped: "style=\"filled\", fillcolor=\"#fff3e0\""
                case .declared: "shape=note, style=\"filled\", fillcolor=\"#f3e5f5\""
                case nil: "style=\"dashed\", color=\"#cc0000\", fontcolor=\"#cc0000\""
                }
            lines.append("    n\(index) [label=\"\(label)\", \(style)\(node.isAsync ? ", peripheries=2" : "")];")
        }
        for edge in edges {
            lines.append("    n\(edge.from) -> n\(edge.to)\(edge.isLazy ? " [style=dashed, label=\"lazy\"]" : "");")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, for Markdown that renders Mermaid (GitHub, DocC
    /// previews in many editors): singles as boxes, factories as rounded boxes, missing types
    /// as red hexagons, lazy dependencies as dotted arrows.
    ///
    /// ````swift
    /// print("```mermaid\n\(container.graph().mermaid())```")
    /// ````
    public func mermaid() -> String {
        var lines = ["flowchart LR"]
        var missing: [String] = []
        let labels = labelLines
        for (index, node) in nodes.enumerated() {
            let label = "\"" + labels[index].map(Self.mermaidEscaped).joined(separator: "<br/>") + "\""
            switch node.lifetime {
            case .singleton: lines.append("    n\(index)[\(label)]")
            case .factory: lines.append("    n\(index)(\(label))")
            case .weak: lines.append("    n\(index)[/\(label)/]")
            case .scoped: lines.append("    n\(index)[[\(label)]]")
            case .declared: lines.append("    n\(index)>\(label)]")
            case nil:
                lines.append("    n\(index){{\(label)}}")
                missing.append("n\(index)")
            }
        }
        for edge in edges {
            lines.append("    n\(edge.from) \(edge.isLazy ? "-.->|lazy|" : "-->") n\(edge.to)")
        }
        if !missing.isEmpty {
            lines.append("    classDef missing stroke:#cc0000,color:#cc0000,stroke-dasharray:4 4")
            lines.append("    class \(missing.joined(separator: ",")) missing")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dotEscaped(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
    }

    private static func mermaidEscaped(_ text: String) -> String {
        text.replacingAll("\"", with: "#quot;").replacingAll("<", with: "#lt;").replacingAll(">", with: "#gt;")
    }
}

extension ResolutionStep {
    /// The lines of a node's label: type, tag if any, lifetime (or "not registered").
    fileprivate var labelLines: [String] {
        var kind = lifetimeDescription ?? "not registered"
        if self.lifetime == .scoped, let scope { kind += " in \(scope)" }
        return [type] + (tag.map { ["tag: \($0)"] } ?? []) + [kind]
    }
}

extension String {
    /// This string with every `target` replaced by `replacement` (no Foundation needed).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

extension DependencyGraph {
    /// Each node's label: type, tag, lifetime (a scoped one's scope too), and, for nodes that
    /// would otherwise read the same (two bindings of one protocol), where each is defined.
    fileprivate var labelLines: [[String]] {
        let plain = nodes.map(\.labelLines)
        var counts: [[String]: Int] = [:]
        for label in plain { counts[label, default: 0] += 1 }
        return zip(nodes, plain).map { node, label in
            guard counts[label, default: 0] > 1, let site = node.definedAt else { return label }
            return label + ["\(site)"]
        }
    }
}
