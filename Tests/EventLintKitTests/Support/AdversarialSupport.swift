import EventLintTestSupport
import Foundation
import Glibc
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Runs `eventlint lint --format json` in process on hostile input and reads back what a user or
/// CI would act on: the findings (rule, line, column, notes), the summary's line accounting, the
/// exit status, and the rejects file. The same code path as the executable, minus the process.
enum AdversarialLint {
    /// One finding as the JSON report shows it.
    struct Shown: Hashable, CustomStringConvertible {
        var rule: String
        var line: Int
        var column: Int
        var message = ""
        var notes: [String] = []
        var byteOffset: Int64?

        var description: String { "\(rule) \(line):\(column)" }
        /// The part tests compare: rule id and position.
        var position: String { description }
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var findings: [Shown]
        var linesRead = 0
        var validLines = 0
        var invalidLines = 0
        var blankLines = 0
        var notAnalyticsLines = 0
        var oversizeLines = 0
        var eventsChecked = 0
        /// Records of `--rejects`, when asked for.
        var rejects: [[String: Any]] = []

        /// Findings of the reading stages (JSON and export framing), which these tests pin exactly.
        var inputFindings: [String] {
            findings.filter { $0.rule.hasPrefix("json/") || $0.rule.hasPrefix("export/") }.map(\.position)
        }

        /// The summary adds up: every line is valid, invalid, blank or not analytics.
        var accountingAddsUp: Bool { linesRead == validLines + invalidLines + blankLines + notAnalyticsLines }
    }

    /// Lints `bytes` written to a fresh file.
    static func lint(_ bytes: [UInt8], _ arguments: [String] = [], rejects: Bool = true) -> Outcome {
        let directory = TemporaryDirectory()
        let path = directory.write("export.ndjson", bytes)
        return lint(path: path, arguments, rejects: rejects)
    }

    /// Lints a file that already exists (large inputs are written by the test itself).
    static func lint(path: String, _ arguments: [String] = [], rejects: Bool = true) -> Outcome {
        let rejectsPath = path + ".rejects"
        var command = ["lint", "--schema", Repository.enginePlan.path, "--format", "json"]
        // One job unless the test asks for more.
        if !arguments.contains("--jobs") { command += ["--jobs", "1"] }
        if rejects { command += ["--rejects", rejectsPath] }
        let result = EventLintCLI.run(command + arguments + [path], environment: CommandEnvironment())
        var outcome = Outcome(status: result.status, stdout: result.stdout, stderr: result.stderr, findings: [])
        // The rejects file is written while the lines are read.
        if rejects, let contents = FileManager.default.contents(atPath: rejectsPath) {
            outcome.rejects = contents.split(separator: UInt8(ascii: "\n")).compactMap {
                try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
            }
            try? FileManager.default.removeItem(atPath: rejectsPath)
        }
        guard !result.stdout.isEmpty,
            let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { return outcome }
        for item in document["findings"] as? [[String: Any]] ?? [] {
            let notes = (item["notes"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            outcome.findings.append(
                Shown(
                    rule: item["rule"] as? String ?? "", line: item["line"] as? Int ?? 0,
                    column: item["column"] as? Int ?? 0,
                    message: item["message"] as? String ?? "", notes: notes,
                    byteOffset: (item["byteOffset"] as? NSNumber)?.int64Value))
        }
        let summary = document["summary"] as? [String: Any] ?? [:]
        outcome.linesRead = summary["linesRead"] as? Int ?? -1
        outcome.validLines = summary["validLines"] as? Int ?? -1
        outcome.invalidLines = summary["invalidLines"] as? Int ?? -1
        outcome.blankLines = summary["blankLines"] as? Int ?? -1
        // Not in the summary of an empty input.
        outcome.notAnalyticsLines = summary["notAnalyticsLines"] as? Int ?? 0
        outcome.oversizeLines = summary["oversizeLines"] as? Int ?? -1
        outcome.eventsChecked = summary["eventsChecked"] as? Int ?? -1
        return outcome
    }

    /// Multi-GB cases run only when `EVENTLINT_BIG_TESTS=1`; each has a small-scale twin that
    /// always runs.
    static var bigTestsEnabled: Bool { ProcessInfo.processInfo.environment["EVENTLINT_BIG_TESTS"] == "1" }

}
