// swift-tools-version: 6.2
import PackageDescription
import Foundation

// Xcode 26's app defaults: main-actor isolation, and with `WIRING_APPROACHABLE=1` the
// "Approachable Concurrency" features a new project turns on too. CI builds and tests both.
var appSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
if ProcessInfo.processInfo.environment["WIRING_APPROACHABLE"] == "1" {
    appSettings += [
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}

// An app as Xcode 26 makes it: every target main-actor isolated by default (SE-0466). UIKit and
// SwiftUI are not on Linux, so screens and view models are plain `@MainActor` classes; the
// Wiring code is what an iOS app writes. CI builds it, runs it and runs its tests.
let package = Package(
    name: "WiringApp",
    platforms: [.iOS(.v15), .macOS(.v12)],
    dependencies: [.package(name: "Wiring", path: "../..")],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [.product(name: "Wiring", package: "Wiring")],
            swiftSettings: appSettings
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringTesting", package: "Wiring"),
            ],
            swiftSettings: appSettings
        ),
    ]
)
