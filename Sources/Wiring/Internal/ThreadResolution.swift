internal import _WiringShims

/// What the current thread is resolving: its resolution frames, the parameters of the builds
/// that run with some, and the dependency collectors of the builds that keep their instance.
/// One per thread, reached through the thread's reader record.
///
/// Invariants:
/// - Only its own thread reads or writes it, so its stacks need no lock.
/// - Every push is undone by a `defer` on the pushing thread before the push's call returns,
///   and a thread cannot exit from inside a Swift call, so a thread leaves its stacks empty.
/// - Made on the thread's first push and kept, retained once, by the thread's record, which
///   releases it when the thread exits (the record's destructor calls ``release(_:)``).
/// - The record also holds, for the checks every resolve makes, the container of the innermost
///   frame (unretained, as the frame names it: the call that pushed the frame holds it, and the
///   record points at it only while the frame is pushed) and how many collectors there are. Reading them does not retain this object:
///   without them, a factory's resolve cost 1,668 instructions and a graph's 5,537, against
///   issue 61's 1,665 and 5,390.
final class ThreadResolution {
    /// The resolution frames, outermost first (see ``ResolutionFrame/with(container:info:_:)``).
    /// Unchecked: only this thread touches it, and no access spans a call that could touch it
    /// again (the builds run between pushes and pops).
    @exclusivity(unchecked) var frames: [ResolutionFrame] = []
    /// The parameters of the builds that run with parameters, outermost first (see ``ParameterFrame``).
    @exclusivity(unchecked) var parameters: [ParameterFrame] = []
    /// The observed builds, outermost first (see ``BuildTiming``).
    @exclusivity(unchecked) var timings: [BuildTiming] = []
    /// The collectors of the kept builds, outermost first (see ``DependencyCollector``).
    @exclusivity(unchecked) var collectors: [DependencyCollector] = [] {
        didSet { wiring_set_collectors(collectors.count) }
    }

    private init() {}

    /// The container of the innermost frame on the current thread, if a resolution runs on it.
    @inline(__always)
    static var innermostContainer: DependencyContainer? {
        wiring_innermost().map { Unmanaged<DependencyContainer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Whether a resolution is running on the current thread.
    @inline(__always)
    static var isResolving: Bool { wiring_innermost() != nil }

    /// Whether a kept build is collecting its dependencies on the current thread.
    @inline(__always)
    static var isCollecting: Bool { wiring_collectors() != 0 }

    /// Runs `body` with `frame` pushed.
    @inline(__always)
    func with<Result>(_ frame: ResolutionFrame, _ body: () throws(WiringError) -> Result) throws(WiringError) -> Result {
        let outer = wiring_innermost()
        frames.append(frame)
        wiring_set_innermost(Unmanaged.passUnretained(frame.container).toOpaque())
        defer {
            wiring_set_innermost(outer)
            frames.removeLast()
        }
        return try body()
    }

    /// The current thread's, if it has resolved anything before.
    @inline(__always)
    static var current: ThreadResolution? {
        wiring_context().map { Unmanaged<ThreadResolution>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The current thread's, made on its first push.
    @inline(__always)
    static var mine: ThreadResolution {
        current ?? make()
    }

    @inline(never)
    private static func make() -> ThreadResolution {
        wiring_set_context_release(release)
        let made = ThreadResolution()
        wiring_set_context(Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// Releases a record's context when its thread exits.
    private static let release: @convention(c) (UnsafeMutableRawPointer) -> Void = { context in
        Unmanaged<ThreadResolution>.fromOpaque(context).release()
    }
}
