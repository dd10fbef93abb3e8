import Dispatch
import Foundation
import Wiring

// A command-line tool or server written as `main.swift` top-level code, which Swift makes
// main-actor code: its module's plain definitions must still build on any thread, as a request
// handler on a pool thread resolves them while the main thread waits. `IsolationShapeTests` runs
// this program and checks its exit status and output.

final class Config: Sendable {
    let name = "production"
}

final class Store: Sendable {
    let config: Config
    init(config: Config = resolve()) { self.config = config }
}

final class Ticket: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}

DependencyContainer.defined(by: module {
    single { Config() }
    single { Store() }
    factoryOf(Ticket.init)
})

/// Each worker's store, or its error, under `lock`.
final class Outcomes: @unchecked Sendable {
    // `stores` and `errors` are only touched under `lock`.
    private let lock = NSLock()
    private var stores: [ObjectIdentifier] = []
    private var errors: [String] = []

    func record(_ body: () throws -> Store) {
        do {
            let store = try body()
            lock.withLock { stores.append(ObjectIdentifier(store)) }
        } catch {
            lock.withLock { errors.append("\(error)") }
        }
    }

    var summary: (stores: [ObjectIdentifier], errors: [String]) { lock.withLock { (stores, errors) } }
}

let outcomes = Outcomes()
let done = DispatchSemaphore(value: 0)
let threads = 4
for _ in 0..<threads {
    Thread {
        outcomes.record { try resolveThrowing(Ticket.self).store }
        done.signal()
    }.start()
}
Task.detached {
    outcomes.record { try resolveThrowing(Store.self) }
    done.signal()
}
DispatchQueue.global().async {
    outcomes.record { try resolveThrowing(Store.self) }
    done.signal()
}
// The main thread is blocked meanwhile: nothing above may need it. The timeout is a hang guard.
for _ in 0..<(threads + 2) {
    if done.wait(timeout: .now() + 60) == .timedOut {
        print("FAIL: a resolve off the main thread did not finish in 60 s (it waits for the main actor)")
        exit(1)
    }
}
let (stores, errors) = outcomes.summary
guard errors.isEmpty else {
    print("FAIL: \(errors.count) resolve(s) off the main thread failed:\n\(errors.joined(separator: "\n"))")
    exit(1)
}
let onMain: Store = resolve()
guard stores.count == threads + 2, Set(stores) == [ObjectIdentifier(onMain)] else {
    print("FAIL: expected \(threads + 2) resolves of one Store, got \(stores.count) of \(Set(stores).count)")
    exit(1)
}
print("OK: \(stores.count) resolves off the main thread, one Store, config \(onMain.config.name)")
