/// Builds a definition's value. It is given the entry building it, which a binding reads its
/// primary from; a definition's own builder ignores it.
@usableFromInline
typealias Builder = @Sendable (_ entry: Entry) throws -> Instance

/// A definition as it lives in one container, with that container's instance of it.
///
/// One object per definition (and per binding) of a registry. A singleton's instance is
/// published for lock-free readers in its registry's ``PublishedWords`` (whose invariant every
/// such read relies on); a scoped, declared or weak instance is kept in an ``InstanceState``:
/// the entry itself, or, for an entry that every scope opened from one scope definition shares,
/// each scope's (see ``ScopeState``), so opening a scope builds no entries.
@usableFromInline
final class Entry: InstanceState, @unchecked Sendable {
    // `retiredBy` and the states' fields are only touched under `stateLock` (or, in a
    // verification sandbox, by the one thread that verifies); the published singleton is
    // written as ``PublishedWords`` says; the rest is immutable.
    let info: DefinitionInfo
    let mode: EntryMode
    /// For a binding (`bind(_:)`), the entry of the same container it builds from.
    let primary: Entry?
    /// For an entry shared by the scopes of one scope definition, the index of its state among
    /// each scope's slots; `-1` when it keeps its own.
    let slot: Int
    /// For a singleton, the flag its instance is published by (see ``PublishedWords``); `nil`
    /// for other lifetimes. Apart from `block`, so that a reader copies out a word, not a
    /// reference it would retain.
    private let word: PublishedWord?
    /// The block `word` is in, kept alive while the entry is.
    private let block: PublishedWords?
    /// Set when the entry's module is unloaded, or its container closed.
    @exclusivity(unchecked) private var retiredBy: RetiredBy?

    /// - Parameter words: The block a singleton's word is in and where (see ``PublishedWords``);
    ///   every registry gives one per entry it makes.
    init(
        info: DefinitionInfo, mode: EntryMode, primary: Entry? = nil, slot: Int = -1,
        words: (block: PublishedWords, index: Int)
    ) {
        self.info = info
        self.mode = mode
        self.primary = primary
        self.slot = slot
        if info.lifetime == .singleton {
            word = words.block.word(words.index)
            block = words.block
        } else {
            word = nil
            block = nil
        }
        super.init()
    }

    deinit {
        // Published and never retired: no reader can reach an entry that is being freed.
        if let word, PublishedWords.unpublish(at: word) != nil {
            PublishedWords.drop(at: word)
        }
    }

    /// Whether the definition is a `createdAtStart()` singleton.
    var isCreatedAtStart: Bool { info.createdAtStart }
    /// Whether the definition is a `factory`: it keeps nothing, so it may be built in any
    /// container (see `resolveCore`'s requester).
    var isFactory: Bool { info.lifetime == .factory }
    /// Whether the entry is a shared scope definition's, whose instance state lives in each scope.
    var isSlotted: Bool { slot >= 0 }
    /// Whether the entry is a binding's (`bind(_:)`), whose instance is its primary's.
    var isBinding: Bool { primary != nil }

    private var onClose: CloseCallback? { info.hooks?.close }

    /// The instance state for a resolve in `container`: the entry's own, or, for an entry shared
    /// by the scopes opened from one scope definition, `container`'s slot (`container` is then
    /// always one of those scopes: only they resolve from a shared registry).
    private func state(in container: DependencyContainer) -> InstanceState {
        guard isSlotted else { return self }
        guard case .scope(let scope) = container.role else {
            preconditionFailure("Wiring: a scope definition's entry was resolved outside its scope")
        }
        return scope.slot(slot)
    }

    /// Forgets the build that a parked verification worker claimed in `container` (a sandbox),
    /// so that verification's main-actor phase can build it: that worker never runs again.
    func forgetAbandonedBuild(in container: DependencyContainer) {
        precondition(mode == .sandboxed, "Wiring: only a verification sandbox abandons builds")
        state(in: container).builder = nil
    }

    /// The instance for this resolve: the existing one, or a newly built value.
    @inline(__always)
    func resolve(in container: DependencyContainer) throws(WiringError) -> Instance {
        switch info.lifetime {
        case .singleton: try resolveSingleton(in: container)
        // A factory keeps nothing: what it uses is noted in the kept build it is part of.
        case .factory: try make(in: container)
        case .weak: try resolveWeak(in: container)
        case .scoped, .declared: try resolveHeld(in: container)
        }
    }

    /// ``resolve(in:)`` for a resolve that knows its type: a factory's value goes to `deliver`
    /// when it takes it (then `nil`), unboxed; everything else comes back as an instance.
    @inline(__always)
    func resolve(in container: DependencyContainer, deliver: Deliver) throws(WiringError) -> Instance? {
        guard info.lifetime == .factory, info.typedFactory != nil else { return try resolve(in: container) }
        return try framed(in: container) { () throws -> Instance? in
            guard let typed = info.typedFactory, try deliver(typed) else { return try info.build(self) }
            return nil
        }
    }

    /// Builds the value as `resolve()` would, and drops it (for verification and eager starts).
    func build(in container: DependencyContainer) throws(WiringError) {
        _ = try resolve(in: container)
    }

    /// The published singleton, read inside a read section (an unload may unpublish it meanwhile;
    /// it is dropped only once no section can see it).
    var publishedInstance: Instance? {
        guard let word else { return nil }
        let section = ReadSection.enter()
        let instance = PublishedWords.instance(at: word)
        section.exitAfterRetaining()
        return instance
    }

    /// The flag the singleton is published by, for a reader inside a read section to read with
    /// ``PublishedWords/instance(at:)`` once it no longer uses the entry (see ``PublishedWords``).
    var publishedWord: PublishedWord? { word }

    /// Publishes `value` as the singleton; under `stateLock`, once.
    private func publish(_ value: Instance) {
        guard let word else { preconditionFailure("Wiring: a \(info.lifetime) entry was published") }
        PublishedWords.publish(value, at: word)
    }

    /// ``publishedInstance``, noted as a dependency of the build this resolve is part of, if any.
    @inline(__always)
    var notedPublishedInstance: Instance? {
        guard let instance = publishedInstance else { return nil }
        // Written before the singleton was published, and never after (see `buildSingleton`).
        DependencyCollector.note(sequence)
        return instance
    }

    /// The published singleton, read under `stateLock`, which every unpublishing takes.
    private var lockedSingleton: Instance? {
        guard let word else { return nil }
        return PublishedWords.instance(at: word)
    }

    /// The singleton: its published value, or built.
    private func resolveSingleton(in container: DependencyContainer) throws(WiringError) -> Instance {
        if let instance = notedPublishedInstance { return instance }
        return try buildSingleton(in: container)
    }

    /// Hands over a held (scoped) instance, leaving none; call under `stateLock`.
    func takeHeldInstance() -> Released? {
        isSlotted ? nil : takeHeldInstance(from: self)
    }

    /// Hands over the instance `state` holds for this entry (its own, or a scope's slot), leaving
    /// none; call under `stateLock`.
    func takeHeldInstance(from state: InstanceState) -> Released? {
        state.takeHeld(onClose: onClose)
    }

    /// Marks the entry's module as unloaded (or its container as closed, when `closing`) and
    /// hands over what it holds, to be released once no reader can see it; call under
    /// `stateLock`.
    func retire(closing: Bool) -> Released? {
        retiredBy = closing ? .close : .unload
        if let held = takeHeldInstance() { return held }
        guard let word, let value = PublishedWords.unpublish(at: word) else { return nil }
        // Readers inside a read section may still read the slot: `free` drops it once none can
        // (it keeps the entry, and so the block, alive until then).
        return Released(
            value: value.any, sequence: sequence, onClose: onClose, dependencies: dependencies,
            free: { PublishedWords.drop(at: word); withExtendedLifetime(self) {} })
    }

    /// The published singleton's creation number, what it resolved and its value, if it is
    /// built; call under `stateLock`, which keeps it from being retired meanwhile.
    func builtSingleton() -> (sequence: UInt64, dependencies: [UInt64], value: Any)? {
        guard mode == .published, let instance = lockedSingleton else { return nil }
        return (sequence, dependencies.all, instance.any)
    }

    /// The instance a scope holds for this entry, if it holds one (a `single` or `scoped` of the
    /// scope), as ``builtSingleton()`` gives it; call on `scope`'s entries under `stateLock`.
    func heldInstance(in scope: DependencyContainer) -> (sequence: UInt64, dependencies: [UInt64], value: Any)? {
        guard mode == .published, info.lifetime != .weak, case .scope = scope.role else { return nil }
        let state = state(in: scope)
        guard let instance = state.held as? Instance else { return nil }
        return (state.sequence, state.dependencies.all, instance.any)
    }

    /// Makes a retired entry resolvable again, with a new instance: its module was loaded again
    /// while a scope holding it stayed open; call under `stateLock`.
    func revive() {
        precondition(word == nil, "Wiring: a retired singleton was revived")
        retiredBy = nil
    }

    /// The built singleton, if any, for messages (never builds).
    var existingValue: Any? { publishedInstance?.any }

    // MARK: - Building

    /// The one shape of every build that keeps what it built (a singleton, a scoped or a weak
    /// instance): under ``stateLock``, `existing` either finishes the resolve from what is kept
    /// or throws; otherwise this thread claims the build (see ``BuildGate``), runs `build`
    /// without the lock, and `keep` stores the result under the lock, or hands back what to
    /// release (outside the lock) when the entry was retired or its scope closed meanwhile. A
    /// verification sandbox takes no lock (see `Verification`).
    private func buildOnce(
        _ state: InstanceState, existing: () throws(WiringError) -> Instance?,
        build: () throws(WiringError) -> Instance, keep: (Instance) -> Released?
    ) throws(WiringError) -> Instance {
        try BuildGate.build(
            state, unlocked: mode == .sandboxed, existing: existing,
            cycle: { cycleError(closedBy: info) }, build: build,
            keep: { value -> (() -> Void)? in keep(value).map { released in { Released.finish([released]) } } })
    }

    /// Runs the builder with a frame for this definition pushed (see ``framed(in:_:)``).
    private func make(in container: DependencyContainer) throws(WiringError) -> Instance {
        try framed(in: container) { () throws -> Instance in try info.build(self) }
    }

    /// Runs `build` (this definition's builder, or a resolve's ``Deliver`` of it) with a frame for
    /// this definition pushed, so that its own resolves know their container and path. An error
    /// it throws comes out as a ``WiringError``: as it is if it is one (a nested
    /// `try resolveThrowing()`), else wrapped with this type and the path.
    @inline(__always)
    private func framed<Value>(in container: DependencyContainer, _ build: () throws -> Value) throws(WiringError) -> Value {
        if BuildObserver.isObserving { return try makeObserved(in: container, build) }
        return try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) -> Value in
            do {
                return try build()
            } catch {
                throw WiringError.thrown(by: info, error)
            }
        }
    }

    /// `make` for a build that keeps its instance: also what the build resolved (see
    /// ``Dependencies``).
    private func makeKept(in container: DependencyContainer, collecting dependencies: inout Dependencies)
        throws(WiringError) -> Instance
    {
        var value: Instance?
        dependencies = try DependencyCollector.collecting(for: info) { () throws(WiringError) in
            value = try make(in: container)
        }
        guard let value else { preconditionFailure("Wiring: a build returned without a value") }
        return value
    }

    /// Throws what a resolve of this entry gets once it is retired, unless it builds for a
    /// resolve nested in a build that began before (see ``RetiredBy/buildsForNestedResolve``).
    private func checkNotRetired() throws(WiringError) {
        try retiredBy?.check(info)
    }

    /// `make` while an observer is set (it may have been removed since: then not reported).
    @inline(never)
    private func makeObserved<Value>(in container: DependencyContainer, _ build: () throws -> Value) throws(WiringError) -> Value {
        let observer = BuildObserver.active
        let start = BuildObserver.now
        var event: BuildEvent?
        let value = try ResolutionFrame.with(container: container, info: info) { () throws(WiringError) -> Value in
            // `with` pushed this build's frame: the builds nested in it are one deeper.
            let thread = ThreadResolution.mine
            let depth = thread.frames.count
            thread.timings.append(BuildTiming(depth: depth))
            let value: Value
            do {
                value = try build()
            } catch {
                thread.timings.removeLast()
                throw WiringError.thrown(by: info, error)
            }
            let own = thread.timings.removeLast()
            let total = BuildObserver.now &- start
            if let outer = thread.timings.indices.last, thread.timings[outer].depth == depth - 1 {
                thread.timings[outer].nestedNanoseconds &+= total
            }
            event = BuildEvent(
                info: info, depth: depth, nanoseconds: total,
                ownNanoseconds: total &- min(total, own.nestedNanoseconds))
            return value
        }
        if let event, let observer { observer(event) }
        return value
    }

    /// Builds the singleton exactly once, however many threads ask at the same moment.
    ///
    /// The factory runs without any lock (see ``BuildGate``): threads asking for this singleton
    /// meanwhile wait for it, threads building others go on. If the entry is retired while it
    /// builds (its module unloaded, by the factory itself or by another thread), the value goes
    /// to this resolve only and is released at once, `.onClose` included: nothing is ever
    /// published into a retired entry.
    @inline(never)
    private func buildSingleton(in container: DependencyContainer) throws(WiringError) -> Instance {
        var collected = Dependencies()
        return try buildOnce(
            self,
            existing: { () throws(WiringError) -> Instance? in
                // Under the lock, which every unpublishing takes: read without a section.
                if let instance = lockedSingleton {
                    DependencyCollector.note(sequence)
                    return instance
                }
                try checkNotRetired()
                return nil
            },
            build: { () throws(WiringError) -> Instance in try makeKept(in: container, collecting: &collected) },
            keep: { value -> Released? in
                // A sandbox numbers nothing (see `DependencyCollector.note`).
                let sequence = mode == .sandboxed ? 0 : nextCreationSequence()
                guard retiredBy == nil else {
                    return Released(value: value.any, sequence: sequence, onClose: onClose, dependencies: collected)
                }
                // Moved in, not copied (a copy retains and releases its references).
                swap(&dependencies, &collected)
                DependencyCollector.note(sequence)
                // Numbered before it is published, and never after: lock-free readers read it.
                self.sequence = sequence
                publish(value)  // nothing was published: never retired, and built once
                return nil
            })
    }

    /// The instance held under `stateLock` (a scoped one), built on first use; never after its
    /// scope closed or its module was unloaded. Held under the lock, not published, so that it
    /// can be released safely. If the scope closes (or the module is unloaded) while it builds,
    /// the resolve that built it still returns it, and it is released at once.
    /// - Parameters:
    ///   - type: For a resolve of this scoped entry in its own scope, the type it asked for
    ///     (with `tag`): a value declared there as that comes first, looked for under the same
    ///     lock as the build's claim (see `findInScope`).
    ///   - checkingOpen: Whether a closed scope refuses even its declared values (else a linked
    ///     scope's still count).
    @inline(never)
    func resolveHeld(
        in container: DependencyContainer, declaredAs type: ObjectIdentifier? = nil, tag: Tag? = nil,
        checkingOpen: Bool = true
    ) throws(WiringError) -> Instance {
        try state(in: container).resolveHeld(
            info, in: container, sandboxed: mode == .sandboxed, declaredAs: type, tag: tag, checkingOpen: checkingOpen,
            retiredBy: { retiredBy }
        ) { () throws(WiringError) -> Instance in try make(in: container) }
    }

    /// The instance of a `.weak` definition if anyone still holds it, else a new one.
    @inline(never)
    private func resolveWeak(in container: DependencyContainer) throws(WiringError) -> Instance {
        let state = state(in: container)
        return try buildOnce(
            state,
            existing: { () throws(WiringError) -> Instance? in
                try checkNotRetired()
                // Found again as an object: its type's instance is built where the type is known.
                return ((state.held as? WeakReference)?.object).map { UntypedInstance($0) }
            },
            // Wiring does not keep a weak instance: what it uses counts for its resolver.
            build: { () throws(WiringError) -> Instance in try make(in: container) },
            keep: { value -> Released? in
                // Only a class instance can be held weakly; anything else is built every time.
                if retiredBy == nil, type(of: value.any) is AnyClass {
                    state.held = WeakReference(value.any as AnyObject)
                }
                return nil
            })
    }
}

/// What an entry keeps of one instance in one container: the thread building it (a
/// ``BuildGate`` cell), the instance, when it was built and what it resolved. An ``Entry`` is
/// its own (one object, not two, per definition); a scope keeps one per entry of its scope
/// definition that holds an instance.
@usableFromInline
class InstanceState {
    // Every field is only touched under `stateLock` (or, in a verification sandbox, by the one
    // thread that verifies at a time).
    /// The thread building the entry now, if any.
    @exclusivity(unchecked) var builder: UnsafeRawPointer?
    /// A scoped or declared ``Instance``; for a `.weak` entry, a ``WeakReference`` to it.
    @exclusivity(unchecked) var held: AnyObject?
    /// When the held instance was built (see `Released`).
    @exclusivity(unchecked) var sequence: UInt64 = 0
    /// What the held instance resolved (see ``Dependencies``).
    @exclusivity(unchecked) var dependencies = Dependencies()
}

/// The instance of a `.weak` definition, held weakly.
final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
