/// A place in the source code, such as where a definition or a `resolve` was written.
///
/// Wiring captures these with `#fileID` and `#line` so that its messages can point at the line
/// to change:
///
/// ```swift
/// single { Backend() as BackendProtocol }   // recorded as "App/Modules.swift:12"
/// ```
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public let fileID: String
    /// The line in that file.
    public let line: Int

    /// Creates a location from a `#fileID` and a `#line`.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    init(_ fileID: StaticString, _ line: UInt) {
        self.init(fileID: fileID.description, line: Int(line))
    }

    public var description: String { "\(fileID):\(line)" }
}
