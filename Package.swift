// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Wiring",
    // The floor, chosen deliberately (see README, "Platforms"): Wiring needs Swift 6.2, so Xcode 26,
    // which recommends iOS 15 as the lowest target and whose successor refuses anything lower.
    // iOS 15 / macOS 12 / tvOS 15 / watchOS 8 are also the first releases with Swift concurrency
    // in the OS: async resolution and task-local roots then run on the system runtime, not on
    // the back-deployment library an app would otherwise embed. Nothing in Wiring needs more:
    // no `Synchronization` (iOS 18), no generic types with parameter packs (iOS 17), no
    // typed-throws function types as metadata (iOS 18); Scripts/check-apple-floor.py keeps it so.
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
        // Test helpers (a Swift Testing trait, the global-root reset): add to test targets only.
        .library(name: "WiringTesting", targets: ["WiringTesting"]),
        // The server integrations, each behind a trait of the same name, so that an app that
        // depends only on `Wiring` resolves and fetches none of their packages (see
        // WiringOnTheServer). `WiringServiceLifecycle`: `lifecycleServices()`, `WiredService`,
        // `startBeforeServing` (swift-service-lifecycle only: a Vapor app, a worker).
        // `WiringHummingbird`: the request-scope middleware, with the lifecycle helpers.
        .library(name: "WiringServiceLifecycle", targets: ["WiringServiceLifecycle"]),
        .library(name: "WiringHummingbird", targets: ["WiringHummingbird", "WiringServiceLifecycle"]),
    ],
    traits: [
        .trait(name: "ServiceLifecycle", description: "The WiringServiceLifecycle product's code."),
        .trait(
            name: "Hummingbird", description: "The WiringHummingbird product's code (and WiringServiceLifecycle's).",
            enabledTraits: ["ServiceLifecycle"]),
        .default(enabledTraits: []),
    ],
    // Used only by the targets of the traits above, and only when their trait is enabled: with
    // the default traits, SwiftPM neither resolves nor fetches them.
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
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
        // Compiled empty unless its trait is enabled (each file is `#if ServiceLifecycle`).
        .target(
            name: "WiringServiceLifecycle",
            dependencies: [
                "Wiring",
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycle"])),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Compiled empty unless its trait is enabled (each file is `#if Hummingbird`).
        .target(
            name: "WiringHummingbird",
            dependencies: [
                "Wiring",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Example",
            dependencies: ["Wiring"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Faults the churn tests inject into their own exit-test processes (seccomp, no pthread
        // keys left). Test support only: no product exports it.
        .target(name: "WiringTestShims", path: "Tests/WiringTestShims"),
        // A tool whose module is written in `main.swift` top-level code (main-actor code), resolved
        // from threads while the main thread waits; `IsolationShapeTests` runs it. Test support
        // only: no product exports it.
        .executableTarget(
            name: "TopLevelModules",
            dependencies: ["Wiring"],
            path: "Tests/Fixtures/TopLevelModules",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "WiringTests",
            dependencies: ["Wiring", "_WiringShims", "WiringTestShims"],
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

// The DocC catalog is built with `WIRING_DOCC=1 swift package generate-documentation --target
// Wiring` (CI does). The plugin is added only then, so it never becomes a dependency of users.
if Context.environment["WIRING_DOCC"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
