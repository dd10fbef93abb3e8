import Foundation
import Wiring

/// Counts factory calls across threads.
final class Counter: @unchecked Sendable {
    // `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Runs `body` on `threads` real threads released at the same moment, and waits for all.
func runOnThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let gate = DispatchSemaphore(value: 0)
    for index in 0..<threads {
        group.enter()
        let thread = Thread {
            gate.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<threads { gate.signal() }
    group.wait()
}

/// Collects values from several threads.
final class Collected<Value>: @unchecked Sendable {
    // `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

protocol ServiceProtocol: AnyObject {}
final class Service: ServiceProtocol {}
final class OtherService {}

enum StorageKind: Hashable, Sendable {
    case user
    case system
}

/// A value that says which definition made it: `NamedValue("mock")`.
final class NamedValue: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}
