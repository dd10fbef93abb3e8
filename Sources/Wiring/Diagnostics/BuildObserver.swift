#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif
internal import _WiringShims

extension DependencyContainer {
    /// Called with a ``BuildEvent`` after every instance Wiring builds, in any container: singles,
    /// factories, weak singles, scoped and async instances. `nil` (the default) turns it off.
    ///
    /// Use it to find what makes start-up slow:
    ///
    /// ```swift
    /// DependencyContainer.onBuild = { event in
    ///     if event.ownNanoseconds > 2_000_000 { print("slow at start-up:", event) }
    /// }
    /// DependencyContainer.defined(by: modules { .backend; .network; .app })
    /// let screen: ProfileViewController = resolve()
    /// DependencyContainer.onBuild = nil
    /// ```
    ///
    /// To sort every build by cost, collect the events under a lock, as "Diagnosing problems"
    /// shows.
    ///
    /// `swift run Example trace` prints the example app's start-up this way.
    ///
    /// It runs on the thread that built the instance, right after the factory returns, possibly
    /// while Wiring holds the lock that makes each singleton built once: record the event and
    /// return, without resolving or waiting on other threads. Returning an existing singleton
    /// builds nothing and reports nothing. With no observer set, a build pays one relaxed load.
    public static var onBuild: (@Sendable (BuildEvent) -> Void)? {
        get { BuildObserver.shared.current }
        set { BuildObserver.shared.current = newValue }
    }
}

/// The observer of `onBuild`, behind a lock; the C flag says whether there is one, so that builds
/// read a plain global when there is not.
final class BuildObserver: @unchecked Sendable {
    // `observer` is only touched under `lock`.
    static let shared = BuildObserver()

    private let lock = Lock()
    private var observer: (@Sendable (BuildEvent) -> Void)?

    var current: (@Sendable (BuildEvent) -> Void)? {
        get { lock.withLock { observer } }
        set {
            lock.withLock {
                observer = newValue
                wiring_set_build_observed(newValue == nil ? 0 : 1)
            }
        }
    }

    /// Whether an observer may be set: one relaxed load, for the build path.
    @inline(__always)
    static var isObserving: Bool { wiring_is_build_observed() != 0 }

    /// The observer, if one is set: one relaxed load when none is.
    @inline(__always)
    static var active: (@Sendable (BuildEvent) -> Void)? {
        wiring_is_build_observed() == 0 ? nil : shared.current
    }

    /// Now, for timing a build: a monotonic clock, in nanoseconds.
    static var now: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
