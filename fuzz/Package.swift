// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for eventlint, kept out of the main package so `swift test` never builds
// them. Build and run them only through `fuzz/run.sh` (see fuzz/README.md): the plain
// `swift build` of these targets links an empty `main` and fuzzes nothing.
let package = Package(
    name: "eventlint-fuzz",
    dependencies: [.package(name: "eventlint", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzCaptureReader",
            dependencies: [.product(name: "EventLintKit", package: "eventlint")],
            path: "Sources/FuzzCaptureReader"),
        .executableTarget(
            name: "FuzzJSONReader",
            dependencies: [.product(name: "EventLintKit", package: "eventlint")],
            path: "Sources/FuzzJSONReader"),
        .executableTarget(
            name: "FuzzLineFraming",
            dependencies: [.product(name: "EventLintKit", package: "eventlint")],
            path: "Sources/FuzzLineFraming"),
        .executableTarget(
            name: "FuzzLint",
            dependencies: [.product(name: "EventLintKit", package: "eventlint")],
            path: "Sources/FuzzLint"),
        .executableTarget(
            name: "FuzzPlanLoader",
            dependencies: [.product(name: "EventLintKit", package: "eventlint")],
            path: "Sources/FuzzPlanLoader"),
    ]
)
