// swift-tools-version:6.0
import PackageDescription

// eventlint has no package dependencies: everything is built from the toolchain and zlib alone.
let package = Package(
    name: "eventlint",
    products: [
        .executable(name: "eventlint", targets: ["eventlint"]),
        .library(name: "EventLintKit", targets: ["EventLintKit"]),
    ],
    targets: [
        // zlib from the system (Debian: `apt-get install zlib1g-dev`), for gzip-compressed exports.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "EventLintKit", dependencies: ["CZlib"], path: "Sources/EventLintKit"),
        .executableTarget(name: "eventlint", dependencies: ["EventLintKit"], path: "Sources/eventlint"),
        .testTarget(
            name: "EventLintKitTests",
            dependencies: ["EventLintKit", "CZlib"],
            path: "Tests/EventLintKitTests",
            exclude: ["Fixtures"]
        ),
    ]
)
