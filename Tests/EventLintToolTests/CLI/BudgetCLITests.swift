import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `eventlint budget` through the built executable: exit codes and the pinned report on the
/// bundled samples. `UPDATE_GOLDEN=1` rewrites the golden file; a mismatch never does.
@Suite struct BudgetCLITests {
    @Test func pinnedTextOnTheSamples() throws {
        let output = try #require(
            try EventLintBinary.run(["budget", "--registered", "samples/ga4", "--base", "samples/plans/base"]))
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.stdout.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        if output.stdout != expected {
            let got = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record(
                "budget output differs from \(Self.golden.lastPathComponent) (UPDATE_GOLDEN=1 rewrites it); first difference at line \((firstDifference?.offset ?? min(got.count, want.count)) + 1):\n- \(firstDifference?.element.1 ?? "")\n+ \(firstDifference?.element.0 ?? "")"
            )
        }
        #expect(
            output.stdout.contains("adds 3 event-scoped dimensions (entry, reason, selected_bucket): headroom 4 → 1"))
    }

    @Test func anAdminAPIErrorBodyIsNotNothingRegistered() throws {
        let file = try Self.registered(
            #"{"error":{"code":401,"message":"Request had invalid authentication credentials.","status":"UNAUTHENTICATED"}}"#
        )
        defer { file.remove() }
        let output = try #require(try EventLintBinary.run(["budget", "--registered", file.path]))
        #expect(output.status == 2)
        #expect(
            output.stderr.contains(
                "an Admin API error response (401, Request had invalid authentication credentials., UNAUTHENTICATED)"),
            "\(output.stderr)")
        #expect(output.stderr.contains("access token"))
        let github = try #require(try EventLintBinary.run(["budget", "--registered", file.path, "--format", "github"]))
        #expect(github.stdout.hasPrefix("::error file="), "\(github.stdout)")
    }

    @Test func minHeadroomWithABaseNamesWhatTheChangeAdds() throws {
        let output = try #require(
            try EventLintBinary.run(
                ["budget", "--registered", "samples/ga4", "--base", "samples/plans/base", "--min-headroom", "2"]))
        #expect(
            output.stdout.contains(
                "fewer than --min-headroom 2; this change adds entry, reason, selected_bucket (headroom 4 → 1)"))
    }

    @Test(arguments: statusCases)
    func exitStatus(arguments: [String], status: Int32) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == status, "\(arguments): \(output.stderr)")
    }

    @Test func malformedResponseNamesFileLineColumn() throws {
        let output = try #require(
            try EventLintBinary.run(["budget", "--registered", "samples/plans/syntax-error/events.json5"]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("--> samples/plans/syntax-error/events.json5:1:1"))
    }

    @Test func pagesCountLikeOneResponse() throws {
        let paged = try #require(
            try EventLintBinary.run([
                "budget", "--registered", "samples/ga4/paged", "samples/ga4/custom-metrics.json", "--format", "json",
            ]))
        let whole = try #require(
            try EventLintBinary.run(["budget", "--registered", "samples/ga4", "--format", "json"]))
        func scopes(_ text: String) -> String {
            guard let start = text.range(of: "\"scopes\""), let end = text.range(of: "\"needed\"") else { return "" }
            return String(text[start.lowerBound..<end.lowerBound])
        }
        #expect(!scopes(paged.stdout).isEmpty && scopes(paged.stdout) == scopes(whole.stdout))
    }

    @Test func overQuotaReport() throws {
        let output = try #require(try EventLintBinary.run(["budget", "--registered", "samples/ga4/over-quota"]))
        #expect(
            output.stdout.contains(
                "error[budget/over-quota]: event-scoped dimensions: 48 registered + 7 needed by the plan = 55, over the quota of 50 by 5"
            ))
        #expect(
            output.stdout.contains(
                "warning[budget/registered-type-mismatch]: param \"session_bucket\" is registered as a custom metric"))
    }

    @Test(arguments: ["github", "markdown", "sarif", "junit"])
    func otherFormats(format: String) throws {
        let output = try #require(
            try EventLintBinary.run([
                "budget", "--registered", "samples/ga4", "--base", "samples/plans/base", "--format", format,
            ]))
        #expect(output.status == 0 && !output.stdout.isEmpty)
    }

    @Test func helpAndCheckBase() throws {
        let help = try #require(try EventLintBinary.run(["budget", "--help"]))
        #expect(help.status == 0 && help.stdout.contains("--registered FILE..."))
        let check = try #require(try EventLintBinary.run(["check", "--base", "samples/plans/base"]))
        // The one breaking change: the second-paywall rule reads sources the base already had.
        #expect(check.status == 1)
        #expect(check.stdout.contains("error[diff/rule-changed]: new rule \"no_second_paywall_soon_after_block_cap\""))
        #expect(check.stdout.contains("info[diff/event-added]: event \"onboarding_block_offer_shown\" is new"))
    }

    static let golden = Repository.fixtures.appendingPathComponent("budget/ga4-sample-base.txt")

    static let statusCases: [([String], Int32)] = [
        (["budget", "--registered", "samples/ga4"], 0),
        (["budget", "--registered", "samples/ga4", "--min-headroom", "1"], 0),
        (["budget", "--registered", "samples/ga4", "--min-headroom", "2"], 1),
        (["budget", "--registered", "samples/ga4/over-quota"], 1),
        (["budget", "--registered", "samples/ga4/over-quota", "--tier", "360"], 0),
        (["budget", "--registered", "samples/ga4/over-quota", "--quota", "event=55"], 0),
        (["budget", "--registered", "samples/ga4/over-quota", "--quota", "event=54"], 1),
        (["budget", "--registered", "samples/ga4/paged", "samples/ga4/custom-metrics.json"], 0),
        (
            [
                "budget", "--registered", "samples/ga4/paged/custom-dimensions-page1.json", "--registered",
                "samples/ga4/paged/custom-dimensions-page2.json", "--format", "json",
            ], 0
        ),
        (["budget"], 2),
        (["budget", "--registered", "samples/ga4", "--tier", "gold"], 2),
        (["budget", "--registered", "samples/ga4", "--quota", "events=3"], 2),
        (["budget", "--registered", "no/such/file.json"], 2),
        (["budget", "--registered", "samples/plans/syntax-error/events.json5"], 2),
        (["budget", "--registered", "samples/ga4", "--base", "samples/plans/no-such-dir-or-ref"], 2),
        // --min-headroom with --base: only a scope this change takes slots from (4 → 1 here).
        (["budget", "--registered", "samples/ga4", "--base", "samples/plans/base", "--min-headroom", "2"], 1),
        (["budget", "--registered", "samples/ga4", "--base", "schema", "--min-headroom", "2"], 0),
        (["budget", "--registered", "samples/ga4", "--base", "samples/plans/base", "--min-headroom", "1"], 0),
        // --fail-on as every command takes it: the samples have warnings and info findings.
        (["budget", "--registered", "samples/ga4", "--fail-on", "warning"], 1),
        (["budget", "--registered", "samples/ga4", "--fail-on", "info"], 1),
        (["budget", "--registered", "samples/ga4", "--fail-on", "error"], 0),
        (["budget", "--registered", "samples/ga4", "--fail-on", "fatal"], 2),
    ]

    /// A registered-definitions file with `text` in a scratch directory.
    static func registered(_ text: String) throws -> (path: String, remove: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-registered-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("custom-dimensions.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (file.path, { try? FileManager.default.removeItem(at: directory) })
    }

    @Test(arguments: [
        (#"{"kind":"something/else","items":[]}"#, 2, "not an Admin API list response: it has \"kind\""),
        (#"[]"#, 2, "expected an Admin API list response"),
        (#"{}"#, 0, ""),
        (#"{"nextPageToken":""}"#, 0, ""),
        (#"{"customDimensions":[],"somethingNew":1}"#, 0, ""),
    ])
    func onlyListResponsesAreRead(text: String, status: Int32, message: String) throws {
        let file = try Self.registered(text)
        defer { file.remove() }
        let output = try #require(try EventLintBinary.run(["budget", "--registered", file.path]))
        #expect(output.status == status, "\(text): \(output.stderr)")
        #expect(message.isEmpty ? output.stderr.isEmpty : output.stderr.contains(message), "\(output.stderr)")
    }
}
