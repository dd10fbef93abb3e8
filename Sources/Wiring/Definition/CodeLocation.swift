/// A place in the source code, such as where a definition or a `resolve` was written.
///
/// Wiring captures these with `#fileID` and `#line` so that its messages can point at the line
/// to change:
///
/// ```swift
/// single { Backend() as BackendProtocol }   // recorded as "App/Modules.swift:12"
/// ```
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The address of the file's text, NUL-terminated and kept for the life of the program: a
    /// literal's (a `#fileID`), or the copy ``FileNames`` keeps of a name given as a `String`.
    /// Made a `String` only for a message, so that a definition's site costs no allocation; one
    /// word with no reference to count, so that a site is copied and dropped as plain bits.
    private let fileText: UInt
    /// The line, in 32 bits (a source line past 2³¹ is clamped).
    private let storedLine: Int32

    /// The line in that file.
    public var line: Int { Int(storedLine) }

    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public var fileID: String {
        String(cString: UnsafePointer<CChar>(bitPattern: fileText).unsafelyUnwrapped)
    }

    /// Creates a location from a `#fileID` and a `#line`.
    public init(fileID: String, line: Int) {
        fileText = FileNames.shared.address(of: fileID)
        storedLine = Int32(clamping: line)
    }

    init(_ fileID: StaticString, _ line: UInt) {
        // A literal of one Unicode scalar has no text to point at (never a `#fileID`).
        fileText = fileID.hasPointerRepresentation
            ? UInt(bitPattern: fileID.utf8Start) : FileNames.shared.address(of: fileID.description)
        storedLine = Int32(truncatingIfNeeded: min(line, UInt(Int32.max)))
    }

    public var description: String { "\(fileID):\(line)" }

    public static func == (lhs: CodeLocation, rhs: CodeLocation) -> Bool {
        lhs.storedLine == rhs.storedLine && lhs.fileID == rhs.fileID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(line)
    }
}
