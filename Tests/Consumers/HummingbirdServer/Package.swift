// swift-tools-version: 6.2
// A Hummingbird server that adds Wiring by URL with the `Hummingbird` trait and gets the
// request-scope middleware and the lifecycle helpers. CI (`.ci/run`) points WIRING_URL at a
// tagged local clone.
import Foundation
import PackageDescription

let wiring = ProcessInfo.processInfo.environment["WIRING_URL"] ?? "https://github.com/wiring-swift/Wiring.git"

let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: wiring, from: "0.2.0", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdServer",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
