/// One step of an async resolution, carried across `await`s in a task-local value.
///
/// An async definition is built in a task of its own (see `AsyncEntry`), which inherits the
/// frames of the task that started the build. So a nested `resolve()` or `resolveAsync()` inside
/// an async factory, before or after any `await` and on whichever thread the task resumes, knows
/// its container, its path and whether it closes a cycle. A task that merely waits for a single
/// that another task builds has no frame of that single: waiting is not a cycle.
final class AsyncFrame: Sendable {
    let container: DependencyContainer
    let info: DefinitionInfo
    let parent: AsyncFrame?
    /// Fails the build this frame belongs to: how a nested, non-throwing `resolveAsync()` that
    /// cannot go on reports its error to whoever awaits the build (see `AsyncEntry`).
    let fail: @Sendable (WiringError) -> Void

    @TaskLocal static var current: AsyncFrame?

    init(
        container: DependencyContainer, info: DefinitionInfo, parent: AsyncFrame?,
        fail: @escaping @Sendable (WiringError) -> Void
    ) {
        self.container = container
        self.info = info
        self.parent = parent
        self.fail = fail
    }

    /// The definitions from the outermost async resolution down to this frame.
    var path: [DefinitionInfo] {
        var infos: [DefinitionInfo] = []
        var next: AsyncFrame? = self
        while let frame = next {
            infos.append(frame.info)
            next = frame.parent
        }
        return infos.reversed()
    }

    /// The cycle that building `info` here would close, `[A, B, A]`, if `info` is being built
    /// further out in this task's lineage.
    func cycle(closedBy info: DefinitionInfo) -> [DefinitionInfo]? {
        let infos = path
        guard let start = infos.firstIndex(where: { $0 === info }) else { return nil }
        return Array(infos[start...]) + [info]
    }
}
