import Foundation
import Testing
import Wiring

/// What the testing article promises of a task's root (`withRoot`): the task and the tasks it
/// creates see it; `Task.detached` and a `Thread` do not, and read the global root instead;
/// detached work given the container resolves from it.
@Suite(.timeLimit(.minutes(1))) struct TaskRootReachTests {
    final class Store: Sendable {}

    @Test func theTaskAndItsChildTasksSeeItDetachedWorkGivenTheContainerToo() async {
        let container = module { single { Store() } }
        let store: Store = container.resolve()
        await DependencyContainer.withRoot(container) {
            #expect(resolve() as Store === store)
            #expect(await Task { resolve() as Store }.value === store)
            let given = container
            #expect(await Task.detached { given.resolve() as Store }.value === store)
        }
    }

    /// In a process of its own, where no global root is defined: the detached task's and the
    /// thread's `resolve()` read the global root and stop, naming it.
    @Test func aDetachedTaskReadsTheGlobalRoot() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { TaskRootReachTests.Store() } }
            await DependencyContainer.withRoot(container) {
                _ = resolve() as TaskRootReachTests.Store
                _ = await Task.detached { resolve() as TaskRootReachTests.Store }.value
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("cannot resolve `Store`: no root container is defined yet"))
        }
    }

    @Test func aThreadReadsTheGlobalRoot() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = module { single { TaskRootReachTests.Store() } }
            DependencyContainer.withRoot(container) {
                _ = resolve() as TaskRootReachTests.Store
                let done = DispatchSemaphore(value: 0)
                Thread {
                    _ = resolve() as TaskRootReachTests.Store
                    done.signal()
                }.start()
                done.wait()
            }
        }.map { result in
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("cannot resolve `Store`: no root container is defined yet"))
        }
    }
}
