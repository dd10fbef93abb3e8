#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// File names given as `String`s (``CodeLocation/init(fileID:line:)``), each kept once as
/// NUL-terminated text that is never freed, as a literal's text is not: a location is then the
/// address of its file's text however it was made, two plain words that are copied and dropped
/// without a reference count. One copy per distinct name, and a program names as many files as
/// it has.
final class FileNames: @unchecked Sendable {
    // `addresses` is only touched under `lock`.
    private let lock = Lock()
    private var addresses: [String: UInt] = [:]

    static let shared = FileNames()

    /// The address of the text of `name`, the same for every equal name. (Text past a NUL in
    /// `name`, which no file name has, is not kept.)
    func address(of name: String) -> UInt {
        lock.withLock {
            if let address = addresses[name] { return address }
            guard let text = strdup(name) else {
                preconditionFailure("Wiring: out of memory for the file name \(name)")
            }
            let address = UInt(bitPattern: text)
            addresses[name] = address
            return address
        }
    }
}
