/// A definition as it lives in one container, type-erased for the container's tables.
protocol AnyEntry: AnyObject, Sendable {
    var info: DefinitionInfo { get }

    /// Where a built singleton's value is published, or `nil` for other lifetimes (and in a
    /// verification sandbox, whose every resolve takes the slow path so it can be recorded).
    var instanceWord: UnsafeMutablePointer<UnsafeMutableRawPointer?>? { get }

    /// Builds the value as `resolve()` would, and drops it (for verification).
    func build(in container: DependencyContainer) throws(WiringError)

    /// The value as `resolve()` would return it, type-erased (for bindings and `resolveAll`).
    func resolveAny(in container: DependencyContainer) throws(WiringError) -> Any

    /// Hands over a held (scoped) instance, leaving none; call under `creationLock`.
    func takeHeldInstance() -> Released?

    /// The built singleton, if any, for messages (never builds).
    var existingValue: Any? { get }

    /// Marks the entry's module as unloaded (or its container as closed, when `closing`) and
    /// hands over what it holds, to be released once no reader can see it; call under
    /// `creationLock`.
    func retire(closing: Bool) -> Retirement?

    /// Makes a retired entry resolvable again, with a new instance: its module was loaded again
    /// while a scope holding it stayed open; call under `creationLock`.
    func revive()
}

/// How an entry holds a singleton.
enum EntryMode: Sendable {
    /// Published for the lock-free fast path; released with the container, or on unload once no
    /// read section can see it.
    case published
    /// In a verification sandbox: built without `creationLock`, never on the fast path.
    case sandboxed
}

/// Why an entry resolves no more: its module was unloaded, or its container closed.
enum RetiredBy {
    case unload
    case close

    /// The error a resolve of `Value`, defined at `site`, gets.
    func error<Value>(for _: Value.Type, definedAt site: CodeLocation?) -> WiringError {
        switch self {
        case .unload: .moduleUnloaded(type: typeName(Value.self), definedAt: site, requestedAt: nil)
        case .close: .containerClosed(type: typeName(Value.self), requestedAt: nil)
        }
    }
}

/// What an entry held when its module was unloaded: dropped, or freed, once no reader sees it.
enum Retirement {
    /// A held (scoped) instance: released when this value is dropped.
    case instance(Released)
    /// A published singleton's storage: `onClose` runs on its value, then `free` deinitializes
    /// and deallocates it.
    case storage(sequence: UInt64, onClose: () -> Void, free: () -> Void)

    var sequence: UInt64 {
        switch self {
        case let .instance(released): released.sequence
        case let .storage(sequence, _, _): sequence
        }
    }

    /// Runs the definition's `.onClose` callback, then frees what needs freeing.
    func release() {
        switch self {
        case let .instance(released):
            released.onClose?(released.value)
        case let .storage(_, onClose, free):
            onClose()
            free()
        }
    }
}

/// A definition of `Value` inside one container, with that container's singleton instance.
///
/// The table hands out entries as ``AnyEntry``; a lookup by `ObjectIdentifier(Value.self)`
/// can only find an `Entry<Value>`, so resolving downcasts without a dynamic check.
final class Entry<Value>: AnyEntry, @unchecked Sendable {
    // `isBuilding` is only read and written under `creationLock` (inside `OnceValue.initialize`),
    // or, in a verification sandbox, by the one thread that verifies at a time; `instance`
    // publishes with atomics; everything else is immutable.
    let info: DefinitionInfo
    let instanceWord: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    private let factory: @Sendable () throws -> Value
    private let instance = OnceValue<Value>()
    private let mode: EntryMode
    private var isBuilding = false
    /// The instance of a `.weak` definition while anyone holds it; only touched under `creationLock`.
    /// Boxed, so that entries of other lifetimes carry no weak reference to set up and tear down.
    private var weakInstance: WeakReference?
    /// The instance of a `.scoped` definition until its scope closes or its module is unloaded;
    /// only touched under `creationLock`.
    /// Boxed, so that an entry's layout needs no `Optional<Value>` metadata (building a container
    /// instantiates one `Entry<Value>` per definition).
    private var heldInstance: HeldValue<Value>?
    /// Set when the entry's module is unloaded, or its container closed; only touched under
    /// `creationLock`.
    private var retiredBy: RetiredBy?
    /// When the held or published instance was built (see `Released`); only touched under
    /// `creationLock`.
    private var sequence: UInt64 = 0

    init(info: DefinitionInfo, mode: EntryMode, factory: @escaping @Sendable () throws -> Value) {
        self.info = info
        self.factory = factory
        self.mode = mode
        self.instanceWord = info.lifetime == .singleton && mode == .published ? instance.word : nil
    }

    func build(in container: DependencyContainer) throws(WiringError) {
        _ = try resolve(in: container)
    }

    func resolveAny(in container: DependencyContainer) throws(WiringError) -> Any {
        try resolve(in: container)
    }

    /// The instance for this resolve: the existing singleton, or a newly built value.
    ///
    /// Returning an existing singleton is one acquire load and a copy of the value: no lock,
    /// no allocation, no retain of the box.
    @inline(__always)
    func resolve(in container: DependencyContainer) throws(WiringError) -> Value {
        switch info.lifetime {
        case .singleton:
            if let value = existingSingleton { return value }
            return try buildSingleton(in: container)
        case .factory:
            return try make(in: container)
        case .weak:
            return try resolveWeak(in: container)
        case .scoped, .declared:
            return try resolveHeld(in: container)
        }
    }

    /// Runs `body` under `creationLock`, except in a verification sandbox, which builds on one
    /// thread at a time and may park a thread for good mid-build (see `Verification`).
    @inline(__always)
    private func underCreationLock(_ body: () throws(WiringError) -> Value) throws(WiringError) -> Value {
        guard mode != .sandboxed else { return try body() }
        return try creationLock.withLock(body)
    }

    func takeHeldInstance() -> Released? {
        defer { heldInstance = nil }
        return heldInstance.map { Released(value: $0.value, sequence: sequence, onClose: info.onClose) }
    }

    func retire(closing: Bool) -> Retirement? {
        retiredBy = closing ? .close : .unload
        weakInstance = nil
        if let held = takeHeldInstance() { return .instance(held) }
        return instance.unpublish(sequence: sequence, onClose: info.onClose)
    }

    func revive() {
        retiredBy = nil
    }

    var existingValue: Any? {
        guard info.lifetime == .singleton else { return nil }
        return existingSingleton
    }

    /// The built singleton, read in a read section: an unload may free it once no section sees it.
    @inline(__always)
    private var existingSingleton: Value? {
        ReadSection.read { instance.value }
    }

    /// Runs the factory with a frame for this definition pushed, so that its own resolves know
    /// their container and path. An error it throws comes out as a ``WiringError``: as it is if
    /// it is one (a nested `try resolveThrowing()`), else wrapped with this type and the path.
    @inline(__always)
    private func make(in container: DependencyContainer) throws(WiringError) -> Value {
        try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) -> Value in
            do {
                return try factory()
            } catch {
                throw WiringError.thrown(by: info, error)
            }
        }
    }

    /// The instance held under `creationLock` (a scoped one, or a singleton of a module loaded
    /// at run time), built on first use; never after its scope closed or its module was unloaded.
    /// Held under the lock, not published, so that it can be released safely.
    @inline(never)
    private func resolveHeld(in container: DependencyContainer) throws(WiringError) -> Value {
        try underCreationLock { () throws(WiringError) -> Value in
            if let scope = container.scope, scope.isClosedLocked {
                throw WiringError.scopeClosed(scope: scope.id.name, type: typeName(Value.self), requestedAt: nil)
            }
            if let retiredBy { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            if let existing = heldInstance { return existing.value }
            guard !isBuilding else { throw WiringError.cycle(path: cyclePath(), requestedAt: nil) }
            isBuilding = true
            defer { isBuilding = false }
            let value = try make(in: container)
            heldInstance = HeldValue(value)
            sequence = nextCreationSequence()
            return value
        }
    }

    /// The instance of a `.weak` definition if anyone still holds it, else a new one.
    @inline(never)
    private func resolveWeak(in container: DependencyContainer) throws(WiringError) -> Value {
        try underCreationLock { () throws(WiringError) -> Value in
            if let retiredBy { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            if let existing = weakInstance?.object { return existing as! Value }
            guard !isBuilding else { throw WiringError.cycle(path: cyclePath(), requestedAt: nil) }
            isBuilding = true
            defer { isBuilding = false }
            let value = try make(in: container)
            // Only a class instance can be held weakly; anything else is built every time.
            if type(of: value as Any) is AnyClass { weakInstance = WeakReference(value as AnyObject) }
            return value
        }
    }

    /// Builds the singleton exactly once, however many threads ask at the same moment.
    @inline(never)
    private func buildSingleton(in container: DependencyContainer) throws(WiringError) -> Value {
        try instance.initialize(locked: mode != .sandboxed) { () throws(WiringError) -> Value in
            // `creationLock` is re-entrant and held by this thread, so a definition that is
            // already being built is being built further up this thread's stack: a cycle.
            if let retiredBy { throw retiredBy.error(for: Value.self, definedAt: info.site) }
            guard !isBuilding else {
                throw WiringError.cycle(path: cyclePath(), requestedAt: nil)
            }
            isBuilding = true
            defer { isBuilding = false }
            // A factory that throws leaves nothing published: the next resolve tries again.
            let value = try make(in: container)
            if mode != .sandboxed { sequence = nextCreationSequence() }
            return value
        }
    }

    private func cyclePath() -> [ResolutionStep] {
        let path = ResolutionFrame.currentPath + [info]
        let start = path.firstIndex { $0 === info } ?? path.startIndex
        return path[start...].map(\.step)
    }
}

/// A scoped instance, held by its entry until released.
final class HeldValue<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The instance of a `.weak` definition, held weakly.
final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
