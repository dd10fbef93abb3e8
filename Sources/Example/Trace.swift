import Dispatch
import Wiring

/// Defines the root and builds what the app's first screen needs, with `onBuild` recording
/// every instance built, then prints them as a table, slowest first.
func printStartUpTrace() {
    let recorder = StartUpRecorder()
    DependencyContainer.onBuild = { recorder.record($0) }
    let start = DispatchTime.now().uptimeNanoseconds
    DependencyContainer.defined(by: app)
    let screen: ProfileViewController = resolve()
    _ = screen.appState   // resolved on first read
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    DependencyContainer.onBuild = nil

    let builds = recorder.events.sorted { $0.ownNanoseconds > $1.ownNanoseconds }
    let rows = builds.map { event in
        [
            event.typeName + (event.tag.map { " (\($0))" } ?? ""), "\(event.lifetime)", "\(event.depth)",
            BuildEvent.milliseconds(event.ownNanoseconds), BuildEvent.milliseconds(event.nanoseconds),
            event.definedAt?.description ?? "",
        ]
    }
    let header = ["built", "lifetime", "depth", "own ms", "total ms", "defined at"]
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
        cells.indices.map { column in
            let cell = cells[column]
            let padding = String(repeating: " ", count: widths[column] - cell.count)
            if (2...4).contains(column) { return padding + cell }
            return column == cells.count - 1 ? cell : cell + padding
        }.joined(separator: "  ")
    }
    print("Start-up: \(builds.count) instances built, slowest first (own time excludes the dependencies it built).")
    print(line(header))
    print(line(widths.map { String(repeating: "-", count: $0) }))
    for row in rows { print(line(row)) }
    print("Defining the root and resolving the first screen took \(BuildEvent.milliseconds(elapsed)) ms.")
}

/// The events `onBuild` reports, from whichever thread builds.
final class StartUpRecorder: Sendable {
    private let queue = DispatchQueue(label: "StartUpRecorder")
    private nonisolated(unsafe) var recorded: [BuildEvent] = []  // only touched on `queue`

    func record(_ event: BuildEvent) {
        queue.sync { recorded.append(event) }
    }

    var events: [BuildEvent] { queue.sync { recorded } }
}
