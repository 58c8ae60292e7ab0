import Foundation

/// Where the build put the `eventlint` executable.
public enum EventLintExecutable {
    /// The executable next to the test bundle (the build's products directory), or under
    /// `.build/debug` of the repository when the bundle lives elsewhere.
    public static let url: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("eventlint"))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("eventlint"))
        }
        candidates.append(Repository.root.appendingPathComponent(".build/debug/eventlint"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
