import Wiring

/// Scenario 11: a scope cycle (open with an id, declare, resolve, close) while many scopes stay
/// open, as a server with requests or sessions in flight has them.
public enum Visit {}

/// The value each visit declares.
public final class VisitInfo: Sendable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// A scoped service that takes the declared value and a root single.
public final class VisitService: Sendable {
    public let info: VisitInfo
    public let service: ServiceProtocol
    public init(info: VisitInfo, service: ServiceProtocol) {
        self.info = info
        self.service = service
    }
}

/// Loaded into the root beside `wiringModule` (its `ServiceProtocol` single).
public let visitModule = module {
    scope(Visit.self) {
        scoped { VisitService(info: resolve(), service: resolve()) }
    }
}

/// `count` visits opened from the root by id and left open; `cycle()` runs one more visit
/// beside them. Close with `closeAll()`.
public final class OpenVisits: @unchecked Sendable {
    // Set up once, before the measured loop; then only read.
    private var open: [DependencyContainer] = []
    private var next: Int

    public init(count: Int) {
        let root = DependencyContainer.shared
        open.reserveCapacity(count)
        for id in 0..<count {
            let visit = root.openScope(Visit.self, id: id)
            visit.declare(VisitInfo(id: id))
            sink(visit.resolve() as VisitService)
            open.append(visit)
        }
        next = count
    }

    /// Opens one more visit by id, declares its value, resolves its service and closes it.
    public func cycle() {
        next += 1
        let visit = DependencyContainer.shared.openScope(Visit.self, id: next)
        visit.declare(VisitInfo(id: next))
        sink(visit.resolve() as VisitService)
        visit.close()
    }

    public func closeAll() {
        for visit in open { visit.close() }
        open = []
    }
}
