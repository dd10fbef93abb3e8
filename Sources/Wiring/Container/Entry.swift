internal import _WiringShims

/// Builds a definition's value into uninitialized memory of the definition's type.
typealias Builder = @Sendable (UnsafeMutableRawPointer) throws -> Void

/// A definition as it lives in one container, with that container's instance of it.
///
/// A pointer to its state in an ``EntryBlock``: a registry makes all its entries in one block,
/// not an object each, and keeps that block alive while it holds them (see ``EntryOwners``).
/// Not generic: an entry builds its value with its definition's ``Builder`` and handles it
/// through the definition's metatype (``ErasedValue``); callers hand it memory of the right type
/// to build or copy into.
///
/// A singleton is published for the lock-free fast path: the address of its value is stored,
/// with release ordering, in its published word; the two words after it hold the value itself
/// when it fits (a class reference, a class-bound existential), so that building a container
/// and its singletons allocates nothing per definition but the instance.
struct Entry: Sendable {
    // Points into a block that whoever holds this entry keeps alive; its mutable state is guarded
    // as `EntryStorage` says.
    nonisolated(unsafe) let storage: UnsafeMutablePointer<EntryStorage>

    init(_ storage: UnsafeMutablePointer<EntryStorage>) {
        self.storage = storage
    }

    /// The entry at `address`, as the resolve table and the fast path hold it.
    init(opaque address: UnsafeMutableRawPointer) {
        storage = address.assumingMemoryBound(to: EntryStorage.self)
    }

    /// The entry as a plain address, for the resolve table and the fast path.
    var opaque: UnsafeMutableRawPointer { UnsafeMutableRawPointer(storage) }

    var info: DefinitionInfo { storage.pointee.info.takeUnretainedValue() }

    /// Where a built singleton's address is published, for the fast path; `nil` for other
    /// lifetimes and in a verification sandbox, whose every resolve takes the slow path so that it
    /// can be recorded.
    var instanceWord: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        storage.pointee.mode == .published ? storage.pointee.word : nil
    }

    /// The published word of a singleton (in a sandbox too); `nil` for other lifetimes.
    private var word: UnsafeMutablePointer<UnsafeMutableRawPointer?>? { storage.pointee.word }
    private var mode: EntryMode { storage.pointee.mode }
    private var layout: ValueLayout { storage.pointee.layout }
    private var isBuilding: Bool {
        get { storage.pointee.isBuilding }
        nonmutating set { storage.pointee.isBuilding = newValue }
    }
    private var inlineUsed: Bool {
        get { storage.pointee.inlineUsed }
        nonmutating set { storage.pointee.inlineUsed = newValue }
    }
    private var weakInstance: WeakReference? {
        get { storage.pointee.weakInstance }
        nonmutating set { storage.pointee.weakInstance = newValue }
    }
    private var heldInstance: HeldValue? {
        get { storage.pointee.heldInstance }
        nonmutating set { storage.pointee.heldInstance = newValue }
    }
    private var retiredBy: RetiredBy? {
        get { storage.pointee.retiredBy }
        nonmutating set { storage.pointee.retiredBy = newValue }
    }
    private var sequence: UInt64 {
        get { storage.pointee.sequence }
        nonmutating set { storage.pointee.sequence = newValue }
    }

    /// Frees the published singleton, if any: its block is going.
    func freePublished() {
        if let word, let address = word.pointee { free(address) }
    }

    /// Initializes `buffer`, memory for a value of the definition's type, with the instance for
    /// this resolve: the existing singleton, or a newly built value.
    func resolve(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer) throws(WiringError) {
        switch storage.pointee.lifetime {
        case .singleton:
            if let word {
                let reader = ReadSection.enter()
                if let address = wiring_atomic_load_acquire(word) {
                    ErasedValue.copy(layout, from: address, to: buffer)
                    ReadSection.exit(reader)
                    return
                }
                ReadSection.exit(reader)
            }
            try buildSingleton(into: buffer, in: container)
        case .factory:
            try make(into: buffer, in: container)
        case .weak:
            try resolveWeak(into: buffer, in: container)
        case .scoped, .declared:
            try resolveHeld(into: buffer, in: container)
        }
    }

    /// `resolve(into:in:)`, for a caller that has just found no published singleton: a singleton
    /// goes straight to the build, which looks again under the lock.
    @inline(__always)
    func resolveUnpublished(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        if storage.pointee.lifetime == .singleton, word != nil { return try buildSingleton(into: buffer, in: container) }
        try resolve(into: buffer, in: container)
    }

    /// The instance for this resolve, as a `T` (the definition's type).
    @inline(__always)
    func resolve<T>(_: T.Type, in container: DependencyContainer) throws(WiringError) -> T {
        try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { (buffer) throws(WiringError) -> T in
            let address = buffer.baseAddress.unsafelyUnwrapped
            try resolve(into: UnsafeMutableRawPointer(address), in: container)
            return address.move()
        }
    }

    /// Builds the value as `resolve()` would, and drops it (for verification).
    func build(in container: DependencyContainer) throws(WiringError) {
        _ = try resolveAny(in: container)
    }

    /// The value as `resolve()` would return it, type-erased (for bindings and `resolveAll`).
    func resolveAny(in container: DependencyContainer) throws(WiringError) -> Any {
        try withUnsafeTemporaryAllocation(byteCount: max(layout.size, 1), alignment: layout.alignment) {
            (buffer) throws(WiringError) -> Any in
            let address = buffer.baseAddress.unsafelyUnwrapped
            try resolve(into: address, in: container)
            return ErasedValue.take(info.type, from: address)
        }
    }

    /// Hands over a held (scoped) instance, leaving none; call under `creationLock`.
    func takeHeldInstance() -> Released? {
        defer { heldInstance = nil }
        return heldInstance.map { Released(value: $0.value, sequence: sequence, onClose: info.onClose) }
    }

    /// Marks the entry's module as unloaded (or its container as closed, when `closing`) and
    /// hands over what it holds, to be released once no reader can see it; call under
    /// `creationLock`.
    func retire(closing: Bool) -> Retirement? {
        retiredBy = closing ? .close : .unload
        weakInstance = nil
        if let held = takeHeldInstance() { return .instance(held) }
        guard let word, let address = wiring_atomic_exchange(word, nil) else { return nil }
        let info = info
        // The storage is freed after this entry's registry may be gone: keep its block.
        let block = storage.pointee.block
        return .storage(
            sequence: sequence,
            onClose: { info.onClose?(ErasedValue.value(info.type, at: address)) },
            free: { withExtendedLifetime(block) { self.free(address) } })
    }

    /// Makes a retired entry resolvable again, with a new instance: its module was loaded again
    /// while a scope holding it stayed open; call under `creationLock`.
    func revive() {
        retiredBy = nil
    }

    /// The built singleton, if any, for messages (never builds).
    var existingValue: Any? {
        guard let word else { return nil }
        return ReadSection.read { wiring_atomic_load_acquire(word).map { ErasedValue.value(info.type, at: $0) } }
    }

    // MARK: - Building

    /// Runs `body` under `creationLock`, except in a verification sandbox, which builds on one
    /// thread at a time and may park a thread for good mid-build (see `Verification`).
    @inline(__always)
    private func underCreationLock(_ body: () throws(WiringError) -> Void) throws(WiringError) {
        guard mode != .sandboxed else { return try body() }
        try creationLock.withLock(body)
    }

    /// Runs the builder with a frame for this definition pushed, so that its own resolves know
    /// their container and path. An error it throws comes out as a ``WiringError``: as it is if
    /// it is one (a nested `try resolveThrowing()`), else wrapped with this type and the path.
    @inline(__always)
    private func make(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer) throws(WiringError) {
        if let observer = BuildObserver.active { return try make(into: buffer, in: container, observedBy: observer) }
        // The block holds the info and the builder: borrowed here, not retained.
        let builder = storage.pointee.builder
        let failure = storage.pointee.info._withUnsafeGuaranteedRef { info -> WiringError? in
            do throws(WiringError) {
                try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) in
                    do {
                        try builder._withUnsafeGuaranteedRef { try $0.build(buffer) }
                    } catch {
                        throw WiringError.thrown(by: info, error)
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// `make`, timed and reported to `observer` (``DependencyContainer/onBuild``).
    @inline(never)
    private func make(
        into buffer: UnsafeMutableRawPointer, in container: DependencyContainer,
        observedBy observer: @Sendable (BuildEvent) -> Void
    ) throws(WiringError) {
        let start = BuildObserver.now
        var event: BuildEvent?
        try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) in
            do {
                try storage.pointee.builder._withUnsafeGuaranteedRef { try $0.build(buffer) }
            } catch {
                throw WiringError.thrown(by: info, error)
            }
            let frame = ResolutionFrame.current.unsafelyUnwrapped
            let total = BuildObserver.now &- start
            frame.pointee.parent?.pointee.nestedNanoseconds &+= total
            event = BuildEvent(
                info: info, depth: frame.pointee.depth, nanoseconds: total,
                ownNanoseconds: total &- min(total, frame.pointee.nestedNanoseconds))
        }
        if let event { observer(event) }
    }

    /// Builds the singleton exactly once, however many threads ask at the same moment, and copies
    /// it into `buffer`.
    @inline(never)
    private func buildSingleton(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        guard let word else { preconditionFailure("Wiring: a singleton entry without its word") }
        try underCreationLock { () throws(WiringError) in
            // `creationLock` is re-entrant and held by this thread, so a definition that is
            // already being built is being built further up this thread's stack: a cycle.
            if let address = wiring_atomic_load_acquire(word) {
                ErasedValue.copy(layout, from: address, to: buffer)
                return
            }
            if let retiredBy { throw retiredBy.error(for: info.type, definedAt: info.site) }
            guard !isBuilding else { throw WiringError.cycle(path: cyclePath(), requestedAt: nil) }
            isBuilding = true
            defer { isBuilding = false }
            let inline = UnsafeMutableRawPointer(word + 1)
            let useInline = !inlineUsed && layout.size <= 2 * MemoryLayout<UInt>.size
                && layout.alignment <= MemoryLayout<UInt>.alignment
            let storage = useInline ? inline : .allocate(byteCount: max(layout.size, 1), alignment: layout.alignment)
            do throws(WiringError) {
                try make(into: storage, in: container)
            } catch {
                // A factory that throws leaves nothing published: the next resolve tries again.
                if !useInline { storage.deallocate() }
                throw error
            }
            if useInline { inlineUsed = true }
            if mode != .sandboxed { sequence = nextCreationSequence() }
            ErasedValue.copy(layout, from: storage, to: buffer)
            wiring_atomic_store_release(word, storage)
        }
    }

    /// Destroys a published value at `address`, and frees its storage unless it is inline.
    private func free(_ address: UnsafeMutableRawPointer) {
        ErasedValue.destroy(layout, at: address)
        if let word, address == UnsafeMutableRawPointer(word + 1) { return }
        address.deallocate()
    }

    /// The instance held under `creationLock` (a scoped one), built on first use; never after its
    /// scope closed or its module was unloaded. Held under the lock, not published, so that it
    /// can be released safely.
    @inline(never)
    private func resolveHeld(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        try underCreationLock { () throws(WiringError) in
            if let scope = container.scope, scope.isClosedLocked {
                throw WiringError.scopeClosed(scope: scope.id.name, type: typeName(info.type), requestedAt: nil)
            }
            if let retiredBy { throw retiredBy.error(for: info.type, definedAt: info.site) }
            if let existing = heldInstance {
                ErasedValue.copy(layout, from: existing.storage, to: buffer)
                return
            }
            guard !isBuilding else { throw WiringError.cycle(path: cyclePath(), requestedAt: nil) }
            isBuilding = true
            defer { isBuilding = false }
            let held = try HeldValue.build(layout.type, size: layout.size, alignment: layout.alignment) {
                (storage) throws(WiringError) in try make(into: storage, in: container)
            }
            heldInstance = held
            sequence = nextCreationSequence()
            ErasedValue.copy(layout, from: held.storage, to: buffer)
        }
    }

    /// The instance of a `.weak` definition if anyone still holds it, else a new one.
    @inline(never)
    private func resolveWeak(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        try underCreationLock { () throws(WiringError) in
            if let retiredBy { throw retiredBy.error(for: info.type, definedAt: info.site) }
            if let existing = weakInstance?.object, ErasedValue.initialize(info.type, at: buffer, with: existing) {
                return
            }
            guard !isBuilding else { throw WiringError.cycle(path: cyclePath(), requestedAt: nil) }
            isBuilding = true
            defer { isBuilding = false }
            try make(into: buffer, in: container)
            // Only a class instance can be held weakly; anything else is built every time.
            let value = ErasedValue.value(info.type, at: buffer)
            if ErasedValue.isClassInstance(value) { weakInstance = WeakReference(value as AnyObject) }
        }
    }

    private func cyclePath() -> [ResolutionStep] {
        let path = ResolutionFrame.currentPath + [info]
        let start = path.firstIndex { $0 === info } ?? path.startIndex
        return path[start...].map(\.step)
    }
}
