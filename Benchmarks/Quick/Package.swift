// swift-tools-version: 6.1
import PackageDescription

// A small harness for instruction work on Wiring's core: it builds in release in about a minute
// (the Benchmarks package's fixtures take 15-20), so a change can be counted before it is
// measured by `../Scripts/instruction-counts.py`. Its figures track that script's within a few
// percent; the note of a change quotes the script's. Run `./measure.sh singleton factory`.
let package = Package(
    name: "WiringQuick",
    dependencies: [.package(name: "Wiring", path: "../../")],
    targets: [
        // The fixtures live in a module of their own, as the Benchmarks' do: Wiring's inlinable
        // code is specialized across a module boundary, as in an app.
        .target(
            name: "QuickFixtures", dependencies: [.product(name: "Wiring", package: "Wiring")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "Quick", dependencies: ["QuickFixtures", .product(name: "Wiring", package: "Wiring")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
