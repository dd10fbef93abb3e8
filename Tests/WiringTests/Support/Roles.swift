import Foundation
import Wiring

/// Runs each role on a thread of its own, all released together, each repeating its body until
/// every role has done at least `minimumEach` operations and `seconds` have passed (a hang guard
/// of `hangGuard` seconds ends them regardless). Returns how many operations each role did, so a
/// test can assert that every role did its work: on a 2-core machine a deadline alone lets a
/// role start after the others finished.
func runRoles(
    minimumEach: Int, seconds: Double = 0.5, hangGuard: Double = 60, _ roles: [@Sendable () -> Void]
) -> [Int] {
    let counts = (0..<roles.count).map { _ in RoleCount() }
    let start = Date()
    let releaseAll = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    @Sendable func everyRoleDidItsShare() -> Bool { counts.allSatisfy { $0.value >= minimumEach } }
    for (index, role) in roles.enumerated() {
        group.enter()
        let count = counts[index]
        Thread {
            releaseAll.wait()
            repeat {
                role()
                count.increment()
            } while (Date().timeIntervalSince(start) < seconds || !everyRoleDidItsShare())
                && Date().timeIntervalSince(start) < hangGuard
            group.leave()
        }.start()
    }
    for _ in roles { releaseAll.signal() }
    group.wait()
    return counts.map(\.value)
}

/// One role's operation count, read by the other roles.
private final class RoleCount: @unchecked Sendable {
    // `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A resolver racing a scope's close: repeats `resolve` until it throws `scopeClosed` (a hang
/// guard of 30 s), signalling `started` once after its first attempt, so that the closer can
/// wait for every resolver to be under way. Any other error goes to `unexpected`. Returns
/// whether it saw the close.
func resolveUntilClosed(
    started: DispatchSemaphore, unexpected: Collected<String>, _ resolve: () throws(WiringError) -> Void
) -> Bool {
    var signalled = false
    defer { if !signalled { started.signal() } }
    let hangGuard = Date().addingTimeInterval(30)
    while Date() < hangGuard {
        do throws(WiringError) {
            try resolve()
        } catch .scopeClosed {
            return true
        } catch {
            unexpected.append("\(error)")
        }
        if !signalled {
            signalled = true
            started.signal()
        }
    }
    return false
}
