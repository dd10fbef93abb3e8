internal import _WiringShims

/// One step of the resolution that is running on the current thread.
///
/// Frames live on the stack of the resolving thread and are chained through a thread-local
/// pointer. They tell nested `resolve()` calls (inside factories and `@Inject` initialisers)
/// which container they belong to, and give error messages their resolution path.
struct ResolutionFrame {
    /// The container building this frame's definition, which the resolution keeps alive.
    let unmanagedContainer: Unmanaged<DependencyContainer>
    /// The definition being built, which the entry (or the caller) keeps alive for as long as
    /// the frame is pushed. Not retained.
    let definition: Unmanaged<DefinitionInfo>
    let parent: UnsafeMutablePointer<ResolutionFrame>?
    let depth: Int
    /// While a build observer is set: how long the builds nested in this one took, so that its
    /// own time can be told apart (see `BuildEvent`).
    var nestedNanoseconds: UInt64 = 0

    var container: DependencyContainer { unmanagedContainer.takeUnretainedValue() }
    var info: DefinitionInfo { definition.takeUnretainedValue() }

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
    static var current: UnsafeMutablePointer<ResolutionFrame>? {
        wiring_slot(0)?.assumingMemoryBound(to: ResolutionFrame.self)
    }

    /// The innermost frame of the thread whose reader record is `reader`.
    @inline(__always)
    static func current(of reader: UnsafeMutableRawPointer) -> UnsafeMutablePointer<ResolutionFrame>? {
        wiring_reader_frame(reader)?.assumingMemoryBound(to: ResolutionFrame.self)
    }

    /// Runs `body` with a frame for `info` in `container` pushed on the current thread.
    @inline(__always)
    static func with<Result>(
        container: DependencyContainer,
        info: DefinitionInfo,
        _ body: () throws(WiringError) -> Result
    ) throws(WiringError) -> Result {
        try with(container: container, definition: .passUnretained(info), body)
    }

    /// Runs `body` with a frame for `definition` (which the caller keeps alive) in `container`
    /// pushed on the current thread.
    @inline(__always)
    static func with<Result>(
        container: DependencyContainer,
        definition: Unmanaged<DefinitionInfo>,
        _ body: () throws(WiringError) -> Result
    ) throws(WiringError) -> Result {
        let parent = current
        var frame = ResolutionFrame(
            unmanagedContainer: .passUnretained(container), definition: definition, parent: parent,
            depth: (parent?.pointee.depth ?? 0) + 1)
        // The frame is made in place and only ever read through its address (the cycle check
        // included): a by-value use would make the compiler keep a second copy of it in the
        // frame of every level of a deep graph.
        return try withUnsafeMutablePointer(to: &frame) { (pointer) throws(WiringError) -> Result in
            let depth = pointer.pointee.depth
            if depth >= cycleCheckDepth, depth & (depth &- 1) == 0 { try checkForCycle(at: pointer) }
            wiring_set_slot(0, pointer)
            defer { wiring_set_slot(0, parent) }
            return try body()
        }
    }

    /// Throws ``WiringError/cycle(path:requestedAt:)`` if this frame repeats a stretch of the path
    /// above it. Out of line: its temporaries stay out of every level's frame.
    @inline(never)
    static func checkForCycle(at frame: UnsafeMutablePointer<ResolutionFrame>) throws(WiringError) {
        if let cycle = frame.pointee.cycle() { throw WiringError.cycle(path: cycle.map(\.step), requestedAt: nil) }
    }

    /// The definitions from the outermost resolution down to this frame.
    var path: [DefinitionInfo] {
        var infos = [info]
        var next = parent
        while let frame = next {
            infos.append(frame.pointee.info)
            next = frame.pointee.parent
        }
        return infos.reversed()
    }

    /// The current resolution path, outermost first (empty outside any resolution): the async
    /// resolution this task is part of, if any, then the synchronous one on this thread.
    static var currentPath: [DefinitionInfo] {
        (AsyncFrame.current?.path ?? []) + (current?.pointee.path ?? [])
    }

    /// The first repeated stretch of the path, if a definition on it is already being built
    /// further out: `[A, B, A]` for a path `X → A → B → A → B …`, whichever frame finds it.
    func cycle() -> [DefinitionInfo]? {
        let infos = path
        var firstSeen: [DefinitionID: Int] = [:]
        firstSeen.reserveCapacity(infos.count)
        for (index, info) in infos.enumerated() {
            if let start = firstSeen.updateValue(index, forKey: info.id) {
                return Array(infos[start...index])
            }
        }
        return nil
    }
}
