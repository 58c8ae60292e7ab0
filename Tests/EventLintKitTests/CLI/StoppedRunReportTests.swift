import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// A run that stops (its temporary files or its rejects file cannot be written) is still
/// reported in every format asked for, as one finding, as an unreadable input is; and no output
/// may be the file standard output already goes to.
@Suite struct StoppedRunReportTests {
    /// Every format but `text` on standard output, and each format again as an `--output` file.
    static func everyFormat(_ arguments: [String], environment: CommandEnvironment) -> [(ReportFormat, String)] {
        let directory = TemporaryDirectory()
        var reports: [(ReportFormat, String)] = []
        for format in ReportFormat.allCases where format != .text {
            let result = EventLintCLI.run(
                [
                    "lint", "--schema", Repository.enginePlan.path, "--format", format.rawValue, "--output",
                    "\(format.rawValue)=\(directory.path)/report.\(format.rawValue)",
                ] + arguments,
                environment: environment)
            #expect(result.status == 2, "\(format): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: cannot "), "\(format): \(result.stderr)")
            reports.append((format, result.stdout))
            reports += result.files.map { (format, $0.contents) }
        }
        return reports
    }

    @Test func aSpillThatCannotBeWrittenIsAFindingInEveryFormat() throws {
        let directory = TemporaryDirectory()
        let (first, _) = EngineExport.make(seed: 5, users: 200, events: 20_000)
        let export = directory.write("a.ndjson", Array(first.utf8))
        let missing = directory.path + "/no such directory"
        let reports = Self.everyFormat(
            ["--memory-limit", "64K", export], environment: CommandEnvironment(temporaryDirectory: missing))
        #expect(reports.count == (ReportFormat.allCases.count - 1) * 2)
        for (format, report) in reports {
            #expect(report.contains("export/cannot-spill"), "\(format): \(report.prefix(400))")
            #expect(report.contains("no such directory"), "\(format)")
        }
    }

    @Test func aRejectsFileThatCannotBeWrittenIsAFindingInEveryFormat() throws {
        let directory = TemporaryDirectory()
        let export = directory.write("a.ndjson", Array("{}\n".utf8))
        let reports = Self.everyFormat(
            ["--rejects", directory.path + "/missing/rejects.ndjson", export], environment: CommandEnvironment())
        for (format, report) in reports {
            #expect(report.contains("export/cannot-write"), "\(format): \(report.prefix(400))")
            #expect(report.contains("rejects.ndjson"), "\(format)")
        }
        // As SARIF: one result, an error, on the file.
        let sarif = try #require(reports.first { $0.0 == .sarif }?.1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["ruleId"] as? String == "export/cannot-write")
        #expect(results.first?["level"] as? String == "error")
    }

}
