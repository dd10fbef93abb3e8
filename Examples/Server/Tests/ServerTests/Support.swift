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

/// What a child process writes to a pipe, read as it comes on a thread of its own, so that a test
/// can wait for a line (an event) instead of sleeping, and read everything once the process ends.
final class OutputLines: @unchecked Sendable {
    // `text` and `ended` are only touched under `condition`'s lock.
    private let condition = NSCondition()
    private var text = ""
    private var ended = false

    init(reading pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty { ended = true } else { text += String(decoding: data, as: UTF8.self) }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
            }
        }.start()
    }

    /// Whether `line` was written `count` times within `seconds` (a hang guard).
    func wait(for line: String, count: Int = 1, seconds: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if seen(line) >= count { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return seen(line) >= count
    }

    /// Everything written, once the writer has closed the pipe (a hang guard of 60 s).
    func all() -> String {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(60)
        while !ended, condition.wait(until: deadline) {}
        return text
    }

    /// The first line written that starts with `prefix`, once it is (`nil` after `seconds`).
    func firstLine(startingWith prefix: String, seconds: Double = 60) async -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if let found = line(startingWith: prefix) { return found }
            try? await Task.sleep(for: .milliseconds(5))
        } while Date() < deadline
        return nil
    }

    private func line(startingWith prefix: String) -> String? {
        condition.lock()
        defer { condition.unlock() }
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
    }

    private func seen(_ line: String) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return text.split(separator: "\n").count { $0 == line }
    }
}

/// A `Server` process of the test's own, on a port the system picks, started with `environment`
/// added to this one's.
struct ServerProcess {
    let process = Process()
    let output = Pipe()
    let lines: OutputLines

    init(binary: URL, environment extra: [String: String]) throws {
        process.executableURL = binary
        process.arguments = ["wiring", "0"]   // a port the system picks: see `listeningPort()`
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        process.standardError = output
        lines = OutputLines(reading: output)
        try process.run()
    }

    /// The port it accepts requests on, once it says so ("listening on port N"); `nil` if it did not
    /// within `seconds` (a hang guard).
    func listeningPort(seconds: Double = 60) async -> Int? {
        await lines.firstLine(startingWith: "listening on port ", seconds: seconds)
            .flatMap { Int($0.dropFirst("listening on port ".count)) }
    }

    /// Waits up to 60 s for the process to end (then terminates it); returns whether it ended by
    /// itself, and what it printed.
    func finish() async throws -> (ended: Bool, log: String) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        return (ended, lines.all())
    }
}
