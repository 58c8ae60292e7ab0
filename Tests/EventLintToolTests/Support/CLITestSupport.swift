import EventLintTestSupport
import Foundation
import Glibc
import Testing

/// Runs the built `eventlint` executable, as a user or a CI job would, and captures what it
/// printed and how it exited.
enum EventLintBinary {
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The built executable (`EventLintExecutable.url`).
    static var url: URL? { EventLintExecutable.url }

    /// Runs `eventlint ARGUMENTS` in `directory` (the repository root by default, so paths in
    /// the output are relative like `samples/plans/…`). Records an issue and returns nil when the
    /// executable is missing.
    static func run(
        _ arguments: [String], in directory: URL = Repository.root,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Output? {
        guard let url else {
            Issue.record(
                """
                the eventlint executable was not found next to the test bundle or at \
                \(Repository.root.path)/.build/debug/eventlint; run `swift build` first
                """, sourceLocation: sourceLocation)
            return nil
        }
        // Output goes to files, not pipes, so a large report cannot fill a pipe and block the run.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Output(
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            status: process.terminationStatus)
    }
}

extension EventLintBinary {
    /// Runs a bash script with the executable as `$0` and `arguments` as `$1`…, in the repository
    /// root: for redirections and argv bytes that `Process` cannot give.
    static func shell(_ script: String, _ arguments: [String] = []) throws -> Output {
        let binary = try #require(url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, binary.path] + arguments
        process.currentDirectoryURL = Repository.root
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-shell-\(UUID())")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let errors = Pipe()
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }
}

/// Runs a program and returns its exit status (-1 when it could not be started).
func runProgram(_ arguments: [String]) -> Int32 {
    var pid = pid_t()
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard posix_spawn(&pid, arguments[0], nil, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
}
