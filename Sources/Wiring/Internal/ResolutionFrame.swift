/// One step of the resolution that is running on the current thread.
///
/// Frames are pushed on the thread's ``ThreadResolution`` while a definition builds. They tell
/// nested `resolve()` calls (inside factories and `@Inject` initialisers) which container they
/// belong to, and give error messages their resolution path.
///
/// A frame names its container and definition unretained: the call of ``with(container:info:_:)``
/// that pushed it holds both for as long as it is pushed. Counted, they made every build write
/// to objects that all threads share: two threads' request scopes (scenario 16) took 3.9 times
/// as long as at 5ec504b, against a budget of 2.
struct ResolutionFrame {
    private let unretainedContainer: Unmanaged<DependencyContainer>
    private let unretainedInfo: Unmanaged<DefinitionInfo>

    init(container: DependencyContainer, info: DefinitionInfo) {
        unretainedContainer = .passUnretained(container)
        unretainedInfo = .passUnretained(info)
    }

    /// The container building this frame's definition.
    var container: DependencyContainer { unretainedContainer.takeUnretainedValue() }
    /// The definition being built.
    var info: DefinitionInfo { unretainedInfo.takeUnretainedValue() }

    /// From this depth on, a frame at a power-of-two depth (64, 128, 256, …) checks the path for
    /// a repeated definition.
    ///
    /// Singletons detect their own cycles at once (see `Entry`); this catches cycles made only of
    /// factories before they exhaust the stack, at no cost to ordinary graphs. Checking at
    /// doubling depths keeps a deep graph's resolve linear in its depth (each check scans the
    /// path, and the checks' lengths add up to less than twice the depth), and still finds
    /// every such cycle: past the point where it starts, the path repeats with the cycle's
    /// period, so the frame at the next power of two at least one period further repeats a
    /// definition above it.
    static let cycleCheckDepth = 64

    /// The innermost frame of the current thread, if a resolution is running on it.
    @inline(__always)
    static var current: ResolutionFrame? {
        ThreadResolution.isResolving ? ThreadResolution.current?.frames.last : nil
    }

    /// Runs `body` with a frame for `info` in `container` pushed on the current thread.
    @inline(__always)
    static func with<Result>(
        container: DependencyContainer,
        info: DefinitionInfo,
        _ body: () throws(WiringError) -> Result
    ) throws(WiringError) -> Result {
        let thread = ThreadResolution.mine
        return try thread.with(ResolutionFrame(container: container, info: info)) { () throws(WiringError) -> Result in
            let depth = thread.frames.count
            if depth >= cycleCheckDepth, depth & (depth &- 1) == 0 { try checkForCycle(thread.path) }
            return try body()
        }
    }

    /// Throws ``WiringError/cycle(path:requestedAt:)`` if the path repeats a stretch of itself.
    /// Out of line: its temporaries stay out of every level's frame.
    @inline(never)
    static func checkForCycle(_ path: [DefinitionInfo]) throws(WiringError) {
        if let cycle = cycle(in: path) { throw WiringError.cycle(path: cycle.map(\.step), requestedAt: nil) }
    }

    /// The current resolution path, outermost first (empty outside any resolution): the async
    /// resolution this task is part of, if any, then the synchronous one on this thread.
    static var currentPath: [DefinitionInfo] {
        (AsyncFrame.current?.path ?? []) + (ThreadResolution.current?.path ?? [])
    }

    /// The first repeated stretch of `path`, if a definition on it is already being built
    /// further out: `[A, B, A]` for a path `X → A → B → A → B …`.
    static func cycle(in path: [DefinitionInfo]) -> [DefinitionInfo]? {
        var firstSeen: [DefinitionID: Int] = [:]
        firstSeen.reserveCapacity(path.count)
        for (index, info) in path.enumerated() {
            if let start = firstSeen.updateValue(index, forKey: info.id) {
                return Array(path[start...index])
            }
        }
        return nil
    }
}

/// While a build observer is set, one observed build running on the thread: how long the builds
/// nested in it took, so that its own time can be told apart (see `BuildEvent`).
struct BuildTiming {
    /// Its frame's depth: only a build one deeper adds its time here.
    let depth: Int
    var nestedNanoseconds: UInt64 = 0
}

extension ThreadResolution {
    /// The definitions being built on this thread, outermost first.
    var path: [DefinitionInfo] { frames.map(\.info) }
}

/// The cycle a resolve of `info` closes: the path from its first build of `info` on.
func cycleError(closedBy info: DefinitionInfo) -> WiringError {
    let path = ResolutionFrame.currentPath + [info]
    let start = path.firstIndex { $0 === info } ?? path.startIndex
    return .cycle(path: path[start...].map(\.step), requestedAt: nil)
}
