internal import _WiringShims

/// The short lock that guards every piece of build state: which thread builds what, a scoped
/// instance, a retired mark, a scope's declared values and links.
///
/// It is *never* held while user code runs (a factory, an `onClose`, a `deinit`): a build takes
/// it to claim its definition, releases it while the factory runs, and takes it again to keep
/// the result. So different definitions build at the same time on different threads, and a
/// factory may wait for another thread (`DispatchQueue.main.sync`, a semaphore) that builds
/// something else. Not re-entrant: nothing done under it can reach it again.
let stateLock = StateLock()

/// Who is building what, so that a thread asking for a definition another thread is building
/// waits for that build, and a wait that could never end (a cycle, across threads or on one) is
/// reported as ``WiringError/cycle(path:requestedAt:)`` instead of deadlocking.
///
/// Invariants, all under ``stateLock``:
/// - A *cell* is the ``InstanceState`` of one buildable thing (an entry's instance, a
///   parameterized single, a lazily injected value, a container's eager start). Its `builder` holds the
///   token of the thread building that thing (its reader record, unique among live threads), or
///   `nil`. It is set by ``claim(_:existing:cycle:)`` and cleared by ``finish(_:)``, both by the
///   building thread, which stays inside the build (on its stack) in between.
/// - `waiting[t]` is the cell thread `t` sleeps on; it is set only while `t` sleeps in `claim`.
/// - Before sleeping, a thread follows builder → the cell that builder waits on → its builder …;
///   if that reaches the thread itself, sleeping would deadlock, and it throws instead. Each
///   wait edge is added only after that check, under the same lock, so the graph of waits never
///   has a cycle, and every sleeping thread waits on a thread that makes progress.
enum BuildGate {
    /// A cell: its `builder` is the building thread's token, or `nil`.
    typealias Cell = InstanceState

    /// The calling thread's token.
    @inline(__always)
    static var me: UnsafeRawPointer { UnsafeRawPointer(wiring_reader()) }

    /// Under ``stateLock``: runs `existing` until it returns a value (the thing is built, or
    /// another thread finished building it meanwhile) and returns that value; or claims `cell` for
    /// this thread and returns `nil`, and the caller builds (without the lock) and then calls
    /// ``finish(_:)`` under the lock. Waits while another thread builds; throws `cycle()` when
    /// this thread builds the thing further up its stack, or when waiting would close a cycle.
    /// - Parameter unlocked: A verification sandbox, which builds on one thread at a time without
    ///   the lock: a cell still claimed (by a worker parked for good) is a cycle.
    static func claim<Value>(
        _ cell: Cell, unlocked: Bool = false, existing: () throws(WiringError) -> Value?,
        cycle: () -> WiringError
    ) throws(WiringError) -> Value? {
        while true {
            if let value = try existing() { return value }
            guard let builder = cell.builder else {
                cell.builder = me
                return nil
            }
            let me = me
            if builder == me || unlocked { throw cycle() }
            if state.closesCycle(waitingOn: cell, as: me) { throw cycle() }
            state.waiting[me] = cell
            sleepers += 1
            stateLock.wait()
            sleepers -= 1
            state.waiting[me] = nil
        }
    }

    /// The whole shape of a build that keeps what it builds: under ``stateLock`` (unless
    /// `unlocked`), `existing` returns what is kept already (or throws), else this thread claims
    /// `cell`; then `build` runs without the lock; then, under the lock again, the cell is
    /// released and `keep` stores the result, returning what to release outside the lock (the
    /// thing was retired, or its scope closed, meanwhile), if anything. A failed build releases
    /// the cell and keeps nothing, so the next resolve tries again.
    @inline(__always)
    static func build<Value>(
        _ cell: Cell, unlocked: Bool = false, existing: () throws(WiringError) -> Value?,
        cycle: () -> WiringError, build: () throws(WiringError) -> Value, keep: (Value) -> (() -> Void)?
    ) throws(WiringError) -> Value {
        let kept = try locked(unless: unlocked) { () throws(WiringError) -> Value? in
            try claim(cell, unlocked: unlocked, existing: existing, cycle: cycle)
        }
        if let kept { return kept }
        let built: Value
        do {
            built = try build()
        } catch {
            locked(unless: unlocked) { finish(cell, unlocked: unlocked) }
            throw error
        }
        let release = locked(unless: unlocked) { () -> (() -> Void)? in
            finish(cell, unlocked: unlocked)
            return keep(built)
        }
        release?()
        return built
    }

    /// Under ``stateLock``: ends this thread's build of `cell` (built or failed), and wakes the
    /// threads waiting for a build to end.
    /// - Parameter unlocked: A verification sandbox, which holds no lock: it only clears its own
    ///   cell, since nobody ever waits for a sandbox's cells, and the threads waiting for other
    ///   builds are only read under the lock.
    static func finish(_ cell: Cell, unlocked: Bool = false) {
        cell.builder = nil
        if !unlocked, sleepers != 0 { stateLock.broadcast() }
    }

    /// Runs `body` under ``stateLock``, unless `unlocked` (a verification sandbox).
    @inline(__always)
    static func locked<Value, Failure: Error>(
        unless unlocked: Bool = false, _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if unlocked { return try body() }
        return try stateLock.withLock(body)
    }

    private static let state = WaitGraph()

    /// How many threads sleep in ``claim(_:unlocked:existing:cycle:)``: read by every build that
    /// ends. Only touched under ``stateLock``. A plain integer, initialized statically, so that
    /// reading it checks no lazily initialized global (as reading `state` would).
    nonisolated(unsafe) private static var sleepers = 0

    /// The threads sleeping in ``claim(_:existing:cycle:)`` and the cells they wait on.
    private final class WaitGraph: @unchecked Sendable {
        // Only touched under `stateLock` (whose own condition its waiters sleep on).
        // No run-time exclusivity check: the lock serializes every access, and `finish` reads it
        // on every build that keeps what it built.
        @exclusivity(unchecked) var waiting: [UnsafeRawPointer: Cell] = [:]

        /// Whether `me` waiting on `cell` would close a loop of waits back to `me`.
        func closesCycle(waitingOn cell: Cell, as me: UnsafeRawPointer) -> Bool {
            var builder = cell.builder
            // The graph is acyclic (see `BuildGate`), so this ends; the bound is a guard only.
            for _ in 0...waiting.count {
                guard let thread = builder else { return false }
                if thread == me { return true }
                guard let next = waiting[thread] else { return false }
                builder = next.builder
            }
            return false
        }
    }
}
