// swift-tools-version: 6.1
import PackageDescription

// Wiring's benchmarks: a separate package so that package-benchmark, Swinject and
// swift-dependencies never reach Wiring's users. Run with `swift package benchmark` from this
// folder; `Scripts/instruction-counts.py` counts instructions per operation under callgrind.
let package = Package(
    name: "WiringBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Wiring", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        // The graph of every scenario, for each library and by hand.
        .target(
            name: "Fixtures",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                // `withGlobalRoot`, for the start-up scenarios that install the global root.
                .product(name: "WiringTesting", package: "Wiring"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Sources/Fixtures",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Wall clock and mallocs, with package-benchmark.
        .executableTarget(
            name: "Resolution",
            dependencies: [
                "Fixtures",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringTesting", package: "Wiring"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Benchmarks/Resolution",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Runs one scenario N times, for Scripts/instruction-counts.py to run under callgrind.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [
                "Fixtures",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Sources/InstructionCounts",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
