internal import _WiringShims

/// An instance that Wiring lets go of (a scope closes, a module is unloaded), with the
/// `.onClose { }` callback of its definition: released outside every lock, newest first.
struct Released {
    /// The instance, or how to reach it before its storage is freed.
    let value: Any
    /// When it was built (or, for a scope's own callback, registered): callbacks run newest first.
    let sequence: UInt64
    let onClose: CloseCallback?
    /// What the instance resolved (see ``Dependencies``): it is released before those.
    var dependencies = Dependencies()

    /// Frees what held the value once its callback ran (a published singleton's storage).
    var free: (() -> Void)? = nil

    /// Runs the callbacks of `released`, each instance's before those of what it depends on
    /// (newest first otherwise), then drops the instances. From the first `async` callback on,
    /// the rest run in order on a task of their own, which ``DependencyContainer/shutdown(timeout:)``
    /// would await instead. Orders only when there are two callbacks or more (a request scope
    /// usually has none, or one).
    static func finish(_ released: consuming [Released]) {
        var callbacks = 0
        var frees = false
        for index in released.indices {
            if released[index].onClose != nil { callbacks += 1 }
            if released[index].free != nil { frees = true }
        }
        // Most scopes hold instances with no callback: dropping the list releases them.
        guard callbacks > 0 || frees else { return }
        let ordered = callbacks > 1 ? closingOrder(released) : released
        for index in ordered.indices {
            switch ordered[index].onClose {
            case nil:
                break
            case let .sync(body):
                body(ordered[index].value)
            case .async:
                let rest = ReleasedBatch(Array(ordered[index...]))
                Task { _ = await Released.finishAwaiting(rest.items) }
                for earlier in ordered.indices[..<index] { ordered[earlier].free?() }
                return
            }
        }
        for index in ordered.indices { ordered[index].free?() }
    }

    /// `released` in close order (see ``DependencyOrder``).
    static func closingOrder(_ released: [Released]) -> [Released] {
        DependencyOrder.closing(released, sequence: \.sequence, dependencies: \.dependencies.all)
    }

    /// The creation numbers of the instances `sequences` use, themselves included, at any depth:
    /// through `dependencies` (what was built, bindings kept) and `released`'s own, and through
    /// aliases (a `.bind` is an instance of its own number whose value is its primary's).
    static func used(
        by sequences: Set<UInt64>, among released: [Released], dependencies: [UInt64: [UInt64]] = [:]
    ) -> Set<UInt64> {
        var edges = dependencies
        for item in released { edges[item.sequence, default: []] += item.dependencies.all }
        // Instances reached by identity: a binding's number and its primary's hold one object.
        var aliases: [ObjectIdentifier: [UInt64]] = [:]
        var objectOf: [UInt64: ObjectIdentifier] = [:]
        for item in released where type(of: item.value) is AnyClass {
            let id = ObjectIdentifier(item.value as AnyObject)
            aliases[id, default: []].append(item.sequence)
            objectOf[item.sequence] = id
        }
        var used: Set<UInt64> = []
        var next = Array(sequences)
        while let sequence = next.popLast() {
            guard used.insert(sequence).inserted else { continue }
            next += edges[sequence] ?? []
            if let id = objectOf[sequence] { next += aliases[id] ?? [] }
        }
        return used
    }

    /// Runs `released`'s callbacks in this order, awaiting each, then frees its instance; returns
    /// the failures. Past `progress`'s deadline, callbacks not begun are skipped.
    static func finishAwaiting(_ released: [Released], progress: ShutdownProgress? = nil) async -> [LifecycleError.Failure] {
        var failures: [LifecycleError.Failure] = []
        for (index, item) in released.enumerated() {
            defer { item.free?() }
            guard let callback = item.onClose, !(progress?.isOver ?? false) else { continue }
            let type = typeName(Swift.type(of: item.value))
            progress?.begin(index)
            switch callback {
            case let .sync(body):
                body(item.value)
            case let .async(body):
                do { try await body(item.value) } catch { failures.append(.init(type: type, error: error)) }
            }
            progress?.end(index)
        }
        return failures
    }
}

/// Instances handed, once, from the thread that let them go to the task that awaits their
/// callbacks.
final class ReleasedBatch: @unchecked Sendable {
    // Immutable, and read by one task at a time: the closing thread, then the awaiting task.
    let items: [Released]

    init(_ items: [Released]) {
        self.items = items
    }
}

/// Instances a scope lets go of as it closes, gathered in memory of the caller's (see
/// `ScopeState.close`), spilling into an array past its capacity.
struct ReleasedList: ~Copyable {
    private let buffer: UnsafeMutableBufferPointer<Released>
    /// How many of `buffer`'s first elements are initialized.
    private var count = 0
    private var spilled: [Released] = []

    /// Gathers into `buffer`, uninitialized memory the caller frees after ``finish()``.
    init(_ buffer: UnsafeMutableBufferPointer<Released>) {
        self.buffer = buffer
    }

    mutating func append(_ released: consuming Released) {
        guard count < buffer.count else { return spilled.append(released) }
        (buffer.baseAddress.unsafelyUnwrapped + count).initialize(to: released)
        count += 1
    }

    /// Hands over everything gathered, leaving `buffer` uninitialized.
    consuming func take() -> [Released] {
        let gathered = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        defer { gathered.deinitialize() }
        return Array(gathered) + spilled
    }

    /// Runs the callbacks in close order, then drops the instances (see ``Released/finish(_:)``),
    /// leaving `buffer` uninitialized.
    consuming func finish() {
        let gathered = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        defer { gathered.deinitialize() }
        var callbacks = 0
        var sync = true
        for index in gathered.indices {
            guard let callback = gathered[index].onClose else { continue }
            callbacks += 1
            if case .async = callback { sync = false }
        }
        guard spilled.isEmpty, sync, callbacks <= 1 else {
            Released.finish(Array(gathered) + spilled)
            return
        }
        for index in gathered.indices {
            if case let .sync(body) = gathered[index].onClose { body(gathered[index].value) }
            gathered[index].free?()
        }
    }
}

/// The next creation number: instances built later get larger ones. Call under ``stateLock``,
/// which guards the counter.
@inline(__always)
func nextCreationSequence() -> UInt64 {
    stateLock.nextSequenceLocked()
}

/// ``nextCreationSequence()`` for a build that holds no lock (a verification sandbox's).
func nextCreationSequenceTakingLock() -> UInt64 {
    stateLock.withLock { nextCreationSequence() }
}
