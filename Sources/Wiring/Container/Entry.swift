/// Builds a definition's value. It is given the entry building it, which a binding reads its
/// primary from, and a singleton's builder stores the value in (then it returns `nil`; see
/// ``holdingBuilder(_:)``); any other returns the value boxed.
@usableFromInline
typealias Builder = @Sendable (_ entry: Entry) throws -> Instance?

/// A definition as it lives in one container, with that container's instance of it.
///
/// One object per definition (and per binding) of a registry. A singleton's entry is a
/// ``TypedEntry``, which holds its value, published for lock-free readers by a flag in its
/// registry's ``PublishedWords`` (whose invariant every such read relies on); a scoped, declared
/// or weak instance is kept in an ``InstanceState``:
/// the entry itself, or, for an entry that every scope opened from one scope definition shares,
/// each scope's (see ``ScopeState``), so opening a scope builds no entries.
@usableFromInline
class Entry: InstanceState, @unchecked Sendable {
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
    @exclusivity(unchecked) private(set) var retiredBy: RetiredBy?
    /// Whether the singleton build under way may hold its value in this entry: set as a thread
    /// claims the entry, under `stateLock`, and read by that build alone. Not once the entry is retired
    /// (a resolve nested in a build that began before may still build it, for itself): a value
    /// published before may still be read there, until it is dropped.
    @usableFromInline
    @exclusivity(unchecked) private(set) var mayHold = false

    /// The entry for `info`: a singleton's is its definition's ``TypedEntry`` (see
    /// ``DefinitionInfo/holder``), which holds the value; an async definition's, its ``AsyncEntry``.
    /// - Parameter words: The block a singleton's word is in and where (see ``PublishedWords``);
    ///   every registry gives one per entry it makes.
    static func make(
        info: DefinitionInfo, mode: EntryMode, primary: Entry? = nil, slot: Int = -1,
        words: (block: PublishedWords, index: Int)
    ) -> Entry {
        let type = info.lifetime == .singleton || info.isAsync ? info.holder : Entry.self
        return type.init(info: info, mode: mode, primary: primary, slot: slot, words: words)
    }

    required init(
        info: DefinitionInfo, mode: EntryMode, primary: Entry?, slot: Int, words: (block: PublishedWords, index: Int)
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

    /// Whether the definition is a `createdAtStart()` singleton (one that takes parameters is
    /// built by its first resolve with them, which a start cannot make; an async one by its first
    /// `resolveAsync()`).
    var isCreatedAtStart: Bool { info.createdAtStart && info.isBuiltByPlainResolve }
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
    func state(in container: DependencyContainer) -> InstanceState {
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

    /// The instance for this resolve: the existing one, or a newly built value, boxed.
    @inline(__always)
    func resolve(in container: DependencyContainer) throws(WiringError) -> Instance {
        switch info.lifetime {
        case .singleton: boxed(try resolveSingleton(in: container, deliver: { _ in false }))
        // A factory keeps nothing: what it uses is noted in the kept build it is part of.
        case .factory: try makeBoxed(in: container)
        case .weak: try resolveWeak(in: container)
        case .scoped, .declared: try resolveHeld(in: container)
        }
    }

    /// ``resolve(in:)`` for a resolve that knows its type: a factory's value, or a singleton's,
    /// goes to `deliver` when it takes it (then `nil`), unboxed; everything else comes back as an
    /// instance.
    @inline(__always)
    func resolve(in container: DependencyContainer, deliver: Deliver) throws(WiringError) -> Instance? {
        if info.lifetime == .singleton { return try resolveSingleton(in: container, deliver: deliver) }
        guard info.lifetime == .factory, info.typedFactory != nil else { return try resolve(in: container) }
        return try framed(in: container) { () throws -> Instance? in
            guard let typed = info.typedFactory, try deliver(.factory(typed)) else { return try info.build(self) }
            return nil
        }
    }

    /// ``resolve(in:deliver:)`` as `T`, the type resolved: a singleton's or a factory's value
    /// taken unboxed (see ``typedResolve(_:)``).
    func resolveValue<T>(_: T.Type, in container: DependencyContainer) throws(WiringError) -> T {
        try typedResolve { deliver throws(WiringError) -> Instance? in try resolve(in: container, deliver: deliver) }
    }

    /// ``resolve(in:)``'s value, a singleton's copied out of its entry, not boxed (a binding's
    /// build reads its primary so).
    func resolveAny(in container: DependencyContainer) throws(WiringError) -> Any {
        var copied: Any?
        let instance = try resolve(in: container) { offer in
            guard case .singleton(let entry) = offer else { return false }
            copied = entry.singletonValue
            return copied != nil
        }
        guard let value = instance?.any ?? copied else {
            preconditionFailure("Wiring: a resolve of \(typeName(info.type)) returned no value")
        }
        return value
    }

    /// Builds the value as `resolve()` would, and drops it (for verification and eager starts):
    /// a singleton's is not boxed to be dropped.
    func build(in container: DependencyContainer) throws(WiringError) {
        _ = try resolve(in: container) { offer in
            if case .singleton = offer { return true }
            return false
        }
    }

    /// `instance`, which a resolve that delivers nothing always has.
    @inline(__always)
    private func boxed(_ instance: Instance?) -> Instance {
        guard let instance else { preconditionFailure("Wiring: a resolve of \(typeName(info.type)) delivered no box") }
        return instance
    }

    /// The singleton's value, which is published (seen so inside a read section, or under
    /// `stateLock`), offered to `deliver`: `nil` when it took it, else the value boxed.
    @inline(__always)
    func offer(to deliver: Deliver) -> Instance? {
        if (try? deliver(.singleton(self))) == true { return nil }
        return boxedSingleton()
    }

    /// Whether the singleton is published; under `stateLock` (which every unpublishing takes),
    /// or inside a read section.
    private var isPublished: Bool {
        guard let word else { return false }
        return PublishedWords.isPublished(word)
    }

    /// The flag the singleton is published by, for a reader inside a read section to load once
    /// it no longer uses the entry but to take its value (see ``PublishedWords``).
    var publishedWord: PublishedWord? { word }

    /// Publishes the value the entry holds as the singleton; under `stateLock`, once.
    private func publish() {
        guard let word else { preconditionFailure("Wiring: a \(info.lifetime) entry was published") }
        PublishedWords.publish(at: word)
    }

    /// The published singleton, read inside a read section (an unload may unpublish it
    /// meanwhile; its value is dropped only once no section can see it) and noted as a
    /// dependency of the build this resolve is part of, if any: offered to `deliver` there
    /// (`.some(nil)` when it took it), else boxed; `nil` when none is published.
    @inline(__always)
    func notedPublished(deliver: Deliver) -> Instance?? {
        guard let word else { return nil }
        let section = ReadSection.enter()
        guard PublishedWords.isPublished(word) else {
            section.exit()
            return nil
        }
        let taken = offer(to: deliver)
        section.exitAfterRetaining()
        // Written before the singleton was published, and never after (see `buildSingleton`).
        DependencyCollector.note(sequence)
        return taken
    }

    /// The singleton: its published value, or built; offered to `deliver` (then `nil`), else boxed.
    /// Out of line: inlined, it kept ``resolve(in:deliver:)`` from being inlined into its callers.
    @inline(never)
    private func resolveSingleton(in container: DependencyContainer, deliver: Deliver) throws(WiringError) -> Instance? {
        if let taken = notedPublished(deliver: deliver) { return taken }
        return try buildSingleton(in: container, deliver: deliver)
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
        guard let word, PublishedWords.unpublish(at: word), let value = singletonValue else { return nil }
        // Readers inside a read section may still copy the value: `free` drops it once none can
        // (it keeps the entry alive until then).
        return Released(
            value: value, sequence: sequence, onClose: onClose, dependencies: dependencies,
            free: { self.dropSingleton() })
    }

    /// The published singleton's creation number, what it resolved and its value, if it is
    /// built; call under `stateLock`, which keeps it from being retired meanwhile.
    func builtSingleton() -> (sequence: UInt64, dependencies: [UInt64], value: Any)? {
        guard mode == .published, isPublished, let value = singletonValue else { return nil }
        return (sequence, dependencies.all, value)
    }

    /// The instance a scope holds for this entry, if it holds one (a `single` or `scoped` of the
    /// scope), as ``builtSingleton()`` gives it; call on `scope`'s entries under `stateLock`.
    func heldInstance(in scope: DependencyContainer) -> (sequence: UInt64, dependencies: [UInt64], value: Any)? {
        guard mode == .published, info.lifetime != .weak, !info.isAsync, case .scope = scope.role else { return nil }
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
    var existingValue: Any? {
        guard let word else { return nil }
        let section = ReadSection.enter()
        let value = PublishedWords.isPublished(word) ? singletonValue : nil
        section.exitAfterRetaining()
        return value
    }

    // MARK: - A singleton's value, held by its ``TypedEntry``

    /// Holds `value`, built by a builder that does not hold it itself (a binding's), if it is of
    /// the singleton's type and the build that claimed the entry ``mayHold``, before it is
    /// published; whether it did. `false` for any other entry.
    func holdAny(_ value: Any) -> Bool { false }

    /// The value held, as `Any`; read as ``PublishedWords`` says.
    var singletonValue: Any? { nil }

    /// The value held, boxed, for a resolve that does not know its type; read as ``PublishedWords`` says.
    private func boxedSingleton() -> Instance? { singletonValue.map { TypedInstance<Any>($0) } }

    /// The value held, moved out (a build whose entry was retired meanwhile, never published).
    func takeSingleton() -> Any? { nil }

    /// Drops the value held, once no reader can see it (see ``PublishedWords``).
    func dropSingleton() {}

    // MARK: - Building

    /// The one shape of every build that keeps what it built (a singleton, a scoped or a weak
    /// instance): under ``stateLock``, `existing` either finishes the resolve from what is kept
    /// or throws; otherwise this thread claims the build (see ``BuildGate``), runs `build`
    /// without the lock, and `keep` stores the result under the lock, or hands back what to
    /// release (outside the lock) when the entry was retired or its scope closed meanwhile. A
    /// verification sandbox takes no lock (see `Verification`).
    private func buildOnce<Value>(
        _ state: InstanceState, existing: () throws(WiringError) -> Value?,
        build: () throws(WiringError) -> Value, keep: (Value) -> Released?
    ) throws(WiringError) -> Value {
        try BuildGate.build(
            state, unlocked: mode == .sandboxed, existing: existing,
            cycle: { cycleError(closedBy: info) }, build: build,
            keep: { value -> (() -> Void)? in keep(value).map { released in { Released.finish([released]) } } })
    }

    /// Runs the builder with a frame for this definition pushed (see ``framed(in:_:)``): `nil`
    /// when it stored the value in this entry (a singleton's).
    private func make(in container: DependencyContainer) throws(WiringError) -> Instance? {
        try framed(in: container) { () throws -> Instance? in try info.build(self) }
    }

    /// ``make(in:)`` for an entry that holds no value (any but a singleton's): the value, boxed.
    private func makeBoxed(in container: DependencyContainer) throws(WiringError) -> Instance {
        boxed(try make(in: container))
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
    /// `nil` when the value is held in this entry, else it is boxed (a build of a retired entry).
    private func makeKept(in container: DependencyContainer, collecting dependencies: inout Dependencies)
        throws(WiringError) -> Instance?
    {
        var value: Instance?
        dependencies = try DependencyCollector.collecting(for: info) { () throws(WiringError) in
            value = try make(in: container)
        }
        // A builder that boxes leaves the value to be held here.
        if let boxed = value, mayHold {
            guard holdAny(boxed.any) else {
                preconditionFailure("Wiring: the singleton \(typeName(info.type)) was built as another type")
            }
            return nil
        }
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
    /// The value goes to `deliver` if it takes it (then `nil`), else comes back boxed; either is
    /// done under the lock, which keeps an unload from dropping the value meanwhile.
    @inline(never)
    private func buildSingleton(in container: DependencyContainer, deliver: Deliver) throws(WiringError) -> Instance? {
        var collected = Dependencies()
        var taken: Instance?
        let found = try buildOnce(
            self,
            existing: { () throws(WiringError) -> Instance?? in
                // Under the lock, which every unpublishing takes: read without a section.
                if isPublished {
                    DependencyCollector.note(sequence)
                    return .some(offer(to: deliver))
                }
                try checkNotRetired()
                // Only for the build this thread claims next (a thread that waits for another's
                // runs this too, and must not write what that build reads).
                if builder == nil { mayHold = retiredBy == nil }
                return nil
            },
            // The value is held in this entry: no reader looks at it before it is published.
            build: { () throws(WiringError) -> Instance? in try makeKept(in: container, collecting: &collected) },
            keep: { boxed -> Released? in
                // A sandbox numbers nothing (see `DependencyCollector.note`).
                let sequence = mode == .sandboxed ? 0 : nextCreationSequence()
                // A retired entry's build, boxed: the value goes to this resolve only.
                if let boxed {
                    taken = boxed
                    return Released(value: boxed.any, sequence: sequence, onClose: onClose, dependencies: collected)
                }
                taken = offer(to: deliver)
                guard retiredBy == nil else {
                    // Never published, so no reader saw it: moved out, released outside the lock.
                    return takeSingleton().map {
                        Released(value: $0, sequence: sequence, onClose: onClose, dependencies: collected)
                    }
                }
                // Moved in, not copied (a copy retains and releases its references).
                swap(&dependencies, &collected)
                DependencyCollector.note(sequence)
                // Numbered before it is published, and never after: lock-free readers read it.
                self.sequence = sequence
                publish()  // nothing was published: never retired, and built once
                return nil
            })
        // What `existing` found (another build's), or what this build took.
        return found ?? taken
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
        // An async one built already is still only `resolveAsync()`'s, as an async single is.
        if info.isAsync { return try makeBoxed(in: container) }
        return try state(in: container).resolveHeld(
            info, in: container, sandboxed: mode == .sandboxed, declaredAs: type, tag: tag, checkingOpen: checkingOpen,
            retiredBy: { retiredBy }
        ) { () throws(WiringError) -> Instance in try makeBoxed(in: container) }
    }

    /// Builds the value as `resolveAsync()` would, and drops it (verification); a synchronous
    /// definition has nothing to build so (see ``AsyncEntry``).
    func buildAsync(in container: DependencyContainer) async throws(WiringError) {}

    /// The built value of this async single in `container` (a ``TypedInstance`` of its type), if
    /// it is one and built there; `nil` for every other entry (see ``AsyncEntry``). Not cast: its
    /// reader, where the type is known, casts it once.
    func builtAsyncValue(in container: DependencyContainer) -> Instance? { nil }

    /// The instance of a `.weak` definition if anyone still holds it, else a new one.
    @inline(never)
    private func resolveWeak(in container: DependencyContainer) throws(WiringError) -> Instance {
        let state = state(in: container)
        return try buildOnce(
            state,
            existing: { () throws(WiringError) -> Instance? in
                try checkNotRetired()
                // Found again as an object: its type's instance is built where the type is known.
                return ((state.held as? WeakReference)?.object).map { TypedInstance<Any>($0) }
            },
            // Wiring does not keep a weak instance: what it uses counts for its resolver.
            build: { () throws(WiringError) -> Instance in try makeBoxed(in: container) },
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
