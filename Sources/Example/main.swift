import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole example app: every module, composed.
let app = modules { .backend; .network; .app }

switch CommandLine.arguments.dropFirst().first {
case nil:
    DependencyContainer.defined(by: app)
    runDemo()
case "graph":
    // `swift run Example graph | dot -Tsvg -o graph.svg`, or `graph mermaid` for Markdown.
    let graph = app.graph()
    print(CommandLine.arguments.dropFirst(2).first == "mermaid" ? graph.mermaid() : graph.dot(), terminator: "")
case "verify":
    do {
        // A user id stands in for what the profile screen is given at resolve time.
        let graph = try app.verify(parameters: [42])
        print(
            "Verified: \(graph.nodes.count) definitions and \(graph.edges.count) dependencies; "
                + "every definition builds.")
    } catch {
        print(error)
        exit(1)
    }
case "trace":
    // The app's start-up, every build timed: which singleton makes launch slow?
    printStartUpTrace()
default:
    print("usage: Example [graph [dot|mermaid] | verify | trace]")
    exit(2)
}
