internal import Dispatch

/// The build of a main-actor definition: a closure whose type is `@MainActor`
/// (`single { @MainActor in … }`, or a `@MainActor` type's constructor given to `singleOf`). The
/// compiler picks these definitions by the closure's type; nothing here reads where it was written.
///
/// Such a closure runs only where the main actor runs. Resolved there, it is built at once, with
/// no `await`: the caller is on the main actor already, so the build is entered with
/// `MainActor.assumeIsolated`, which checks it again. Resolved anywhere else, the build throws
/// ``WiringError/mainActorIsolated(type:tag:path:definedAt:requestedAt:)`` before the closure
/// runs; `resolveAsync()` catches that and builds on the main actor instead.
@usableFromInline
enum MainActorBuild {
    /// Whether the caller runs where the main actor does: on the main queue, which is the main
    /// thread until it calls `dispatchMain()` and then, on Linux (an `async` main, a test
    /// runner), whichever thread drains it. A block of another queue is not, even on the main
    /// thread: a main-actor build is refused there, never run beside the main actor.
    static var isOnMainActor: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    /// Set on the main queue only, the first time it is needed.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Throws the error that names the definition (`type`, `tag`, `file`:`line`) unless the
    /// caller is on the main actor.
    @usableFromInline
    static func check(_ type: Any.Type, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt) throws {
        guard isOnMainActor else {
            ResolutionFrame.current?.container.verification?.didReachMainActor()
            throw WiringError.mainActorIsolated(
                type: typeName(type), tag: tag.map { Tag($0).description },
                path: ResolutionFrame.currentPath.map(\.step), definedAt: CodeLocation(file, line), requestedAt: nil)
        }
    }

    /// Runs `body` on the main actor if the caller is on it; throws the error that names the
    /// definition (`type`, `tag`, `file`:`line`) otherwise.
    static func run<Result>(
        _ type: Any.Type, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt,
        _ body: @MainActor () throws -> Result
    ) throws -> Result {
        try check(type, tag: tag, file: file, line: line)
        // The result leaves the main actor only to return to this caller, which is on it.
        nonisolated(unsafe) var result: Result?
        try MainActor.assumeIsolated { result = try body() }
        return result.unsafelyUnwrapped
    }

    /// Runs `body` now if the caller is on the main actor; queues it to the main actor if not
    /// (a close callback of a main-actor instance, when a scope closes elsewhere).
    static func runOnMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(body)
        } else {
            Task { @MainActor in body() }
        }
    }
}
