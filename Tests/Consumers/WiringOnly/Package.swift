// swift-tools-version: 6.2
// An app that adds only `Wiring`, by URL, as users do: CI (`.ci/run`) points WIRING_URL at a
// tagged local clone and checks that nothing else is resolved or fetched.
import Foundation
import PackageDescription

let wiring = ProcessInfo.processInfo.environment["WIRING_URL"] ?? "https://github.com/wiring-swift/Wiring.git"

let package = Package(
    name: "WiringOnly",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: wiring, from: "0.2.0")],
    targets: [
        .executableTarget(name: "WiringOnly", dependencies: [.product(name: "Wiring", package: "Wiring")])
    ],
    swiftLanguageModes: [.v6]
)
