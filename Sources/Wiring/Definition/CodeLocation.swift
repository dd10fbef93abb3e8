/// A place in the source code, such as where a definition or a `resolve` was written.
///
/// Wiring captures these with `#fileID` and `#line` so that its messages can point at the line
/// to change:
///
/// ```swift
/// single { Backend() as BackendProtocol }   // recorded as "App/Modules.swift:12"
/// ```
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as it was captured: a `#fileID` literal is kept as it is, and only made a
    /// `String` for a message, so that a definition's site costs no allocation.
    private enum File: Sendable {
        case literal(StaticString)
        case text(String)
    }

    private let file: File
    /// The line in that file.
    public let line: Int

    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public var fileID: String {
        switch file {
        case let .literal(literal): literal.description
        case let .text(text): text
        }
    }

    /// Creates a location from a `#fileID` and a `#line`.
    public init(fileID: String, line: Int) {
        file = .text(fileID)
        self.line = line
    }

    init(_ fileID: StaticString, _ line: UInt) {
        file = .literal(fileID)
        self.line = Int(line)
    }

    public var description: String { "\(fileID):\(line)" }

    /// `self == other`, without making a `String` when both files are literals of one binary
    /// (the same `#fileID` literal is one address).
    func isSame(as other: CodeLocation) -> Bool {
        guard line == other.line else { return false }
        if case let .literal(mine) = file, case let .literal(theirs) = other.file, mine.hasPointerRepresentation,
            theirs.hasPointerRepresentation, mine.utf8Start == theirs.utf8Start
        {
            return true
        }
        return fileID == other.fileID
    }

    public static func == (lhs: CodeLocation, rhs: CodeLocation) -> Bool {
        lhs.line == rhs.line && lhs.fileID == rhs.fileID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(line)
    }
}
