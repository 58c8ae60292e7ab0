import Foundation

/// Python for the checks that use its libraries: `python3` from PATH, and a Python that can
/// import sqlglot.
public enum Python {
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A Python that can import sqlglot: `EVENTLINT_SQL_PYTHON`, the differential test's venv, or
    /// `python3`. Nil when none can (the test is then skipped).
    public static let sqlglot: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let explicit = environment["EVENTLINT_SQL_PYTHON"] { candidates.append(explicit) }
        let temporary = environment["TMPDIR"] ?? "/tmp"
        if let venv = environment["EVENTLINT_SQL_VENV"] { candidates.append(venv + "/bin/python") }
        candidates.append(temporary + "/eventlint-sql-venv/bin/python")
        candidates.append("/usr/bin/env")
        for candidate in candidates {
            let arguments =
                candidate == "/usr/bin/env" ? ["python3", "-c", "import sqlglot"] : ["-c", "import sqlglot"]
            guard FileManager.default.isExecutableFile(atPath: candidate),
                (try? run(candidate, arguments, input: ""))?.status == 0
            else { continue }
            return candidate
        }
        return nil
    }()

    public static func run(_ executable: String, _ arguments: [String], input: String) throws -> (
        status: Int32, output: String
    ) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-sqlglot-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("in.sql")
        let outURL = scratch.appendingPathComponent("out")
        try input.write(to: inURL, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        let out = try FileHandle(forWritingTo: outURL)
        process.standardOutput = out
        process.standardError = out
        try process.run()
        process.waitUntilExit()
        try out.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: outURL), as: UTF8.self))
    }

    /// A Python that can import duckdb and sqlglot: the SQL differential's venv
    /// (`EVENTLINT_SQL_VENV`, or `eventlint-sql-venv` in the temporary directory), or nil.
    public static let duckdb: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let venv = environment["EVENTLINT_SQL_VENV"] { candidates.append(venv + "/bin/python") }
        candidates.append((environment["TMPDIR"] ?? "/tmp") + "/eventlint-sql-venv/bin/python")
        return candidates.first { candidate in
            FileManager.default.isExecutableFile(atPath: candidate)
                && (try? run(candidate, ["-c", "import duckdb, sqlglot"], input: ""))?
                    .status == 0
        }
    }()
}
