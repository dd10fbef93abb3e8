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
// With `INSTRUCTION_COUNTS_TIMED` set, the run after the warm-up is timed by the monotonic clock
// and its nanoseconds printed (`elapsed-ns N`), for wall-clock A/B runs of two builds.
let timed = getenv("INSTRUCTION_COUNTS_TIMED") != nil
let run: @Sendable () -> Void = {
    scenario(1)
    let start = ContinuousClock.now
    scenario(count)
    let elapsed = ContinuousClock.now - start
    if timed {
        let (seconds, attoseconds) = elapsed.components
        print("elapsed-ns \(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)")
    }
}
if getenv("INSTRUCTION_COUNTS_THREAD") != nil {
    onThreadOfItsOwn(run)
} else {
    run()
}
