internal import _WiringShims

/// What the current thread is resolving: its resolution frames, the parameters of the builds
/// that run with some, and the dependency collectors of the builds that keep their instance.
/// One per thread, reached through the thread's reader record.
///
/// Invariants:
/// - Only its own thread reads or writes it, so its stacks need no lock.
/// - Every push is undone by a `defer` on the pushing thread before the push's call returns,
///   and a thread cannot exit from inside a Swift call, so a thread leaves its stacks empty.
/// - Made on the thread's first push and kept, in a ``ReferenceCell``, by the thread's record,
///   which frees the cell when the thread exits (the record's destructor calls ``release``).
/// - The record also holds how many frames and how many collectors there are, which the
///   checks every resolve makes read without reaching this object.
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

    /// What the innermost build of a scoped instance on this thread sees of its scope (see
    /// ``ScopeState/View``).
    @exclusivity(unchecked) var scopeView: ScopeState.View?
    /// How many values this thread declared and links it made: a view taken before one is stale.
    @exclusivity(unchecked) var scopeChanges = 0

    private init() {}

    /// What the view of the build running on this thread says of `type`, if it is a view of
    /// `scope` and this thread declared and linked nothing since it was taken. Read in place.
    func passing(_ type: ObjectIdentifier, in scope: ObjectIdentifier) -> ScopeState.Passing? {
        guard scopeView?.scope == scope, scopeView?.changes == scopeChanges else { return nil }
        return scopeView?.declared.passing(type, linked: scopeView?.isLinked ?? true)
    }

    /// Runs `body`, a build of one of `view`'s scope's instances, with `view` as the scope it sees.
    @inline(__always)
    func with<Result>(_ view: ScopeState.View, _ body: () throws(WiringError) -> Result) throws(WiringError) -> Result {
        // Swapped in and out, not copied: a copy of a view retains its values. No declare or
        // link ran on this thread since the view was taken: it is current.
        var outer: ScopeState.View? = view
        outer?.changes = scopeChanges
        swap(&scopeView, &outer)
        defer { swap(&scopeView, &outer) }
        return try body()
    }

    /// The container of the innermost frame on the current thread, if a resolution runs on it.
    @inline(__always)
    static var innermostContainer: DependencyContainer? {
        guard let address = wiring_context() else { return nil }
        return ReferenceCell<ThreadResolution>(address: address).object.frames.last?.container
    }

    /// Whether a resolution is running on the current thread.
    @inline(__always)
    static var isResolving: Bool { wiring_depth() != 0 }

    /// Whether a kept build is collecting its dependencies on the current thread.
    @inline(__always)
    static var isCollecting: Bool { wiring_collectors() != 0 }

    /// Runs `body` with `frame` pushed.
    @inline(__always)
    func with<Result>(_ frame: ResolutionFrame, _ body: () throws(WiringError) -> Result) throws(WiringError) -> Result {
        frames.append(frame)
        wiring_set_depth(frames.count)
        defer {
            frames.removeLast()
            wiring_set_depth(frames.count)
        }
        return try body()
    }

    /// The current thread's, if it has resolved anything before.
    @inline(__always)
    static var current: ThreadResolution? {
        wiring_context().map { ReferenceCell<ThreadResolution>(address: $0).object }
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
        wiring_set_context(ReferenceCell(holding: made).address)
        return made
    }

    /// Releases a record's context when its thread exits.
    private static let release: @convention(c) (UnsafeMutableRawPointer) -> Void = { context in
        ReferenceCell<ThreadResolution>(address: context).free()
    }
}
