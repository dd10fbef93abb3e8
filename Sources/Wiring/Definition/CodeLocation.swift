/// A place in the source code, such as where a definition or a `resolve` was written.
///
/// Wiring captures these with `#fileID` and `#line` so that its messages can point at the line
/// to change:
///
/// ```swift
/// single { Backend() as BackendProtocol }   // recorded as "App/Modules.swift:12"
/// ```
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The address of the file's text, when it is a literal's (NUL-terminated, as every
    /// literal's is, and stable for the life of the program); 0 when `text` holds the file.
    /// A `#fileID` literal is kept so, and only made a `String` for a message: a definition's
    /// site costs no allocation.
    private let literalText: UInt
    /// The file, when it was given as a `String` (`init(fileID:line:)`): in a box, so that a
    /// site is two words and a line, 20 bytes rather than 32, in every definition's record.
    /// Not an enum of the two: an enum with a class payload is copied through the type's
    /// value witnesses, where two words and an optional reference are copied inline.
    private let text: FileText?
    /// The line, in 32 bits (a source line past 2³¹ is clamped).
    private let storedLine: Int32

    /// A file name given as a `String`.
    private final class FileText: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// The line in that file.
    public var line: Int { Int(storedLine) }

    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public var fileID: String {
        if let text { return text.text }
        return String(cString: UnsafePointer<CChar>(bitPattern: literalText).unsafelyUnwrapped)
    }

    /// Creates a location from a `#fileID` and a `#line`.
    public init(fileID: String, line: Int) {
        literalText = 0
        text = FileText(fileID)
        storedLine = Int32(clamping: line)
    }

    init(_ fileID: StaticString, _ line: UInt) {
        // A literal of one Unicode scalar has no text to point at (never a `#fileID`).
        if fileID.hasPointerRepresentation {
            literalText = UInt(bitPattern: fileID.utf8Start)
            text = nil
        } else {
            literalText = 0
            text = FileText(fileID.description)
        }
        storedLine = Int32(clamping: line)
    }

    /// A location in the file whose `#fileID` literal's text starts at the address `fileText`
    /// (a `StaticString`'s `utf8Start`: stable for the life of the program).
    init(literalText fileText: UInt, _ line: UInt) {
        literalText = fileText
        text = nil
        storedLine = Int32(clamping: line)
    }

    /// The placeholder of no location, which a definition's record stores rather than an
    /// optional (see `DefinitionRecord.site`): no literal's text and no file given.
    static var absent: CodeLocation { CodeLocation(literalText: 0, 0) }

    /// Whether this is the ``absent`` placeholder.
    var isAbsent: Bool { literalText == 0 && text == nil }

    public var description: String { "\(fileID):\(line)" }

    /// `self == other`, without making a `String` when both files are literals of one binary
    /// (the same `#fileID` literal is one address).
    func isSame(as other: CodeLocation) -> Bool {
        guard storedLine == other.storedLine else { return false }
        if literalText != 0, literalText == other.literalText { return true }
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
