import Foundation
import Hummingbird
import Wiring

/// What the server counts, for the stats route and the report at shutdown: requests, scopes
/// opened, audit logs flushed by `.onClose`, scopes still open, and the process's memory.
public final class ServerStats: @unchecked Sendable {
    // Every `var` is only touched under `lock`.
    private let lock = NSLock()
    private var requests = 0
    private var flushes = 0
    private var events = 0

    public init() {}

    func request() { lock.withLock { requests += 1 } }

    func flushed(events count: Int) {
        lock.withLock {
            flushes += 1
            events += count
        }
    }

    /// The counts now.
    public var snapshot: Snapshot {
        lock.withLock {
            Snapshot(
                requests: requests, auditLogsFlushed: flushes, openScopes: DependencyContainer.openScopeCount,
                residentKilobytes: Self.residentKilobytes())
        }
    }

    public struct Snapshot: ResponseCodable, Sendable, Equatable, CustomStringConvertible {
        /// Requests that went through the request-scope middleware (scopes opened).
        public let requests: Int
        /// `.onClose` calls of the request-scoped audit log.
        public let auditLogsFlushed: Int
        /// Scopes opened from the root and not closed yet.
        public let openScopes: Int
        public let residentKilobytes: Int

        public var description: String {
            "requests (scopes opened): \(requests), audit logs flushed by onClose: \(auditLogsFlushed), "
                + "open scopes: \(openScopes), RSS: \(residentKilobytes) KB"
        }
    }

    /// The resident set size, from `/proc/self/statm` (0 where there is none).
    static func residentKilobytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
