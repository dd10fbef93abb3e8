// swift-tools-version: 6.1
// An example server: Wiring's request scopes in a Hummingbird 2 app. Its own package, so the
// library never depends on Hummingbird.
import PackageDescription

let package = Package(
    name: "Server",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // As a server adds Wiring by URL (see WiringOnTheServer), by path here: the trait gives
        // the products `WiringHummingbird` and `WiringServiceLifecycle`.
        .package(name: "Wiring", path: "../..", traits: ["Hummingbird"]),
    ],
    targets: [
        // The app: its modules, routes and the hand-wired twin it is measured against.
        .target(
            name: "App",
            dependencies: [
                .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Wiring", package: "Wiring"),
            ]),
        .executableTarget(name: "Server", dependencies: ["App"]),
        // What a request costs the app in process, without the network (see its main.swift).
        .executableTarget(
            name: "RouteCost",
            dependencies: [
                "App",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Wiring", package: "Wiring"),
            ]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "App",
                .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringTesting", package: "Wiring"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
