import Foundation
import ServiceLifecycle

/// A service that prints when it stops, so that the shutdown order can be read (the graceful
/// shutdown test reads it).
public struct ReportedService: Service, CustomStringConvertible {
    let base: any Service
    public let description: String

    public init(_ base: any Service) {
        self.base = base
        description = String(describing: type(of: base))
    }

    public func run() async throws {
        defer { Report.line("stopped \(description)") }
        try await base.run()
    }
}

/// Lines the server prints to standard error: what a test reads.
public enum Report {
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A service that uses the store while the app runs: it reports how many todos there are, every
/// `interval`. It depends on the store, so it must stop before the database client does.
public final class TodoJanitor: Service, Sendable {
    let store: TodoStore
    let interval: Duration

    public init(store: TodoStore, interval: Duration = .seconds(5)) {
        self.store = store
        self.interval = interval
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = try? await self.store.count()
                try? await Task.sleep(for: self.interval)
            }
        }
    }
}
