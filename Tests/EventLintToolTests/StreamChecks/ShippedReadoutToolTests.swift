import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The shipped plan's journeys and readout on exports of `bench/generate_export.py`, whose users
/// take every branch of the note's flow: no journey breaks on a clean export, one planted out of
/// order breaks where it is planted, and the primary metric counts returns only when the export
/// logs focus sessions over several days (`--focus-days`).
@Suite(.serialized) struct ShippedReadoutToolTests {
    static func generate(_ arguments: [String], into directory: URL) throws -> URL? {
        guard let python = SampleExportTests.python else {
            print("skipped: python3 is absent")
            return nil
        }
        let file = directory.appendingPathComponent("export.ndjson")
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: python)
        generator.arguments =
            [Repository.root.appendingPathComponent("bench/generate_export.py").path, "--output", file.path]
            + arguments
        try generator.run()
        generator.waitUntilExit()
        try #require(generator.terminationStatus == 0)
        return file
    }

    static func rows(_ report: SampleExportTests.Report, _ metric: String) -> [[String: Any]] {
        (report.summary["metrics"] as? [[String: Any]] ?? []).filter { $0["metric"] as? String == metric }
    }

    @Test func everyBranchOfTheFlowKeepsTheJourneysAndTheReturnsAreCounted() throws {
        let directory = try SampleExportTests.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard
            let file = try Self.generate(
                ["--seed", "44", "--rows", "6000", "--clean", "--focus-days"], into: directory)
        else { return }
        let run = try #require(try SampleExportTests.lint(["--schema", "schema", file.path]))
        #expect(run.output.status == 0)
        #expect(run.report.findings.isEmpty, "\(run.report.findings.prefix(5))")
        let focus = Self.rows(run.report, "focused_again_within_7_days")
        #expect(focus.count == 4, "one row per arm of each experiment")
        for row in focus {
            let users = row["users"] as? Int ?? -1
            let succeeded = row["succeeded"] as? Int ?? -1
            #expect(users > 50 && succeeded > 0 && succeeded < users, "\(row)")
        }

        // The picker opened from onboarding before Screen Time was granted: the grant removed.
        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let granted = try #require(
            lines.firstIndex {
                $0.contains(#""event_name":"shield_opt_in_closed""#) && $0.contains(#"{"string_value":"granted"}"#)
                    && $0.contains(#"{"string_value":"onboarding"}"#) && $0.contains(#""string_value":"offer""#)
            })
        let user = try #require(
            lines[granted].firstMatch(of: /"user_pseudo_id":"([0-9A-F]+)"/).map { String($0.output.1) })
        var broken = lines
        broken.remove(at: granted)
        let brokenFile = directory.appendingPathComponent("broken.ndjson")
        try broken.joined(separator: "\n").write(to: brokenFile, atomically: true, encoding: .utf8)
        let output = try #require(
            try EventLintBinary.run(["lint", "--schema", "schema", "--format", "json", brokenFile.path]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let journeys = (object["findings"] as? [[String: Any]] ?? []).filter {
            ($0["rule"] as? String ?? "").hasPrefix("journey/")
        }
        #expect(journeys.count == 1, "\(journeys)")
        #expect(journeys.first?["rule"] as? String == JourneyRules.unexpectedStep.id)
        #expect(journeys.first?["userId"] as? String == user)
        #expect(journeys.first?["event"] as? String == "app_picker_shown")
    }

    @Test func withoutFocusSessionsNoUserReturns() throws {
        let directory = try SampleExportTests.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let file = try Self.generate(["--seed", "44", "--rows", "3000", "--clean"], into: directory) else {
            return
        }
        let run = try #require(try SampleExportTests.lint(["--schema", "schema", file.path]))
        #expect(run.output.status == 0)
        let focus = Self.rows(run.report, "focused_again_within_7_days")
        #expect(focus.count == 4 && focus.allSatisfy { ($0["users"] as? Int ?? 0) > 0 && $0["succeeded"] as? Int == 0 })
    }
}
