/// A place in the source code, such as where a definition or a `resolve` was written.
///
/// Wiring captures these with `#fileID` and `#line` so that its messages can point at the line
/// to change:
///
/// ```swift
/// single { Backend() as BackendProtocol }   // recorded as "App/Modules.swift:12"
/// ```
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as it was captured: a `#fileID` literal is kept as the address of its text, and
    /// only made a `String` for a message, so that a definition's site costs no allocation.
    /// A file given as a `String` is held in a box: one word either way, so that a site (with
    /// its line) is 17 bytes, not 32, in every definition's record.
    private enum File: Sendable {
        /// The address of a literal's text (NUL-terminated, as every literal's is; stable for
        /// the life of the program).
        case literalText(UInt)
        case text(FileText)
    }

    /// A file name given as a `String`.
    private final class FileText: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// The line, in 32 bits beside the file's word (a source line past 2³¹ is clamped).
    private let storedLine: Int32
    private let file: File

    /// The line in that file.
    public var line: Int { Int(storedLine) }

    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public var fileID: String {
        switch file {
        case let .literalText(address): String(cString: UnsafePointer<CChar>(bitPattern: address).unsafelyUnwrapped)
        case let .text(box): box.text
        }
    }

    /// Creates a location from a `#fileID` and a `#line`.
    public init(fileID: String, line: Int) {
        file = .text(FileText(fileID))
        storedLine = Int32(clamping: line)
    }

    init(_ fileID: StaticString, _ line: UInt) {
        // A literal of one Unicode scalar has no text to point at (never a `#fileID`).
        file = fileID.hasPointerRepresentation
            ? .literalText(UInt(bitPattern: fileID.utf8Start)) : .text(FileText(fileID.description))
        storedLine = Int32(clamping: line)
    }

    /// A location in the file whose `#fileID` literal's text starts at the address `fileText`
    /// (a `StaticString`'s `utf8Start`: stable for the life of the program).
    init(literalText fileText: UInt, _ line: UInt) {
        file = .literalText(fileText)
        storedLine = Int32(clamping: line)
    }

    /// Where this location's file text starts, if it is a literal's.
    private var literalAddress: UInt? {
        switch file {
        case let .literalText(address): address
        case .text: nil
        }
    }

    public var description: String { "\(fileID):\(line)" }

    /// `self == other`, without making a `String` when both files are literals of one binary
    /// (the same `#fileID` literal is one address).
    func isSame(as other: CodeLocation) -> Bool {
        guard storedLine == other.storedLine else { return false }
        if let mine = literalAddress, mine == other.literalAddress { return true }
        return fileID == other.fileID
    }

    public static func == (lhs: CodeLocation, rhs: CodeLocation) -> Bool {
        lhs.storedLine == rhs.storedLine && lhs.fileID == rhs.fileID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(line)
    }
}
