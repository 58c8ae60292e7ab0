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
//   EventLintPlugin   a build-tool plugin for app targets: Tracking.swift generated from the plan.
//   EventLintCommand  a command plugin: `swift package eventlint check`.
let strictSettings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "eventlint",
    products: [
        .executable(name: "eventlint", targets: ["eventlint"]),
        .library(name: "EventLintKit", targets: ["EventLintKit"]),
        .plugin(name: "EventLintPlugin", targets: ["EventLintPlugin"]),
        .plugin(name: "EventLintCommand", targets: ["EventLintCommand"]),
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
        .plugin(
            name: "EventLintPlugin", capability: .buildTool(), dependencies: ["eventlint"],
            path: "Sources/EventLintPlugin"),
        .plugin(
            name: "EventLintCommand",
            capability: .command(
                intent: .custom(verb: "eventlint", description: "run eventlint (default: check) on the package's plan")),
            dependencies: ["eventlint"], path: "Sources/EventLintCommand"),
        // What both test targets share (the repository's folders, plan copies, export lines,
        // scratch directories): plain code on the library's public API, no Testing, no @testable.
        .target(
            name: "EventLintTestSupport", dependencies: ["EventLintKit"], path: "Tests/EventLintTestSupport",
            swiftSettings: strictSettings),
        // In-process tests: the library and the command front end called directly.
        .testTarget(
            name: "EventLintKitTests",
            dependencies: ["EventLintKit", "EventLintCLI", "EventLintTestSupport", "CZlib"],
            path: "Tests/EventLintKitTests",
            swiftSettings: strictSettings
        ),
        // Tests that run the built executable or another program: Python, DuckDB, a browser, git,
        // swiftc, tmux, bash.
        .testTarget(
            name: "EventLintToolTests",
            dependencies: ["EventLintKit", "EventLintCLI", "EventLintTestSupport", "CZlib"],
            path: "Tests/EventLintToolTests",
            swiftSettings: strictSettings
        ),
    ]
)
