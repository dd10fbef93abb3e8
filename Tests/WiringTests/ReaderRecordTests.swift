import Testing
import Wiring
import WiringTestShims
import _WiringShims

private final class Plain: Sendable {}
private final class Swapped: Sendable {}

/// The container the C thread bodies below resolve from (a C function pointer captures nothing).
nonisolated(unsafe) private var threadContainer: DependencyContainer?
/// Whether the record a thread-exit destructor read through was owned when it read it.
nonisolated(unsafe) private var ownedAtExit: Int32 = -1
nonisolated(unsafe) private var resolvedAtExit = false
/// How many of the threads below got their nested resolve from their own container.
nonisolated(unsafe) private var nestedFromOwnContainer = 0

/// Built by a factory whose closure resolves a `Plain` with a free `resolve()`.
private final class Holder: Sendable {
    let plain: Plain
    init(plain: Plain) { self.plain = plain }
}

/// The thread-local reader records and the epoch protocol under the faults a process meets
/// (issue 20, items 8–10): a thread-exit destructor that resolves, no pthread key left, an
/// expedited membarrier refused by a seccomp filter.
@Suite(.serialized) struct ReaderRecordTests {
    /// Item 8: Wiring's record is handed back at thread exit; a later destructor (another
    /// library's key, created after Wiring's) that resolves must not read through the record
    /// it handed back, which a new thread may own by then.
    @Test func aDestructorThatResolvesAtThreadExitOwnsItsRecord() {
        threadContainer = module { single { Plain() } }
        let status = wiring_test_run_on_thread({ _ in
            _ = threadContainer!.resolve() as Plain  // this thread's record exists now
            wiring_test_call_at_thread_exit {
                // Read as Wiring writes it, atomically: another thread may be looking for a
                // free record at the same moment.
                let record = UnsafeMutableRawPointer(wiring_reader())
                let inUse = MemoryLayout<wiring_reader_record>.offset(of: \.in_use).unsafelyUnwrapped
                ownedAtExit = wiring_test_load_int((record + inUse).assumingMemoryBound(to: Int32.self))
                resolvedAtExit = (threadContainer!.resolveOptional() as Plain?) != nil
            }
        }, nil)
        #expect(status == 0)
        #expect(ownedAtExit == 1)
        #expect(resolvedAtExit)
        threadContainer = nil
    }

    /// A record goes to a later thread once its thread exits, and what the old thread was
    /// resolving (its frames, on an object the record releases at exit) does not go with it:
    /// each new thread on a reused record starts with no frame, and its nested `resolve()` reads
    /// the container it resolves from. Threads one after another, so records are reused.
    @Test func aThreadOnAReusedRecordResolvesNestedFromItsOwnContainer() {
        nestedFromOwnContainer = 0
        for _ in 0..<20 {
            threadContainer = module {
                single { Plain() }
                factory { Holder(plain: resolve()) }
            }
            let status = wiring_test_run_on_thread({ _ in
                let holder = threadContainer!.resolve() as Holder
                if holder.plain === threadContainer!.resolve() as Plain { nestedFromOwnContainer += 1 }
            }, nil)
            #expect(status == 0)
        }
        #expect(nestedFromOwnContainer == 20)
        threadContainer = nil
    }

    /// Item 9: with no pthread key left, Wiring keeps each thread's record for good instead of
    /// writing into a key it does not own.
    @Test func noPthreadKeyLeftLeavesOtherKeysAlone() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            precondition(wiring_test_exhaust_pthread_keys() > 0)
            precondition(wiring_reader_mode() & 2 == 0, "Wiring claims a pthread key when none is left")
            threadContainer = module {
                single { Plain() }
                factory { Swapped() }
            }
            for _ in 0..<8 {
                let status = wiring_test_run_on_thread({ _ in
                    wiring_test_mark_pthread_keys()
                    _ = threadContainer!.resolve() as Plain
                    _ = threadContainer!.resolve() as Swapped
                    precondition(wiring_test_pthread_keys_intact() == 1, "another key's value was overwritten")
                }, nil)
                precondition(status == 0)
            }
        }
    }

    /// Item 10: a seccomp filter that allows the membarrier registration but refuses the
    /// expedited command makes Wiring's readers fence themselves, and changes of the root still
    /// free what they retire safely.
    @Test func aRefusedMembarrierFallsBackToFencedReaders() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            precondition(wiring_test_refuse_expedited_membarrier() == 0, "seccomp filter refused")
            precondition(wiring_reader_mode() & 1 == 0, "readers run unfenced though membarrier is refused")
            DependencyContainer.defined(by: module { single { Plain() } })
            let swap = module { single { Swapped() } }
            for _ in 0..<200 {
                DependencyContainer.load(swap)
                _ = resolve() as Swapped
                DependencyContainer.unload(swap)
                _ = resolve() as Plain
            }
        }
    }
}
