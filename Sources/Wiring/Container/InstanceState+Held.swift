/// The held-instance logic of every entry that keeps what it builds under `stateLock`: a scoped
/// or declared ``Entry`` (in its own state or a scope's slot), an async `single`
/// (``AsyncEntry``). One build, numbered by creation, with what it resolved; never
/// kept once its entry is retired or its scope closed, but handed back as a ``Released``.
extension InstanceState {
    /// The instance held here for `info`, built by `build` on first use (see ``BuildGate``, which
    /// runs it without the lock); never after `container`'s scope closed or the entry was retired
    /// (`retiredBy`, read under the lock). If either happens while it builds, this resolve still
    /// returns it, and it is released at once.
    /// - Parameters:
    ///   - sandboxed: A verification sandbox's build, which takes no lock.
    ///   - type: For a resolve of a scoped entry in its own scope, the type it asked for (with
    ///     `tag`): a value declared there as that comes first, looked for under the same lock as
    ///     the build's claim (see `findInScope`).
    ///   - checkingOpen: Whether a closed scope refuses even its declared values (else a linked
    ///     scope's still count).
    @inline(__always)
    func resolveHeld(
        _ info: DefinitionInfo, in container: DependencyContainer, sandboxed: Bool = false,
        declaredAs type: ObjectIdentifier? = nil, tag: Tag? = nil, checkingOpen: Bool = true,
        retiredBy: () -> RetiredBy?, build: () throws(WiringError) -> Instance
    ) throws(WiringError) -> Instance {
        var collected = Dependencies()
        let scope = container.scope
        // What the build sees of its scope, taken as it claims (not in a sandbox, which has no lock).
        var view: ScopeState.View?
        return try BuildGate.build(
            self, unlocked: sandboxed,
            existing: { () throws(WiringError) -> Instance? in
                if let scope {
                    let refuses = scope.refuses(in: container)
                    if let type, !(refuses && checkingOpen), let value = scope.declaredLocked(type, tag: tag) {
                        return value
                    }
                    if refuses {
                        throw WiringError.scopeClosed(scope: scope.id.name, type: typeName(info.type), requestedAt: nil)
                    }
                }
                try retiredBy()?.check(info)
                if let existing = held as? Instance {
                    DependencyCollector.note(sequence)
                    return existing
                }
                if !sandboxed { view = scope?.viewLocked() }
                return nil
            },
            cycle: { cycleError(closedBy: info) },
            build: { () throws(WiringError) -> Instance in
                var value: Instance?
                collected = try DependencyCollector.collecting(for: info) { () throws(WiringError) in
                    guard let view else { return value = try build() }
                    value = try ThreadResolution.mine.with(view) { () throws(WiringError) -> Instance in try build() }
                }
                guard let value else { preconditionFailure("Wiring: a build returned without a value") }
                return value
            },
            keep: { value -> (() -> Void)? in
                // Under the lock, but in a sandbox (which builds without it).
                let kept = sandboxed ? nextCreationSequenceTakingLock() : nextCreationSequence()
                let refused = retiredBy() != nil || (scope?.isClosedLocked ?? false)
                return keep(value, sequence: kept, dependencies: &collected, refused: refused, onClose: info.hooks?.close)
                    .map { released in { Released.finish([released]) } }
            })
    }

    /// Keeps `value`, built as number `sequence` with `dependencies`, or, when `refused` (its
    /// entry retired or its scope closed meanwhile), hands it back to be released outside the
    /// lock; call under `stateLock`. The dependencies are moved in, leaving none, and the
    /// callback read only if it is released: copies of them retained and released their
    /// references on every scoped build.
    func keep(
        _ value: Instance, sequence: UInt64, dependencies: inout Dependencies, refused: Bool,
        onClose: @autoclosure () -> CloseCallback?
    ) -> Released? {
        if refused {
            return Released(value: value.any, sequence: sequence, onClose: onClose(), dependencies: dependencies)
        }
        held = value
        self.sequence = sequence
        swap(&self.dependencies, &dependencies)
        DependencyCollector.note(sequence)
        return nil
    }

    /// Hands over the held instance, leaving none; a `.weak` entry's reference is dropped, not
    /// released as an instance. Call under `stateLock`.
    func takeHeld(onClose: CloseCallback?) -> Released? {
        guard let taken = held else { return nil }
        held = nil
        guard let instance = taken as? Instance else { return nil }
        let dependencies = self.dependencies
        self.dependencies = Dependencies()
        return Released(value: instance.any, sequence: sequence, onClose: onClose, dependencies: dependencies)
    }
}
