internal import _WiringShims

/// Detached threads of Wiring's own: verification's workers, modules prepared in the background.
enum WorkerThread {
    /// Stack size of a worker: enough for deep graphs whatever the platform's default.
    static let stackSize: UInt = 8 << 20

    /// Runs `body` on a new detached thread.
    static func spawn(_ body: @escaping @Sendable () -> Void) {
        let cell = ReferenceCell(holding: Body(body))
        let status = wiring_spawn_detached({ address in
            // The thread owns the cell from here.
            let cell = ReferenceCell<Body>(address: address.unsafelyUnwrapped)
            let body = cell.object
            cell.free()
            body.run()
        }, cell.address, .init(stackSize))
        guard status == 0 else {
            cell.free()
            fatalError("Wiring: could not start a thread of its own (pthread_create returned \(status)).")
        }
    }

    /// Blocks the calling thread for good.
    static func parkForever() -> Never {
        let lock = Lock()
        let never = Condition()
        lock.withLock { () -> Void in
            while true { never.wait(releasing: lock) }
        }
        fatalError("Wiring: a parked worker woke up")
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
