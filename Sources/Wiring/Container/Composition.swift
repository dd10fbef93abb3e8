/// What a container is made of, in declaration order: definitions of its own and the modules it
/// includes (`includes(_:)`, `modules { }`, `derive(from:)`).
///
/// A container keeps its parts so that a module nested anywhere inside the root can be found
/// and unloaded, and flattens them once into its definitions: each definition once, by
/// identity, in the order it is first reached.
enum Part: Sendable {
    /// Consecutive definitions of the container's own, kept as one array: a module of
    /// definitions alone is one part, and flattening it copies nothing.
    case definitions([Definition])
    case module(DependencyContainer)

    /// How many definitions a run (`definitions`) holds; 0 for a module.
    var runCount: Int {
        switch self {
        case let .definitions(run): run.count
        case .module: 0
        }
    }

    /// The definitions of a run, as an array (a group's lines each made a definition); only
    /// for `definitions` and `lines`.
    var flatDefinitions: [Definition] {
        switch self {
        case let .definitions(run): run
        case .module: preconditionFailure("Wiring: the definitions of a module part were read as a run")
        }
    }

    /// Calls `body` with the info of each definition of a run, in order, until `body` returns
    /// `false`; returns whether it never did.
    @inline(__always)
    func allInfos(
        _ body: (DefinitionInfo) -> Bool
    ) -> Bool {
        switch self {
        case let .definitions(run):
            return run.withUnsafeBufferPointer { definitions in
                for index in definitions.indices {
                    guard body(definitions[index].info) else { return false }
                }
                return true
            }
        case .module:
            preconditionFailure("Wiring: the records of a module part were read as a run")
        }
    }

    /// The parts a builder's definitions describe: `includes(_:)` markers become modules.
    static func parts(of definitions: [Definition]) -> [Part] {
        // Read in place: a definition copied out of the array is a retain and a release.
        let hasInclude = definitions.withUnsafeBufferPointer { definitions in
            definitions.indices.contains { definitions[$0].includedModule != nil }
        }
        guard hasInclude else {
            return definitions.isEmpty ? [] : [.definitions(definitions)]
        }
        var parts: [Part] = []
        var run: [Definition] = []
        for definition in definitions {
            if let module = definition.includedModule {
                if !run.isEmpty { parts.append(.definitions(run)) }
                run = []
                parts.append(.module(module))
            } else {
                run.append(definition)
            }
        }
        if !run.isEmpty { parts.append(.definitions(run)) }
        return parts
    }
}

extension [Part] {
    /// Whether `module` is one of these parts, or a part of one of them, at any depth, leaving
    /// out the modules in `excluded`.
    func contain(_ module: DependencyContainer, excluding excluded: Set<ObjectIdentifier> = []) -> Bool {
        contains { part in
            guard case let .module(included) = part, !excluded.contains(ObjectIdentifier(included)) else {
                return false
            }
            return included === module || included.parts.contain(module, excluding: excluded)
        }
    }

    /// The definitions of these parts, each once, in the order first reached, leaving out every
    /// occurrence of the modules in `excluded` (by identity).
    func flattened(excluding excluded: Set<ObjectIdentifier> = []) -> [Definition] {
        // One module (what `defined(by:)` installs): its definitions are deduplicated already.
        if excluded.isEmpty, count == 1, case let .module(module) = self[0] { return module.definitions }
        // A module of definitions alone, the common case, needs no deduplication table.
        if !includeModules {
            if count == 1, case let .definitions(run) = self[0] { return run }
            return flatMap(\.flatDefinitions)
        }
        // Room for every definition reachable: a module's own `definitions` hold each of the
        // definitions its parts reach once, so their counts bound what the walk below can meet.
        let reachable = reduce(0) { count, part in
            switch part {
            case .definitions: count + part.runCount
            case let .module(module): count + module.definitions.count
            }
        }
        guard reachable > 0 else { return [] }
        let seen = IdentifierMap(capacity: reachable)
        // Written in place: `reachable` bounds what the walk can take, and appending would check
        // capacity and uniqueness once per definition.
        // Invariant: each definition is written once (`seen` refuses a second), into
        // the next slot, so [start, next) is initialized and `next - start <= reachable` (every
        // definition reached is in some part's count above). `count` is set to exactly that, and
        // nothing in the walk throws. (`reachable > 0`: a base address.) The bound rests on every
        // container's `definitions` being its parts flattened; it is checked at each write, so a
        // container made otherwise stops the program rather than write past the buffer.
        return [Definition](unsafeUninitializedCapacity: reachable) { buffer, count in
            let start = buffer.baseAddress.unsafelyUnwrapped
            let end = start + reachable
            var next = start
            /// Takes each definition of `run` not taken yet.
            func take(_ run: [Definition]) {
                run.withUnsafeBufferPointer { run in
                    // By index: each definition taken is copied once, into the result.
                    for index in run.indices where seen.value(for: run[index].id, orInsert: 0) == nil {
                        precondition(next != end, "Wiring: a module reaches more definitions than its parts count")
                        next.initialize(to: run[index])
                        next += 1
                    }
                }
            }
            func visit(_ parts: [Part]) {
                for part in parts {
                    switch part {
                    case let .definitions(run):
                        take(run)
                    case let .module(module):
                        guard !excluded.contains(ObjectIdentifier(module)) else { continue }
                        // Flattened already, unless some module inside it is left out.
                        if excluded.isEmpty { take(module.definitions) } else { visit(module.parts) }
                    }
                }
            }
            visit(self)
            count = next - start
        }
    }
}

extension [Part] {
    /// Whether any of these parts is a module (else they are definitions alone, and flattening
    /// them is a concatenation).
    var includeModules: Bool {
        contains { if case .module = $0 { true } else { false } }
    }

    /// Whether a container of these parts makes its list of definitions only when asked (see
    /// ``LazyDefinitions``): they include a module, whose definitions are not copied.
    var listDefinitionsLazily: Bool {
        contains { if case .definitions = $0 { false } else { true } }
    }

    /// The runs of definitions these parts reach (`definitions` parts), in order,
    /// each module's once (by identity), appended to `runs` without copying a definition: a
    /// module whose definitions are flat already gives its own array; a composed one not
    /// flattened yet, its parts. `count` grows by the definitions appended.
    ///
    /// Unlike ``flattened(excluding:)`` this does not deduplicate definitions: one definition
    /// reached through two different modules (two modules listing one shared array) is in two
    /// runs. A registry built from runs must count such a definition once, or flatten instead,
    /// as `Registry.build(parts:scope:mode:reusing:)` does.
    func runs(into runs: inout [Part], count: inout Int, seen: inout [ObjectIdentifier]) {
        for part in self {
            switch part {
            case .definitions:
                let runCount = part.runCount
                guard runCount > 0 else { continue }
                runs.append(part)
                count += runCount
            case let .module(module):
                let id = ObjectIdentifier(module)
                // A linear scan: an app composes tens of modules, not thousands.
                guard !seen.contains(id) else { continue }
                seen.append(id)
                if let lazy = module.lazyDefinitions, lazy.flattened == nil {
                    module.parts.runs(into: &runs, count: &count, seen: &seen)
                } else {
                    let definitions = module.definitions
                    guard !definitions.isEmpty else { continue }
                    runs.append(.definitions(definitions))
                    count += definitions.count
                }
            }
        }
    }
}

extension DependencyContainer {
    /// Every module inside this one, at any depth.
    var nestedModules: [DependencyContainer] {
        parts.flatMap { part -> [DependencyContainer] in
            guard case let .module(module) = part else { return [] }
            return [module] + module.nestedModules
        }
    }
}
