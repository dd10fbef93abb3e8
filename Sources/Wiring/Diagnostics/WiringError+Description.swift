/// The messages: one per case, each naming what went wrong, where, and the fix.
extension WiringError {
    public var description: String {
        switch self {
        case let .missingDefinition(type, tag, path, allRegistered, searched, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)` (no tag)"
            // Steps of other types are related registrations (see `DependencyContainer.related`).
            let registered = allRegistered.filter { $0.type == type }
            let related = allRegistered.filter { $0.type != type }
            var lines = ["Wiring: nothing is registered for \(subject)."]
            lines.append("  Resolution path: \(path.rendered)")
            lines += path.definitionLines
            if let requestedAt { lines.append("  Requested at: \(requestedAt)") }
            if !searched.isEmpty { lines.append("  Searched: \(searched.joined(separator: " → ")).") }
            if registered.isEmpty {
                lines.append("  Registered for `\(type)`: nothing, under any tag.")
            } else {
                let list = registered.map { step in
                    "\(step.tag.map { "tag \($0)" } ?? "no tag") (\(step.lifetime.map { "\($0)" } ?? "?")"
                        + "\(step.definedAt.map { " at \($0)" } ?? ""))"
                }
                lines.append("  Registered for `\(type)`: \(list.joined(separator: "; ")).")
            }
            for other in related {
                let site = other.definedAt.map { " at \($0)" } ?? ""
                if other.type.hasPrefix("@Sendable ") || type.hasPrefix("@Sendable ") {
                    lines.append(
                        "  Note: `\(type)` is not registered; `\(other.type)` is\(site). A closure type with and "
                            + "without `@Sendable` are two types: ask for `\(other.type)`, or register it `as \(type)`.")
                } else {
                    lines.append(
                        "  Note: `\(other.type)` is registered\(site) and its instance is a `\(type)`: register it "
                            + "`as \(type)`, or add `.bind(\(type).self)` to it.")
                }
            }
            if type.hasPrefix("Optional<") {
                lines.append(
                    "  Note: the requested type is an optional, as when `resolve()` is assigned to an optional "
                        + "property; write `resolve() as \(type.dropFirst(9).dropLast())` to ask for the wrapped type.")
            }
            let tagArgument = tag.map { "tag: \($0)" }.map { "(\($0)) " } ?? " "
            if type.hasPrefix("Optional<") {
                let wrapped = type.dropFirst(9).dropLast()
                lines.append(
                    "  Fix: ask for the wrapped type, `resolve() as \(wrapped)`, or use `resolveOptional()` / "
                        + "`@OptionalInject` for a dependency that may be absent.")
            } else {
                lines.append(
                    "  Fix: add `single\(tagArgument){ … as \(type) }` (or `factory`) to a module of the container "
                        + "you resolve from (for the global root, a module passed to `DependencyContainer.defined(by:)`)"
                        + (registered.isEmpty ? "" : ", or ask for one of the registered tags")
                        + ", or use `@OptionalInject` / `resolveOptional()` if it may be absent.")
            }
            return lines.joined(separator: "\n")
        case let .definedInScope(type, tag, scope, definedAt, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            return [
                "Wiring: \(subject) is scoped to `\(scope)`: it is only resolvable from a `\(scope)` scope.",
                "  Defined at: \(definedAt.orUnknown)",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: resolve it from a scope opened with `openScope(\(scope).self)`, or define it outside "
                    + "`scope(\(scope).self) { … }` if it should live in the container itself.",
                "  If another scope reaches it at run time through `link(to:)` a `\(scope)` scope, say so in that "
                    + "scope's definition with `linked(to: \(scope).self)`, so that `verify()` follows the link; or "
                    + "announce the value there with `declared(\(type).self, example: { … })`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .factoryFailed(type, tag, path, underlying, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)` (no tag)"
            var lines = ["Wiring: the factory of \(subject) threw an error: \(underlying)"]
            lines.append("  Resolution path: \(path.rendered)")
            lines += path.definitionLines
            if let requestedAt { lines.append("  Requested at: \(requestedAt)") }
            lines.append(
                "  Fix: handle the error with `try resolveThrowing(\(type).self)` where the instance is needed "
                    + "(a singleton whose factory threw is built again on the next resolve), or make the "
                    + "factory succeed.")
            return lines.joined(separator: "\n")
        case let .cycle(path, requestedAt):
            var lines = ["Wiring: dependency cycle: \(path.map(\.description).joined(separator: " → "))."]
            lines.append("  Definitions in the cycle:")
            lines += path.definitionLines
            if let requestedAt { lines.append("  Requested at: \(requestedAt)") }
            lines.append(
                "  Fix: break the cycle: let one of these types take the other lazily (`@LazyInject`) "
                    + "or through a factory closure, instead of in its initialiser.")
            return lines.joined(separator: "\n")
        case let .duplicateDefinition(type, tag, first, second):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)` (no tag)"
            return [
                "Wiring: \(subject) is defined twice.",
                "  First definition: \(first.orUnknown)",
                "  Second definition: \(second.orUnknown)",
                "  Fix: remove one of them, give them different tags (`single(tag: …)`), or mark the later one "
                    + "`.override()` to replace the first deliberately.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .rootNeeded(type, requestedAt):
            return [
                "Wiring: `\(type)` needs a root, and none is defined yet.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: call `DependencyContainer.defined(by: modules { … })` first; in a test, give the test a root "
                    + "of its own with `DependencyContainer.withRoot(_:)` or the `.wired(_:)` trait.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .rootNotDefined(type, tag, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            var lines = ["Wiring: cannot resolve \(subject): no root container is defined yet."]
            if let requestedAt { lines.append("  Requested at: \(requestedAt)") }
            lines.append(
                "  Fix: call `DependencyContainer.defined(by: modules { … })` at start-up, before anything "
                    + "is injected (for example first thing in `main` or in your app delegate's `init`).")
            return lines.joined(separator: "\n")
        case let .rootAlreadyDefined(first, second):
            return [
                "Wiring: the root container is already defined.",
                "  First defined at: \(first.orUnknown)",
                "  Defined again at: \(second.orUnknown)",
                "  Fix: call `DependencyContainer.defined(by:)` once, at start-up, with every module composed "
                    + "by `modules { … }`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .scopeClosed(scope, type, requestedAt):
            return [
                "Wiring: cannot resolve `\(type)`: scope `\(scope)` is closed.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: open a new scope with `openScope(\(scope).self)`, or stop using this one after `close()`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .asyncDefinition(type, tag, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            let call = tag.map { "resolveAsync(\(type).self, tag: \($0))" } ?? "resolveAsync(\(type).self)"
            return [
                "Wiring: \(subject) is built by an async factory and cannot be resolved synchronously.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: resolve it from async code with `await \(call)`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .mainActorIsolated(type, tag, path, definedAt, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            let call = tag.map { "resolveAsync(\(type).self, tag: \($0))" } ?? "resolveAsync(\(type).self)"
            var lines = [
                "Wiring: \(subject) is built on the main actor and was resolved off it: its definition takes a "
                    + "`@MainActor` closure (`{ @MainActor in … }`) or a `@MainActor` constructor.",
                "  Defined at: \(definedAt.orUnknown)",
            ]
            if path.count > 1 { lines.append("  Resolution path: \(path.rendered)") }
            if let requestedAt { lines.append("  Requested at: \(requestedAt)") }
            lines += [
                "  Fix: resolve it from main-actor code (a `@MainActor` type, a view, `MainActor.run { }`), or from "
                    + "async code with `await \(call)`, which builds it on the main actor. To build it on any "
                    + "thread, define it with a closure that does not say `@MainActor in`, of a type that is not "
                    + "main-actor isolated.",
            ]
            return lines.joined(separator: "\n")
        case let .needsMainActor(type, tag, uses, path, definedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            var lines = [
                "Wiring: \(subject) is built on any thread, and its build resolves `\(uses)`, which is built on "
                    + "the main actor: resolved off the main actor, it stops there.",
                "  Defined at: \(definedAt.orUnknown)",
                "  Uses: `\(uses)`, defined at \(uses.definedAt.orUnknown)",
            ]
            if path.count > 2 { lines.append("  Resolution path: \(path.rendered)") }
            lines.append(
                "  Fix: make its definition main-actor too (`{ @MainActor in … }`, or a `@MainActor` constructor), "
                    + "so that it is built on the main actor wherever it is resolved; or, if every resolve on the "
                    + "way to `\(uses.type)` throws (a constructor form, `try resolveThrowing()` in a closure), "
                    + "resolve it off the main actor with `await resolveAsync()`, which then builds it there.")
            return lines.joined(separator: "\n")
        case let .moduleAlreadyLoaded(module, first, requestedAt):
            return [
                "Wiring: the module declared at \(module.orUnknown) is already loaded (first at \(first.orUnknown)).",
                "  Loaded again at: \(requestedAt.orUnknown)",
                "  Fix: load a module once; `DependencyContainer.unload(_:)` it before loading it again.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .moduleNotLoaded(module, requestedAt):
            return [
                "Wiring: cannot unload the module declared at \(module.orUnknown): the root does not include it.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: unload a module given to `DependencyContainer.defined(by:)` (at any depth) or to "
                    + "`load(_:)`, and only once.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .containerClosed(type, requestedAt):
            return [
                "Wiring: cannot resolve `\(type)`: its container was closed (`close()` or `shutdown()`).",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: resolve before closing the container, or from a container that is still open.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .replacedByOverride(type, tag, definedAt, overriddenAt, overriding, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            return [
                "Wiring: cannot resolve \(subject): it was part of the definition at \(definedAt.orUnknown), which the "
                    + "override of `\(overriding)` at \(overriddenAt.orUnknown) replaced whole.",
                requestedAt.map { "  Requested at: \($0)" },
                "  An override replaces every type its definition answers for, so that nothing answers with a "
                    + "half-replaced instance (one whose start hook no longer runs).",
                "  Fix: override `\(type)` too, or resolve `\(overriding)` where `\(type)` is asked for.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .moduleUnloaded(type, definedAt, requestedAt):
            return [
                "Wiring: cannot resolve `\(type)`: the module defining it was unloaded.",
                "  Defined at: \(definedAt.orUnknown)",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: load the module again with `DependencyContainer.load(_:)`, or stop using what it provided.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .scopeAlreadyOpen(scope, id, openedAt, requestedAt):
            return [
                "Wiring: a scope `\(scope)` with id \(id) is open already (opened at \(openedAt.orUnknown)).",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: use `openedScope(\(scope).self, id: …)` to find it or `openedScopeOrOpen(\(scope).self, id: …)` "
                    + "to reuse it, or `close()` it before opening the id again.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .valueAlreadyDeclared(type, tag, scope, first, second):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)` (no tag)"
            return [
                "Wiring: \(subject) is declared twice in scope `\(scope)`.",
                "  First declared at: \(first.orUnknown)",
                "  Declared again at: \(second.orUnknown)",
                "  Fix: declare it once per scope, or pass `replacing: true` to replace the earlier value.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .notDeclared(type, tag, scope, announcedAt, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)` (no tag)"
            return [
                "Wiring: \(subject) is declared at run time in scope `\(scope)`, and this scope has no value for it yet.",
                "  Announced at: \(announcedAt.orUnknown)",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: call `declare(_:)` on the scope right after opening it, before resolving what needs the value.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .scopeLinkCycle(scope, linkedTo, requestedAt):
            return [
                "Wiring: linking scope `\(scope)` to scope `\(linkedTo)` would make a cycle of links.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: link scopes one way only; `unlink(from:)` the other direction first.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .scopeNotDefined(scope, requestedAt):
            return [
                "Wiring: no scope `\(scope)` is declared in this container or the ones it was opened from.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: declare it in a module: `scope(\(scope).self) { scoped { … } }`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .scopedOutsideScope(type, definedAt):
            return [
                "Wiring: `scoped { … as \(type) }` is not inside a scope.",
                "  Defined at: \(definedAt.orUnknown)",
                "  Fix: put it inside `scope(SomeScope.self) { … }`, or use `single` or `factory`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .linkOutsideScope(target, definedAt):
            return [
                "Wiring: `linked(to: \(target).self)` is not inside a scope.",
                "  Defined at: \(definedAt.orUnknown)",
                "  Fix: write it inside the `scope(SomeScope.self) { … }` whose scopes you link to a `\(target)` scope.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .notAScope(requestedAt):
            return [
                "Wiring: a scope's method (`close()`, `declare(_:)`, `link(to:)`, `onClose(_:)`) was called on a "
                    + "container that is not a scope.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: call it on a container returned by `openScope(_:)`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .invalidBinding(type, boundTo, definedAt):
            return [
                "Wiring: `\(type)` is bound to `\(boundTo)`, but it is not one.",
                "  Defined at: \(definedAt.orUnknown)",
                "  Fix: bind only to a protocol the type conforms to or a class it inherits from, or remove `.bind(\(boundTo).self)`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .onCloseNeverRuns(type, callbackTakes, definedAt):
            return [
                "Wiring: `.onClose { (instance: \(callbackTakes)) in … }` on a definition of `\(type)` would never run: "
                    + "its instance is a `\(type)`, never a `\(callbackTakes)`.",
                "  Defined at: \(definedAt.orUnknown)",
                "  Fix: take the definition's type, `.onClose { (instance: \(type)) in … }`, or move the callback to "
                    + "the definition of `\(callbackTakes)`.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .startHookNeverRuns(type, lifetime, hookTakes, definedAt):
            if let hookTakes {
                return [
                    "Wiring: `.onStart { (instance: \(hookTakes)) in … }` on a definition of `\(type)` never runs: its "
                        + "instance is not a `\(hookTakes)`.",
                    "  Defined at: \(definedAt.orUnknown)",
                    "  Fix: take the definition's type, `.onStart { (instance: \(type)) in … }`, or move the hook to "
                        + "the definition of `\(hookTakes)`.",
                ].compactMap { $0 }.joined(separator: "\n")
            }
            return [
                "Wiring: `.onStart` on a \(lifetime) of `\(type)` would never run: `start()` starts singletons only.",
                "  Defined at: \(definedAt.orUnknown)",
                "  Fix: make it a `single`, or do the work where each instance is made.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .parameterMismatch(type, tag, expected, given, requestedAt):
            let subject = tag.map { "`\(type)` with tag \($0)" } ?? "`\(type)`"
            let fix: String
            switch (expected, given) {
            case let (expected?, nil):
                fix = "pass them: `resolve(parameters: …)` with values of types \(expected)."
            case (nil, _):
                fix = "resolve it without parameters, or define it as `factory { (…) in … }`."
            case let (expected?, _):
                fix = "pass values of types \(expected), in that order."
            }
            return [
                "Wiring: \(subject) takes parameters \(expected ?? "()"), but was resolved with \(given ?? "none").",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: \(fix)",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .sceneNotFound(storyboard, identifier, available, requestedAt):
            return [
                "Wiring: storyboard \"\(storyboard)\" has no scene \"\(identifier)\".",
                requestedAt.map { "  Requested at: \($0)" },
                "  Scenes: \(available.isEmpty ? "none" : available.map { "\"\($0)\"" }.joined(separator: ", ")).",
                "  Fix: add `scene(\"\(identifier)\") { … }` to `storyboard(\"\(storyboard)\") { … }`, or ask for one of its scenes.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .sceneTypeMismatch(storyboard, identifier, expected, actual, requestedAt):
            return [
                "Wiring: scene \"\(identifier)\" of storyboard \"\(storyboard)\" builds `\(actual)`, not `\(expected)`.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: ask for `\(actual)` (`instantiate(\"\(identifier)\", as: \(actual).self)`), or change the scene.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .duplicateScene(storyboard, identifier, first, second):
            return [
                "Wiring: storyboard \"\(storyboard)\" declares scene \"\(identifier)\" twice.",
                "  First scene: \(first.orUnknown)",
                "  Second scene: \(second.orUnknown)",
                "  Fix: give each scene of a storyboard its own identifier.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .storyboardReleased(storyboard, requestedAt):
            return [
                "Wiring: storyboard \"\(storyboard)\" outlived the container that registered it.",
                requestedAt.map { "  Requested at: \($0)" },
                "  Fix: keep the container (a `static let` module, or the root) alive while its storyboards are used.",
            ].compactMap { $0 }.joined(separator: "\n")
        case let .definitionsFixed(type, requestedAt):
            return [
                "Wiring: cannot register `\(type)`: the container is already built and its definitions are fixed.",
                "  Registered at: \(requestedAt.orUnknown)",
                "  Fix: register inside the closure of `DependencyContainer { c in … }` or in a `module { … }`.",
            ].compactMap { $0 }.joined(separator: "\n")
        }
    }
}

extension CodeLocation? {
    /// `App/Modules.swift:12`, or `unknown site`.
    fileprivate var orUnknown: String { self?.description ?? "unknown site" }
}
