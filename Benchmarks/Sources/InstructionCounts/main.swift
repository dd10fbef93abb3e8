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
scenario(1)
scenario(count)
