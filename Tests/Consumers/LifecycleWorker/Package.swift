// swift-tools-version: 6.2
// A worker on swift-service-lifecycle without Hummingbird (as a Vapor app would be): it adds
// Wiring by URL with the `ServiceLifecycle` trait and gets the lifecycle helpers, and no
// Hummingbird. CI (`.ci/run`) points WIRING_URL at a tagged local clone.
import Foundation
import PackageDescription

let wiring = ProcessInfo.processInfo.environment["WIRING_URL"] ?? "https://github.com/wiring-swift/Wiring.git"

let package = Package(
    name: "LifecycleWorker",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: wiring, from: "0.2.0", traits: ["ServiceLifecycle"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "LifecycleWorker",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringServiceLifecycle", package: "Wiring"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
