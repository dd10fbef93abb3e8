/// One holder at a time, waited for by threads (synchronously) or by tasks (suspended, holding
/// no thread): the turn to own the global root in a test (`withGlobalRoot`, `withExclusiveRoot`).
///
/// An async holder keeps its turn across suspensions, which a lock cannot do. A synchronous
/// waiter blocks its thread meanwhile: if every thread of the cooperative pool were blocked so,
/// the async holder could not resume, so tests that mix the two forms should not all run in
/// parallel (see `withGlobalRoot`).
final class ExclusiveTurn: @unchecked Sendable {
    // `busy` and `waiting` are only touched under `lock`.
    private let lock = Lock()
    private let released = Condition()
    private var busy = false
    /// Tasks waiting for the turn, first come first served; each is handed the turn directly.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the turn, blocking this thread until it is free.
    func acquire() {
        lock.withLock {
            while busy { released.wait(releasing: lock) }
            busy = true
        }
    }

    /// Takes the turn, suspending this task (not blocking its thread) until it is free.
    func acquire(isolation: isolated (any Actor)? = #isolation) async {
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
            let mine = lock.withLock { () -> Bool in
                guard busy else {
                    busy = true
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if mine { continuation.resume() }
        }
    }

    /// Gives the turn up: to the task that has waited longest, else to any waiting thread.
    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard waiting.isEmpty else { return waiting.removeFirst() }  // stays busy: handed over
            busy = false
            released.broadcast()
            return nil
        }
        next?.resume()
    }
}
