/// What a container is made of, in declaration order: definitions of its own and the modules it
/// includes (`includes(_:)`, `modules { }`, `derive(from:)`).
///
/// A container keeps its parts so that a module nested anywhere inside the root can be found
/// and unloaded, and flattens them once into its definitions: each definition once, by
/// identity, in the order it is first reached.
enum Part: Sendable {
    /// Consecutive definitions of the container's own, kept as one array: a module of
    /// definitions alone is one part, and flattening it copies nothing.
    case definitions([AnyDefinition])
    case module(DependencyContainer)

    /// The parts a builder's definitions describe: `includes(_:)` markers become modules.
    static func parts(of definitions: [AnyDefinition]) -> [Part] {
        // Read in place: a definition copied out of the array is a retain and a release.
        let hasInclude = definitions.withUnsafeBufferPointer { definitions in
            definitions.indices.contains { definitions[$0].includedModule != nil }
        }
        guard hasInclude else {
            return definitions.isEmpty ? [] : [.definitions(definitions)]
        }
        var parts: [Part] = []
        var run: [AnyDefinition] = []
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

    /// The definitions of these parts, in order, each module's once, leaving out every
    /// occurrence of the modules in `excluded` (by identity).
    func flattened(excluding excluded: Set<ObjectIdentifier> = []) -> [AnyDefinition] {
        // One module (what `defined(by:)` installs), or one run: flat already.
        if excluded.isEmpty, count == 1 {
            switch self[0] {
            case let .definitions(run): return run
            case let .module(module): return module.definitions
            }
        }
        // Each module once, by identity, at any depth (an app's core module under two feature
        // modules). A definition placed in two modules' own lists is listed twice; a registry
        // claims it once (see `Claims`).
        var seen = excluded
        var flat: [AnyDefinition] = []
        func visit(_ parts: [Part]) {
            for part in parts {
                switch part {
                case let .definitions(run):
                    flat.append(contentsOf: run)
                case let .module(module):
                    guard seen.insert(ObjectIdentifier(module)).inserted else { continue }
                    visit(module.parts)
                }
            }
        }
        visit(self)
        return flat
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
