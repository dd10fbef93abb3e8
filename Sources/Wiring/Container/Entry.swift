internal import _WiringShims

/// Builds a definition's value into uninitialized memory of the definition's type. The second
/// argument is the entry building it (its ``Entry/opaque`` address), which a binding reads its
/// primary from; a definition's own builder ignores it.
typealias Builder = @Sendable (_ buffer: UnsafeMutableRawPointer, _ entry: UnsafeRawPointer) throws -> Void

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

    /// The definition (its block keeps it alive).
    var info: DefinitionInfo { storage.pointee.definition.takeUnretainedValue() }

    /// The definition's type.
    private var definedType: Any.Type { info.type }
    /// Whether the definition is a `createdAtStart()` singleton.
    var isCreatedAtStart: Bool { info.createdAtStart }
    /// The definition's `.onClose` callback, if any.
    private var onClose: CloseCallback? { info.hooks?.close }

    /// Where a built singleton's address is published, for the fast path; `nil` for other
    /// lifetimes and in a verification sandbox, whose every resolve takes the slow path so that it
    /// can be recorded.
    var instanceWord: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        storage.pointee.mode == .published ? word : nil
    }

    /// The published word of a singleton (in a sandbox too): its storage's `words.0`; `nil` for
    /// other lifetimes.
    private var word: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        guard storage.pointee.lifetime == .singleton else { return nil }
        return (UnsafeMutableRawPointer(storage) + EntryBlock.wordsOffset)
            .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }
    private var mode: EntryMode { storage.pointee.mode }
    private var layout: ValueLayout { info.layout }
    // The marks are changed on a copy and stored back whole, a one-byte store to their own
    // field. Changed in place (`storage.pointee.marks.x = …`, a computed property) the write
    // would be a modify access of the whole `pointee`, which ThreadSanitizer sees at the
    // element's first byte: a race with the lock-free readers of `definition` there.
    private var inlineUsed: Bool {
        get { storage.pointee.marks.inlineUsed }
        nonmutating set {
            var marks = storage.pointee.marks
            marks.inlineUsed = newValue
            storage.pointee.marks = marks
        }
    }
    private var retiredBy: RetiredBy? {
        get { storage.pointee.marks.retiredBy }
        nonmutating set {
            var marks = storage.pointee.marks
            marks.retiredBy = newValue
            storage.pointee.marks = marks
        }
    }

    /// The instance state this entry keeps itself (every entry but a shared scope definition's).
    private var own: UnsafeMutablePointer<InstanceState> {
        (UnsafeMutableRawPointer(storage) + EntryBlock.ownOffset).assumingMemoryBound(to: InstanceState.self)
    }

    /// Whether the definition is a `factory`: it keeps nothing, so it may be built in any
    /// container (see `resolveCore`'s requester).
    var isFactory: Bool { storage.pointee.lifetime == .factory }

    /// Whether a resolve in its scope builds (or keeps) the value: every lifetime but a value
    /// announced with `declared(_:example:)`, which the scope is given.
    var isBuiltInScope: Bool { storage.pointee.lifetime != .declared }

    /// Whether the entry is a shared scope definition's, whose instance state lives in each scope.
    var isSlotted: Bool { storage.pointee.traits.isSlotted }

    /// For a shared scope definition's entry (``isSlotted``), the index of its state among each
    /// scope's slots: kept in `words.1`, which only a singleton's entry uses, and a slotted
    /// entry is never a singleton's (see ``EntryMaker``).
    var slot: Int {
        assert(isSlotted, "Wiring: the slot of an entry that keeps its own state was read")
        return Int(bitPattern: storage.pointee.words.1)
    }

    /// The entry a binding builds from (an entry of the same container; see
    /// ``EntryBlock/Header/primaries``).
    var primary: Entry { EntryBlock.primary(of: storage) }

    /// The instance state for a resolve in `container`: the entry's own, or, for an entry shared
    /// by the scopes opened from one scope definition, `container`'s slot (`container` is then
    /// always one of those scopes: only they resolve from a shared registry).
    @inline(__always)
    private func state(in container: DependencyContainer) -> UnsafeMutablePointer<InstanceState> {
        guard storage.pointee.traits.isSlotted else { return own }
        return container.scope.unsafelyUnwrapped.slot(slot)
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
            try resolveSingleton(into: buffer, in: container)
        case .factory:
            // A factory keeps nothing: what it uses is noted in the kept build it is part of.
            try make(into: buffer, in: container)
        case .weak:
            try resolveWeak(into: buffer, in: container)
        case .scoped, .declared:
            try resolveHeld(into: buffer, in: container)
        }
    }

    /// The singleton: its published value, copied, or built. Out of line, so that the copy's
    /// temporaries do not sit in `resolve(into:in:)`'s frame, which every level of a deep graph
    /// of factories passes through.
    @inline(never)
    private func resolveSingleton(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        if let word {
            let reader = ReadSection.enter()
            if let address = wiring_atomic_load_acquire(word) {
                ErasedValue.copy(layout, from: address, to: buffer)
                ReadSection.exitAfterRetaining(reader)  // the copy retained the value
                // Written before the value was published, which the acquire load saw.
                DependencyCollector.note(own.pointee.sequence)
                return
            }
            ReadSection.exit(reader)
        }
        try buildSingleton(into: buffer, in: container)
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
    ///
    /// Its callers are Wiring's generic slow paths, which run unspecialized (the public
    /// `resolve()` inlined into the app calls them through a non-inlinable function). There, a
    /// stack temporary of `T` (`withUnsafeTemporaryAllocation`) instantiates `Result<T, _>`
    /// metadata on every call, several hundred instructions; so an existing singleton is copied
    /// straight from where it is published, and anything else is built into heap memory
    /// (``builtOnHeap(_:_:)``).
    @inline(__always)
    func resolve<T>(_: T.Type, in container: DependencyContainer) throws(WiringError) -> T {
        if storage.pointee.lifetime == .singleton, let word {
            let reader = ReadSection.enter()
            if let address = wiring_atomic_load_acquire(word) {
                let value = address.assumingMemoryBound(to: T.self).pointee
                ReadSection.exitAfterRetaining(reader)  // the copy retained the value
                DependencyCollector.note(own.pointee.sequence)
                return value
            }
            ReadSection.exit(reader)
        }
        return try builtOnHeap(T.self) { (buffer) throws(WiringError) in
            try resolveUnpublished(into: buffer, in: container)
        }
    }

    /// Builds the value as `resolve()` would, and drops it (for verification).
    func build(in container: DependencyContainer) throws(WiringError) {
        _ = try resolveAny(in: container)
    }

    /// The value as `resolve()` would return it, type-erased (for bindings and `resolveAll`).
    func resolveAny(in container: DependencyContainer) throws(WiringError) -> Any {
        try withUnsafeTemporaryAllocation(byteCount: layout.stride, alignment: layout.alignment) {
            (buffer) throws(WiringError) -> Any in
            let address = buffer.baseAddress.unsafelyUnwrapped
            try resolve(into: address, in: container)
            return ErasedValue.take(definedType, from: address)
        }
    }

    /// Hands over a held (scoped) instance, leaving none; call under `stateLock`.
    func takeHeldInstance() -> Released? {
        takeHeldInstance(from: own)
    }

    /// Hands over the instance `state` holds for this entry (its own, or a scope's slot), leaving
    /// none; call under `stateLock`.
    func takeHeldInstance(from state: UnsafeMutablePointer<InstanceState>) -> Released? {
        // Swapped out, not copied and cleared: the reference moves, with no retain and release.
        var held: AnyObject?
        swap(&held, &state.pointee.held)
        // What `held` is follows from the entry (see `InstanceState.held`): a weak entry's
        // reference is dropped, not released as an instance.
        guard let held, storage.pointee.lifetime != .weak else { return nil }
        var dependencies = Dependencies()
        swap(&dependencies, &state.pointee.dependencies)
        let value: Any = layout.isObject ? held : unsafeDowncast(held, to: HeldValue.self).value
        return Released(
            value: value, sequence: state.pointee.sequence, onClose: onClose, dependencies: dependencies.all)
    }

    /// Marks the entry's module as unloaded (or its container as closed, when `closing`) and
    /// hands over what it holds, to be released once no reader can see it; call under
    /// `stateLock`.
    func retire(closing: Bool) -> Released? {
        retiredBy = closing ? .close : .unload
        if let held = takeHeldInstance() { return held }
        guard let word, let address = wiring_atomic_exchange(word, nil) else { return nil }
        return retirement(ofPublished: address)
    }

    /// The release of a singleton's value at `address`, no longer published: its `.onClose`,
    /// then its storage freed.
    private func retirement(ofPublished address: UnsafeMutableRawPointer) -> Released {
        // The storage is freed after this entry's registry may be gone: keep its block.
        let block = EntryBlock.containing(storage)
        let onClose = onClose
        return Released(
            value: onClose == nil ? () : ErasedValue.value(definedType, at: address),
            sequence: own.pointee.sequence, onClose: onClose, dependencies: own.pointee.dependencies.all,
            free: { withExtendedLifetime(block) { self.free(address) } })
    }

    /// The creation number of the published singleton, for a reader that has just seen its
    /// published address (written before the release store that published it).
    var publishedSequence: UInt64 { own.pointee.sequence }

    /// Whether the entry is a binding's (`bind(_:)`), whose instance is its primary's.
    var isBinding: Bool { storage.pointee.traits.isBinding }

    /// The published singleton's creation number, what it resolved and its value, if it is
    /// built; call under `stateLock`, which keeps it from being retired meanwhile.
    func builtSingleton() -> (sequence: UInt64, dependencies: [UInt64], value: Any)? {
        guard mode == .published, let word, let address = wiring_atomic_load_acquire(word) else { return nil }
        return (own.pointee.sequence, own.pointee.dependencies.all, ErasedValue.value(definedType, at: address))
    }

    /// Makes a retired entry resolvable again, with a new instance: its module was loaded again
    /// while a scope holding it stayed open; call under `stateLock`.
    func revive() {
        retiredBy = nil
    }

    /// The built singleton, if any, for messages (never builds).
    var existingValue: Any? {
        guard let word else { return nil }
        return ReadSection.read { wiring_atomic_load_acquire(word).map { ErasedValue.value(definedType, at: $0) } }
    }

    // MARK: - Building

    /// The ``BuildGate`` cell of `state`.
    private func buildingThread(of state: UnsafeMutablePointer<InstanceState>) -> BuildGate.Cell {
        (UnsafeMutableRawPointer(state) + InstanceState.buildingThreadOffset).assumingMemoryBound(to: UnsafeRawPointer?.self)
    }

    /// The one shape of every build that keeps what it built (a singleton, a scoped or a weak
    /// instance): under ``stateLock``, `existing` either finishes the resolve from what is kept
    /// (returning `true`) or throws; otherwise this thread claims the build (see ``BuildGate``),
    /// runs `build` without the lock, and `keep` stores the result under the lock, or hands back
    /// what to release (outside the lock) when the entry was retired or its scope closed
    /// meanwhile. A verification sandbox takes no lock (see `Verification`).
    @inline(__always)
    private func buildOnce(
        _ state: UnsafeMutablePointer<InstanceState>, existing: () throws(WiringError) -> Bool, build: () throws(WiringError) -> Void, keep: () -> Released?
    ) throws(WiringError) {
        try BuildGate.build(
            buildingThread(of: state), unlocked: mode == .sandboxed,
            existing: { () throws(WiringError) -> Void? in
                guard try existing() else { return nil }
                return ()
            },
            cycle: { .cycle(path: cyclePath(), requestedAt: nil) }, build: build,
            keep: { () -> (() -> Void)? in keep().map { released in { Released.finish([released]) } } })
    }

    /// Runs the builder with a frame for this definition pushed, so that its own resolves know
    /// their container and path. An error it throws comes out as a ``WiringError``: as it is if
    /// it is one (a nested `try resolveThrowing()`), else wrapped with this type and the path.
    @inline(__always)
    private func make(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer) throws(WiringError) {
        // One load when nobody observes builds; the observer's lookup is out of line, so that its
        // temporaries do not sit in this frame, which every level of a deep graph passes through.
        if BuildObserver.isObserving { return try makeObserved(into: buffer, in: container) }
        // The block holds the definition, and the definition the builder: not retained here.
        let entry = UnsafeRawPointer(storage)
        let definition = storage.pointee.definition
        let failure: WiringError?
        do throws(WiringError) {
            try ResolutionFrame.with(container: container, definition: definition) {
                () throws(WiringError) in
                do {
                    try definition.takeUnretainedValue().build(buffer, entry)
                } catch {
                    throw WiringError.thrown(by: info, error)
                }
            }
            failure = nil
        } catch {
            failure = error
        }
        if let failure { throw failure }
    }

    /// `make` for a build that keeps its instance: hands back what the build resolved (see
    /// ``Dependencies``). Apart from `make`, so that a factory's level of a deep graph carries
    /// none of it.
    private func makeKept(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer) throws(WiringError)
        -> Dependencies
    {
        try DependencyCollector.collecting(for: storage.pointee.definition) { () throws(WiringError) in
            try make(into: buffer, in: container)
        }
    }

    /// `make` while an observer is set (it may have been removed since: then not reported).
    @inline(never)
    private func makeObserved(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        guard let observer = BuildObserver.active else { return try make(into: buffer, in: container, observedBy: { _ in }) }
        try make(into: buffer, in: container, observedBy: observer)
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
                try info.build(buffer, UnsafeRawPointer(storage))
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
    ///
    /// The factory runs without any lock (see ``BuildGate``): threads asking for this singleton
    /// meanwhile wait for it, threads building others go on. If the entry is retired while it
    /// builds (its module unloaded, by the factory itself or by another thread), the value goes
    /// to this resolve only and is released at once, `.onClose` included: nothing is ever
    /// published into a retired entry.
    @inline(never)
    private func buildSingleton(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        guard let word else { preconditionFailure("Wiring: a singleton entry without its word") }
        var storage: UnsafeMutableRawPointer?
        var useInline = false
        var collected = Dependencies()
        try buildOnce(
            own,
            existing: { () throws(WiringError) -> Bool in
                if let address = wiring_atomic_load_acquire(word) {
                    ErasedValue.copy(layout, from: address, to: buffer)
                    DependencyCollector.note(own.pointee.sequence)
                    return true
                }
                if let retiredBy, !retiredBy.buildsForNestedResolve {
                    throw retiredBy.error(for: definedType, definedAt: info.site)
                }
                // The inline words, unless a value built there once may still wait to be freed.
                useInline = !inlineUsed && layout.stride <= 2 * MemoryLayout<UInt>.size
                    && layout.alignment <= MemoryLayout<UInt>.alignment
                return false
            },
            build: { () throws(WiringError) in
                let target =
                    useInline
                    ? UnsafeMutableRawPointer(word + 1)
                    : .allocate(byteCount: layout.stride, alignment: layout.alignment)
                do throws(WiringError) {
                    collected = try makeKept(into: target, in: container)
                } catch {
                    // A factory that throws leaves nothing published: the next resolve tries again.
                    if !useInline { target.deallocate() }
                    throw error
                }
                ErasedValue.copy(layout, from: target, to: buffer)
                storage = target
            },
            keep: { () -> Released? in
                let address = storage.unsafelyUnwrapped
                if useInline { inlineUsed = true }
                if mode != .sandboxed { own.pointee.sequence = nextCreationSequence() }
                // Most singletons resolve nothing kept: no store, no retain.
                if !collected.isEmpty || !own.pointee.dependencies.isEmpty { own.pointee.dependencies = collected }
                guard retiredBy == nil else { return retirement(ofPublished: address) }
                DependencyCollector.note(own.pointee.sequence)
                wiring_atomic_store_release(word, address)
                return nil
            })
    }

    /// Destroys a published value at `address`, and frees its storage unless it is inline.
    private func free(_ address: UnsafeMutableRawPointer) {
        ErasedValue.destroy(layout, at: address)
        if let word, address == UnsafeMutableRawPointer(word + 1) { return }
        address.deallocate()
    }

    /// The instance held under `stateLock` (a scoped one), built on first use; never after its
    /// scope closed or its module was unloaded. Held under the lock, not published, so that it
    /// can be released safely. If the scope closes (or the module is unloaded) while it builds,
    /// the resolve that built it still returns it, and it is released at once.
    @inline(never)
    private func resolveHeld(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        // A class instance is held as its reference, in the state itself; any other value in a
        // ``HeldValue`` of its own.
        var held: HeldValue?
        var collected = Dependencies()
        let isObject = layout.isObject
        let state = state(in: container)
        try buildOnce(
            state,
            existing: { () throws(WiringError) -> Bool in
                // Asked of the scope borrowed, not bound: a binding would retain it on every
                // resolve (the container holds it, and the caller holds the container).
                if let scope = container.scope,
                    scope.refuses(in: container)
                {
                    throw WiringError.scopeClosed(
                        scope: container.scope.unsafelyUnwrapped.id.name, type: typeName(definedType), requestedAt: nil)
                }
                if let retiredBy, !retiredBy.buildsForNestedResolve {
                    throw retiredBy.error(for: definedType, definedAt: info.site)
                }
                guard let existing = state.pointee.held else { return false }
                DependencyCollector.note(state.pointee.sequence)
                if isObject {
                    // `T` is a class: its value is this one reference.
                    buffer.initializeMemory(as: AnyObject.self, repeating: existing, count: 1)
                    return true
                }
                ErasedValue.copy(layout, from: unsafeDowncast(existing, to: HeldValue.self).storage, to: buffer)
                return true
            },
            build: { () throws(WiringError) in
                if isObject {
                    collected = try makeKept(into: buffer, in: container)
                    return
                }
                let built = try HeldValue.build(layout) {
                    (storage) throws(WiringError) in collected = try makeKept(into: storage, in: container)
                }
                ErasedValue.copy(layout, from: built.storage, to: buffer)
                held = built
            },
            keep: { () -> Released? in
                // A class instance is read from `buffer`, which holds the caller's reference: the
                // one retain here is the state's own (no local copy to retain and release).
                // Under the lock, but in a sandbox (which builds without it).
                let kept = mode == .sandboxed ? nextCreationSequenceTakingLock() : nextCreationSequence()
                if retiredBy != nil || (container.scope?.isClosedLocked ?? false) {
                    let value: Any = isObject ? buffer.load(as: AnyObject.self) : held.unsafelyUnwrapped.value
                    return Released(value: value, sequence: kept, onClose: onClose, dependencies: collected.all)
                }
                if isObject {
                    state.pointee.held = buffer.load(as: AnyObject.self)
                } else {
                    state.pointee.held = held.take()
                }
                state.pointee.sequence = kept
                if !collected.isEmpty || !state.pointee.dependencies.isEmpty { state.pointee.dependencies = collected }
                DependencyCollector.note(kept)
                return nil
            })
    }

    /// The instance of a `.weak` definition if anyone still holds it, else a new one.
    @inline(never)
    private func resolveWeak(into buffer: UnsafeMutableRawPointer, in container: DependencyContainer)
        throws(WiringError)
    {
        let state = state(in: container)
        try buildOnce(
            state,
            existing: { () throws(WiringError) -> Bool in
                if let retiredBy, !retiredBy.buildsForNestedResolve {
                    throw retiredBy.error(for: definedType, definedAt: info.site)
                }
                guard let reference = state.pointee.held,
                    let existing = unsafeDowncast(reference, to: WeakReference.self).object
                else { return false }
                return ErasedValue.initialize(definedType, at: buffer, with: existing)
            },
            build: { () throws(WiringError) in
                // Wiring does not keep a weak instance: what it uses counts for its resolver.
                try make(into: buffer, in: container)
            },
            keep: { () -> Released? in
                // Only a class instance can be held weakly; anything else is built every time.
                let value = ErasedValue.value(definedType, at: buffer)
                if retiredBy == nil, ErasedValue.isClassInstance(value) {
                    state.pointee.held = WeakReference(value as AnyObject)
                }
                return nil
            })
    }

    private func cyclePath() -> [ResolutionStep] {
        let path = ResolutionFrame.currentPath + [info]
        let start = path.firstIndex { $0 === info } ?? path.startIndex
        return path[start...].map(\.step)
    }
}
