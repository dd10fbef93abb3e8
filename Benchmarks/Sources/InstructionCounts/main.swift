import Dependencies
import Fixtures
import Swinject
import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `InstructionCounts SCENARIO N` runs one scenario N times and exits. Scripts/instruction-counts.py
// runs it under callgrind at two values of N; the difference, divided by the difference in N,
// is the cost of one operation without the start-up both runs share.

DependencyContainer.defined(by: wiringModule)

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    print("usage: InstructionCounts SCENARIO N   (scenarios: \(scenarios.keys.sorted().joined(separator: ", ")))")
    exit(2)
}
guard let scenario = scenarios[arguments[1]] else {
    print("unknown scenario \(arguments[1])")
    exit(2)
}
// One warm-up run builds the singletons and caches, as the benchmarks' warm-up iterations do.
// With `INSTRUCTION_COUNTS_THREAD` set, both run on a thread of their own, as package-benchmark
// runs its closures: off the main thread, glibc allocates from a per-thread arena, which gives
// memory back with `madvise` rather than `brk` (see `Scripts/start-up-wall-clock.py --thread`).
if getenv("INSTRUCTION_COUNTS_THREAD") != nil {
    onThreadOfItsOwn {
        scenario(1)
        scenario(count)
    }
} else {
    scenario(1)
    scenario(count)
}

/// Runs `body` on a new thread and waits for it to end.
func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
    final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let created = pthread_create(&thread, nil, { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    guard created == 0 else {
        print("pthread_create failed: \(created)")
        exit(1)
    }
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    pthread_join(thread!, nil)
    #endif
}
