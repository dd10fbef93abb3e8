// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Wiring",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
        // Test helpers (a Swift Testing trait, the global-root reset): add to test targets only.
        .library(name: "WiringTesting", targets: ["WiringTesting"]),
    ],
    targets: [
        // Atomic loads/stores and a thread-local slot, the two things Swift's standard library
        // does not offer on every platform Wiring supports. Not API: imported `internal`.
        .target(name: "_WiringShims"),
        .target(
            name: "Wiring",
            dependencies: ["_WiringShims"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "WiringTesting",
            dependencies: ["Wiring"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Example",
            dependencies: ["Wiring"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "WiringTests",
            dependencies: ["Wiring"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "WiringTestingTests",
            dependencies: ["Wiring", "WiringTesting"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The DIKit README's snippets as a Swift 5 app writes them (`static var` modules).
        .testTarget(
            name: "WiringSwift5Tests",
            dependencies: ["Wiring"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
