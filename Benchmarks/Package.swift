// swift-tools-version: 6.1
import PackageDescription

// Wiring's benchmarks: a separate package so that package-benchmark and Swinject never reach
// Wiring's users. Run with `swift package benchmark` from this folder.
let package = Package(
    name: "WiringBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Wiring", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "Resolution",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/Resolution",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
