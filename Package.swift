// swift-tools-version:6.0
import PackageDescription

// eventlint has no package dependencies: everything is built from the toolchain alone.
let package = Package(
    name: "eventlint",
    products: [
        .executable(name: "eventlint", targets: ["eventlint"]),
        .library(name: "EventLintKit", targets: ["EventLintKit"]),
    ],
    targets: [
        .target(name: "EventLintKit", path: "Sources/EventLintKit"),
        .executableTarget(name: "eventlint", dependencies: ["EventLintKit"], path: "Sources/eventlint"),
        .testTarget(
            name: "EventLintKitTests",
            dependencies: ["EventLintKit"],
            path: "Tests/EventLintKitTests",
            exclude: ["Fixtures"]
        ),
    ]
)
