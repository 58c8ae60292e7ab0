// swift-tools-version:6.0
import PackageDescription

// eventlint has no package dependencies: everything is built from the toolchain and zlib alone.
//
// Targets, in the order data flows:
//   EventLintKit  the core: JSON reading → plan loading → plan checks → export reading →
//                 stream checks → budget → SQL generation → reports. It never prints, exits,
//                 reads argv or the environment, and reads only the bytes or paths it is handed.
//   EventLintCLI  the front end: commands, the option table and usage text, file, git and
//                 process I/O, and the one mapping from errors to exit status.
//   eventlint     the executable: a thin main.swift around EventLintCLI.
let strictSettings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "eventlint",
    products: [
        .executable(name: "eventlint", targets: ["eventlint"]),
        .library(name: "EventLintKit", targets: ["EventLintKit"]),
    ],
    targets: [
        // zlib from the system (Debian: `apt-get install zlib1g-dev`), for gzip-compressed exports.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "EventLintKit", dependencies: ["CZlib"], path: "Sources/EventLintKit",
                swiftSettings: strictSettings),
        .target(name: "EventLintCLI", dependencies: ["EventLintKit"], path: "Sources/EventLintCLI",
                swiftSettings: strictSettings),
        .executableTarget(name: "eventlint", dependencies: ["EventLintCLI", "EventLintKit"], path: "Sources/eventlint",
                          swiftSettings: strictSettings),
        .testTarget(
            name: "EventLintKitTests",
            dependencies: ["EventLintKit", "EventLintCLI", "CZlib"],
            path: "Tests/EventLintKitTests",
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ]
)
