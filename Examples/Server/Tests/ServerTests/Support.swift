import Foundation
import Logging

/// Collects what the app logs, to check a failed request's message.
final class LogRecorder: @unchecked Sendable {
    // `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    var all: [String] { lock.withLock { messages } }

    func append(_ message: String) { lock.withLock { messages.append(message) } }

    /// A logger that records here.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.append(event.message.description)
        }
    }
}

/// Counts across the tasks that serve requests.
final class Tally: @unchecked Sendable {
    // `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func increment() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
