import EventLintKit
import Foundation

/// Reads the plan a change is compared with (`--base`): a directory, or the plan directory as it
/// is at a git ref (`origin/main`, `HEAD~1`) of the repository the current plan lives in. Files
/// read from git are named `REF:path/in/repo` (`origin/main:schema/params.json5`), so a finding
/// about something removed points where it was.
public enum BaseLoader {
    /// The base's plan sources. A value naming an existing directory is read as a directory;
    /// anything else is a git ref.
    public static func readSources(base: String, schemaDirectory: String) throws(LoadError) -> [PlanSource] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), isDirectory.boolValue {
            return try PlanFiles.read(directory: base)
        }
        return try readFromGit(ref: base, schemaDirectory: schemaDirectory)
    }

    /// `git -C DIR rev-parse --show-prefix` gives the plan directory's path inside its
    /// repository; `git ls-tree --name-only REF:PREFIX` (run at `--show-toplevel`) lists it at
    /// the ref, `git show REF:PREFIX/NAME` reads each plan file.
    static func readFromGit(ref: String, schemaDirectory: String) throws(LoadError) -> [PlanSource] {
        guard !ref.isEmpty, !ref.hasPrefix("-") else {
            throw LoadError(message: "--base \"\(ref)\" is neither a directory nor a git ref")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: schemaDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LoadError(message: "plan directory \"\(schemaDirectory)\" does not exist")
        }
        let prefixOutput = try git(["-C", schemaDirectory, "rev-parse", "--show-prefix"], what: "find the git repository of \"\(schemaDirectory)\"")
        var prefix = text(prefixOutput).trimmingCharacters(in: .newlines)
        if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
        // ls-tree filters by the working directory's prefix, so list and read from the top level.
        let topLevel = text(try git(["-C", schemaDirectory, "rev-parse", "--show-toplevel"],
                                    what: "find the git repository of \"\(schemaDirectory)\""))
            .trimmingCharacters(in: .newlines)
        let listing = try git(["-C", topLevel, "ls-tree", "--name-only", "\(ref):\(prefix)"],
                              what: "list \"\(prefix.isEmpty ? "." : prefix)\" at \"\(ref)\"")
        let names = text(listing).split(separator: "\n").map(String.init)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }.sorted()
        guard !names.isEmpty else {
            throw LoadError(message: "no plan files (*.json, *.json5) in \"\(prefix)\" at \"\(ref)\"")
        }
        var sources: [PlanSource] = []
        for name in names {
            let path = "\(ref):\(prefix)\(name)"
            let bytes = try git(["-C", topLevel, "show", path], what: "read \"\(path)\"")
            sources.append(PlanSource(path: path, bytes: bytes))
        }
        return sources
    }

    /// git's output as text, without repairing invalid UTF-8 (a path git prints that is not
    /// UTF-8 is shown escaped instead).
    static func text(_ bytes: [UInt8]) -> String {
        String(validating: bytes, as: UTF8.self) ?? bytes.withUnsafeBytes { LineIndex.escapedRendering($0) }
    }

    /// Runs git and returns its standard output; a failure carries git's own message.
    static func git(_ arguments: [String], what: String) throws(LoadError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Settings for git go through env(1), so the library itself never reads the environment.
        process.arguments = ["GIT_TERMINAL_PROMPT=0", "LC_ALL=C", "git"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw LoadError(message: "cannot run git to \(what): \(error.localizedDescription)")
        }
        // Read both pipes to the end before waiting, so a large file cannot fill a pipe and stall git.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = text([UInt8](errorData.finish())).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            if process.terminationStatus == 127 {
                throw LoadError(message: "cannot \(what): git is not installed")
            }
            throw LoadError(message: "cannot \(what): \(message.isEmpty ? "git failed" : message)")
        }
        return [UInt8](data)
    }
}

/// Drains a pipe on a background thread.
private final class ErrorCollector: @unchecked Sendable {
    private let handle: FileHandle
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        self.handle = handle
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
