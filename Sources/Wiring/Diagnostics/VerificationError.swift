/// What ``DependencyContainer/verify()-178vl`` found: every broken definition of a container.
///
/// ```swift
/// @Test func everythingResolves() throws {
///     try modules { .backend; .network; .app }.verify()
/// }
/// ```
///
/// Its ``description`` lists each problem with the same message `resolve()` would stop the
/// program with, numbered, followed by the definitions that could not be checked because they
/// need one that failed.
public struct VerificationError: Error, Sendable, CustomStringConvertible {
    /// Each broken definition found, in the order found: missing registrations (with the
    /// resolution path that asked), cycles, and any other ``WiringError`` raised while building.
    public let problems: [WiringError]

    /// Definitions that were not built because they need one listed in ``problems``.
    public let unchecked: [ResolutionStep]

    /// What each definition resolved, as far as building got; see ``DependencyGraph``.
    public let graph: DependencyGraph

    /// Async definitions (`single { await … }`) that the synchronous ``DependencyContainer/verify()-178vl``
    /// could not build; `try await verify()` builds them.
    public let asyncUnchecked: [ResolutionStep]

    /// Definitions that take parameters (`factory { (id: Int) in … }`) that verification had no
    /// example values for, so what they resolve is not checked: they make
    /// ``DependencyContainer/verify()-178vl`` fail. ``DependencyContainer/verify(parameters:)``
    /// builds them with the examples it is given. The graph shows them without edges. A factory
    /// constructor (`factoryOf(FeedViewModel.init)`) whose parameter nothing registers and no
    /// example is given for is listed here too, as its closure form would be: the app may pass
    /// that parameter with `resolve(parameters:)`.
    public let parametersUnchecked: [ResolutionStep]

    /// Main-actor definitions (`single { @MainActor in … }`), and definitions that need one, that
    /// the synchronous ``DependencyContainer/verify()-178vl`` could not build because it was called
    /// off the main actor: they make it fail. Called from the main actor (a `@MainActor` test),
    /// `verify()` builds them there, and `try await verify()` builds them on the main actor from
    /// anywhere, so this is empty. (A `@MainActor` constructor given to `singleOf` is
    /// checked anywhere: its parameters are resolved without running it.)
    public let mainActorUnchecked: [ResolutionStep]

    /// For a constructor factory in ``parametersUnchecked``: the parameter types nothing registers.
    let unregisteredParameters: [ResolutionStep: [String]]

    init(
        problems: [WiringError], unchecked: [ResolutionStep], graph: DependencyGraph,
        asyncUnchecked: [ResolutionStep] = [], parametersUnchecked: [ResolutionStep] = [],
        mainActorUnchecked: [ResolutionStep] = [], unregisteredParameters: [ResolutionStep: [String]] = [:]
    ) {
        self.unregisteredParameters = unregisteredParameters
        self.mainActorUnchecked = mainActorUnchecked
        self.parametersUnchecked = parametersUnchecked
        self.problems = Self.withoutRepeatedCycles(problems)
        self.unchecked = unchecked
        self.graph = graph
        self.asyncUnchecked = asyncUnchecked
    }

    /// Whether anything is wrong or left unchecked that the caller could have checked.
    var isFailure: Bool {
        !problems.isEmpty || !asyncUnchecked.isEmpty || !mainActorUnchecked.isEmpty || !parametersUnchecked.isEmpty
    }

    public var description: String {
        let definitions = graph.nodes.count { $0.lifetime != nil }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        // The headline says what happened: what was checked, and what was not.
        var kinds: [String] = []
        if !asyncUnchecked.isEmpty { kinds.append("\(asyncUnchecked.count) async ones") }
        if !mainActorUnchecked.isEmpty { kinds.append("\(mainActorUnchecked.count) main-actor ones") }
        if !parametersUnchecked.isEmpty { kinds.append("\(parametersUnchecked.count) with parameters") }
        let left = kinds.joined(separator: " and ")
        let checked = definitions - asyncUnchecked.count - mainActorUnchecked.count - parametersUnchecked.count
        let headline =
            kinds.isEmpty
            ? "Wiring: verification found \(count) in \(definitions) definitions."
            : problems.isEmpty
                ? "Wiring: verification found no problem in the \(checked) definitions it checked, and left \(left) "
                    + "unchecked."
                : "Wiring: verification found \(count) in \(definitions) definitions, and left \(left) unchecked."
        var lines = [headline]
        for (number, problem) in problems.enumerated() {
            let message = problem.description.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append("")
            lines.append("\(number + 1). \(message.first ?? "")")
            lines += message.dropFirst().map { "  \($0)" }
        }
        func section(_ title: String, _ steps: [ResolutionStep]) {
            guard !steps.isEmpty else { return }
            lines += ["", title] + steps.compactMap { step in
                guard let line = step.definitionLine else { return nil }
                // A constructor's parameter nothing registers may be a forgotten registration too.
                guard let types = unregisteredParameters[step] else { return "  \(line)" }
                let named = types.map { "`\($0)`" }.joined(separator: ", ")
                return "  \(line) (its constructor takes \(named), which nothing registers: register it, "
                    + "unless the app passes it with `resolve(parameters:)`)"
            }
        }
        section(
            "Not checked, because they are async and this is the synchronous verify(); "
                + "use `try await verify()` to build them too:", asyncUnchecked)
        section(
            "Not checked, because they take parameters: give `verify(parameters:)` an example of each "
                + "(`verify(parameters: [42, \"preview\"])`) to build them:", parametersUnchecked)
        section(
            "Not checked, because they are built on the main actor (or need a definition that is) and "
                + "verify() was called off it; call it from the main actor (a `@MainActor` test) to build them:",
            mainActorUnchecked)
        section("Not checked, because they need a definition that failed above:", unchecked)
        return lines.joined(separator: "\n")
    }

    /// `problems` with each cycle once: `A → B → A` and `B → A → B`, found from each of its
    /// definitions, are one problem.
    private static func withoutRepeatedCycles(_ problems: [WiringError]) -> [WiringError] {
        var seen: Set<[ResolutionStep]> = []
        return problems.filter { problem in
            guard case let .cycle(path, _) = problem, path.count > 1 else { return true }
            // The loop without its closing step, turned to start at its smallest step.
            let loop = Array(path.dropLast())
            let start = loop.indices.min { loop[$0].description < loop[$1].description } ?? 0
            return seen.insert(Array(loop[start...] + loop[..<start])).inserted
        }
    }
}
