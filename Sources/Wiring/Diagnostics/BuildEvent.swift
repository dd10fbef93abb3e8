/// One instance Wiring built, as ``DependencyContainer/onBuild`` reports it: what it is, where it
/// sits in the resolution, and how long its factory took.
///
/// ```swift
/// DependencyContainer.onBuild = { event in
///     if event.nanoseconds > 5_000_000 { print("slow start-up:", event) }
/// }
/// ```
public struct BuildEvent: Sendable, CustomStringConvertible {
    /// The type the definition registers, as messages name it: `BackendProtocol`.
    public let typeName: String
    /// The tag, as messages print it (`StorageContext.userdata`), or `nil`.
    public let tag: String?
    /// How long the definition's instances live.
    public let lifetime: Lifetime
    /// Where the definition is written.
    public let definedAt: CodeLocation?
    /// 1 for an instance resolved directly, 2 for a dependency of that one, and so on.
    public let depth: Int
    /// How long the factory ran, dependencies it built included.
    public let nanoseconds: UInt64
    /// How long the factory ran, without the dependencies it built meanwhile: what this
    /// definition itself costs.
    public let ownNanoseconds: UInt64

    init(info: DefinitionInfo, depth: Int, nanoseconds: UInt64, ownNanoseconds: UInt64) {
        typeName = Wiring.typeName(info.type)
        tag = info.tag?.description
        lifetime = info.lifetime
        definedAt = info.site
        self.depth = depth
        self.nanoseconds = nanoseconds
        self.ownNanoseconds = ownNanoseconds
    }

    /// `BackendProtocol (single, depth 1): 1.234 ms, own 0.456 ms`.
    public var description: String {
        let tag = tag.map { " (tag: \($0))" } ?? ""
        return "\(typeName)\(tag) (\(lifetime), depth \(depth)): "
            + "\(BuildEvent.milliseconds(nanoseconds)) ms, own \(BuildEvent.milliseconds(ownNanoseconds)) ms"
    }

    /// `nanoseconds` in milliseconds with three decimals: `1.234`.
    public static func milliseconds(_ nanoseconds: UInt64) -> String {
        let micros = (nanoseconds + 500) / 1_000
        let fraction = String(micros % 1_000)
        return "\(micros / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
