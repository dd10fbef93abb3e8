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
        /// The address of a `#fileID` literal's text (NUL-terminated, as every literal is): how
        /// a plain line keeps its site in one word.
        case literalText(UInt)
        case text(String)
    }

    private let file: File
    /// The line in that file.
    public let line: Int

    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public var fileID: String {
        switch file {
        case let .literal(literal): literal.description
        case let .literalText(address): String(cString: UnsafePointer<CChar>(bitPattern: address).unsafelyUnwrapped)
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

    /// A location in the file whose `#fileID` literal's text starts at the address `fileText`
    /// (a `StaticString`'s `utf8Start`: stable for the life of the program).
    init(literalText fileText: UInt, _ line: UInt) {
        file = .literalText(fileText)
        self.line = Int(line)
    }

    /// Where this location's file text starts, if it is a literal's.
    private var literalAddress: UInt? {
        switch file {
        case let .literal(literal): literal.hasPointerRepresentation ? UInt(bitPattern: literal.utf8Start) : nil
        case let .literalText(address): address
        case .text: nil
        }
    }

    public var description: String { "\(fileID):\(line)" }

    /// `self == other`, without making a `String` when both files are literals of one binary
    /// (the same `#fileID` literal is one address).
    func isSame(as other: CodeLocation) -> Bool {
        guard line == other.line else { return false }
        if let mine = literalAddress, mine == other.literalAddress { return true }
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
