/// One step of a resolution path: the type asked for, its tag, and the definition that answered.
///
/// A ``WiringError`` carries the path from the outermost resolve to the one that failed:
///
/// ```swift
/// catch let .missingDefinition(type, tag, path, registered, _, requestedAt) {
///     path.map(\.description)   // ["AppState", "Backend", "NetworkProtocol"]
///     path.first?.definedAt     // Example/Modules.swift:21
/// }
/// ```
public struct ResolutionStep: Sendable, Hashable, CustomStringConvertible {
    /// The type asked for, as Swift prints it: `BackendProtocol`.
    public let type: String

    /// The tag asked for, as in `StorageContext.userdata` or `"db"`; `nil` without a tag.
    public let tag: String?

    /// The lifetime of the definition that answered, or `nil` if nothing is registered.
    public let lifetime: Lifetime?

    /// Where that definition is written, if known.
    public let definedAt: CodeLocation?

    /// Whether an async factory builds it (`single { await … }`).
    public let isAsync: Bool

    /// The scope type a scoped definition belongs to (`scope(Session.self) { … }`), if any.
    public let scope: String?

    init(
        type: String, tag: String?, lifetime: Lifetime?, definedAt: CodeLocation?, isAsync: Bool = false,
        scope: String? = nil
    ) {
        self.scope = scope
        self.type = type
        self.tag = tag
        self.lifetime = lifetime
        self.definedAt = definedAt
        self.isAsync = isAsync
    }

    init(_ info: DefinitionInfo) {
        let type = info.isInjection ? "injection(for: \(typeName(info.type)))" : typeName(info.type)
        self.init(
            type: type, tag: info.tag?.description, lifetime: info.lifetime, definedAt: info.site, isAsync: info.isAsync,
            scope: info.scope?.name)
    }

    /// The lifetime as written in a module: `single`, or `async single` for an async factory.
    var lifetimeDescription: String? {
        lifetime.map { isAsync ? "async \($0)" : "\($0)" }
    }

    /// `Backend`, or `LocalStorageProtocol (tag: StorageContext.userdata)`.
    public var description: String {
        tag.map { "\(type) (tag: \($0))" } ?? type
    }

    /// As ``description``, but saying `(tag: none)` when there is no tag.
    var descriptionWithTag: String {
        "\(type) (tag: \(tag ?? "none"))"
    }

    /// `BackendProtocol: single at App/Modules.swift:5`, or `nil` for a step with no definition.
    var definitionLine: String? {
        guard let lifetime = lifetimeDescription else { return nil }
        return "\(description): \(lifetime)\(definedAt.map { " at \($0)" } ?? "")"
    }
}

extension [ResolutionStep] {
    /// `AppState → Backend → NetworkProtocol (tag: none)`: the last step always shows its tag.
    var rendered: String {
        guard let last else { return "" }
        return (dropLast().map(\.description) + [last.descriptionWithTag]).joined(separator: " → ")
    }

    /// One indented line per step that has a definition, saying where it is written.
    var definitionLines: [String] {
        var seen = Set<ResolutionStep>()
        return compactMap { step in
            guard seen.insert(step).inserted else { return nil }
            return step.definitionLine.map { "    \($0)" }
        }
    }
}
