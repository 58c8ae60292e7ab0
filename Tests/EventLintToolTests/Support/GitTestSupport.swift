import Foundation
import Testing

/// A temporary git repository for tests of `--base REF` and of the CI scripts: files are
/// written with `write`, committed with `commit`; git runs with a fixed identity and without
/// the user's configuration.
struct GitRepository {
    let url: URL

    static var gitAvailable: Bool {
        ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A new repository whose first branch is `main`.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-repo-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
    }

    /// A clone of `upstream` (so `origin/main` exists, as in a CI checkout).
    init(cloning upstream: GitRepository) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-clone-" + UUID().uuidString)
        try upstream.git("clone", "-q", upstream.url.path, url.path)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `path` (relative to the repository), creating folders.
    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func delete(_ path: String) throws {
        try FileManager.default.removeItem(at: url.appendingPathComponent(path))
    }

    /// Stages everything and commits it.
    func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message)
    }

    /// Runs git in the repository; a failure is an error carrying git's output.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try run(["git"] + arguments)
    }

    struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a command in the repository with git's identity fixed and the user's config ignored.
    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        let (status, text) = try runWithStatus(arguments, environment: extra)
        guard status == 0 else {
            throw CommandFailed(description: "\(arguments.joined(separator: " ")) exited \(status): \(text)")
        }
        return text
    }

    /// Runs a command and returns its exit status and its output (stdout and stderr together).
    func runWithStatus(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = url
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-git-out-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }
}

/// A small plan for tests that need a real repository: two files, so a removal can be shown on
/// the file that remains.
enum SmallPlan {
    static let params = """
        {
          params: {
            screen: { type: 'string', values: ['home', 'timer'] },
            minutes: { type: 'int', min: 0, max: 120 },
          },
        }

        """

    static let events = """
        {
          events: {
            timer_started: { params: { screen: 'required', minutes: 'optional' } },
            timer_closed: { params: { screen: 'required' } },
          },
        }

        """
}
