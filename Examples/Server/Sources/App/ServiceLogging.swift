import Foundation
import ServiceLifecycle
import WiringServiceLifecycle

/// A service that prints when it stops, so that the shutdown order can be read (the graceful
/// shutdown test reads it).
public struct ReportedService: Service, CustomStringConvertible {
    let base: any Service
    public let description: String

    public init(_ base: any Service) {
        self.base = base
        // A wrapped service (`WiredService`) is named by what it wraps.
        description = (base as? WiredService)?.description ?? String(describing: type(of: base))
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
    /// What its first tick found: the count, or the error (a table not created yet).
    public let firstTick = FirstTick()

    public init(store: TodoStore, interval: Duration = .seconds(5)) {
        self.store = store
        self.interval = interval
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var first = true
            while !Task.isCancelled {
                let began = ContinuousClock.now
                do {
                    let count = try await self.store.count()
                    if first { self.firstTick.record(.success(count), began: began) }
                } catch {
                    if first { self.firstTick.record(.failure(error), began: began) }
                    Report.line("janitor: \(String(reflecting: error))")
                }
                first = false
                try? await Task.sleep(for: self.interval)
            }
        }
    }
}

/// The outcome of a service's first tick, once it has one.
public final class FirstTick: @unchecked Sendable {
    // `outcome` is only touched under `lock` (a `Mutex` needs macOS 15; this package's floor is 14).
    private let lock = NSLock()
    private var outcome: Result<Int, any Error>?
    private var queryBegan: ContinuousClock.Instant?

    public init() {}

    func record(_ result: Result<Int, any Error>, began: ContinuousClock.Instant) {
        lock.withLock {
            guard outcome == nil else { return }
            outcome = result
            queryBegan = began
        }
    }

    /// The first tick's outcome, or `nil` before it.
    public var value: Result<Int, any Error>? { lock.withLock { outcome } }

    /// When the first tick's query began, or `nil` before it: a test orders it against the
    /// app's `start()`.
    public var began: ContinuousClock.Instant? { lock.withLock { queryBegan } }
}
