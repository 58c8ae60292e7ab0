import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `eventlint check`, `explain`, `help` and usage errors, run through the built executable:
/// what a user sees on stdout and stderr, and the exit status CI acts on.
@Suite struct CheckCLITests {
    /// One finding as the text report shows it: rule id, `file:line:column`, message.
    struct Shown: Hashable {
        var rule: String
        var position: String
        var message: String
    }

    /// Reads `severity[rule]: message` and the `--> file:line:column` line below it.
    static func shownFindings(_ text: String) -> [Shown] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Shown] = []
        for (index, line) in lines.enumerated() {
            guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"),
                ["error", "warning", "info"].contains(String(line[..<open])),
                index + 1 < lines.count
            else { continue }
            let arrow = lines[index + 1].trimmingCharacters(in: .whitespaces)
            guard arrow.hasPrefix("--> ") else { continue }
            let message = String(line[line.index(close, offsetBy: 3)...])
            result.append(
                Shown(
                    rule: String(line[line.index(after: open)..<close]),
                    position: String(arrow.dropFirst(4)), message: message))
        }
        return result
    }

    /// Drops findings identical to the one before (see `findingsAreNotRepeated`).
    static func distinct(_ findings: [Shown]) -> [Shown] {
        var seen = Set<Shown>()
        return findings.filter { seen.insert($0).inserted }
    }

    // MARK: - The shipped plan

    @Test func shippedPlanIsClean() throws {
        let output = try #require(try EventLintBinary.run(["check", "--schema", "schema"]))
        #expect(output.status == 0)
        #expect(
            output.stdout
                == "plan: 6 files, 14 events, 17 params, 2 user properties, 5 pairs, 10 rules\n\nno findings\n")
        #expect(output.stderr.isEmpty)
    }

    @Test func schemaIsTheDefaultDirectory() throws {
        let output = try #require(try EventLintBinary.run(["check"]))
        #expect(output.status == 0)
        #expect(output.stdout.hasSuffix("no findings\n"))
    }

    @Test(arguments: ReportFormat.allCases)
    func shippedPlanIsCleanInEveryFormat(format: ReportFormat) throws {
        let output = try #require(try EventLintBinary.run(["check", "--format", format.rawValue]))
        #expect(output.status == 0)
        // xcode writes the findings alone, as a compiler does: nothing for a clean plan.
        #expect(output.stdout.isEmpty == (format == .xcode))
        #expect(output.stderr.isEmpty)
    }

    // MARK: - Broken samples

    static let samples: [(String, [String], String)] = [
        (
            "ga4-names",
            [
                "ga4/event-name-too-long ga4-names/events.json5:9:5",
                "ga4/name-invalid ga4-names/events.json5:18:5",
                "ga4/reserved-event-name ga4-names/events.json5:22:5",
                "ga4/reserved-prefix ga4-names/params.json5:5:5",
                "ga4/param-name-too-long ga4-names/params.json5:10:5",
                "ga4/reserved-dimension-name ga4-names/params.json5:15:5",
                "ga4/value-too-long ga4-names/params.json5:21:34",
                "ga4/user-property-name-too-long ga4-names/params.json5:28:5",
                "ga4/reserved-user-property-name ga4-names/params.json5:33:5",
                "ga4/value-too-long ga4-names/params.json5:39:27",
            ], "10 errors"
        ),
        (
            "inconsistent",
            [
                "plan/unknown-param-ref inconsistent/events.json5:11:17",
                "plan/narrowed-value-undeclared inconsistent/events.json5:17:46",
                "plan/unknown-key inconsistent/events.json5:19:26",
                "plan/missing-description inconsistent/events.json5:23:5",
                "plan/unknown-event-ref inconsistent/events.json5:33:25",
                // Once per event that lacks the param.
                "plan/param-not-on-event inconsistent/events.json5:41:26",
                "plan/param-not-on-event inconsistent/events.json5:41:26",
                "plan/duplicate-declaration inconsistent/legacy_events.json5:5:5",
                "plan/value-type-mismatch inconsistent/params.json5:10:37",
                // The edges list, not the repeated edge (see PlanRuleExampleTests.misplacedFindings).
                "plan/bucket-edges-not-ascending inconsistent/params.json5:15:40",
                "plan/unused-param inconsistent/params.json5:23:5",
                "plan/type-conflict inconsistent/params.json5:31:5",
            ], "10 errors, 2 warnings"
        ),
        (
            "bad-conditions",
            [
                "plan/condition-never-holds bad-conditions/plan.json5:63:15",
                "plan/value-type-mismatch bad-conditions/plan.json5:70:15",
                "plan/unknown-user-property-ref bad-conditions/plan.json5:72:22",
                "plan/condition-never-holds bad-conditions/plan.json5:79:18",
                "plan/param-not-on-event bad-conditions/plan.json5:85:15",
                "plan/unknown-event-ref bad-conditions/plan.json5:91:11",
                "plan/unknown-rule-id bad-conditions/plan.json5:97:15",
            ], "errors"
        ),  // 7 distinct; the count still includes a repeated finding (see findingsAreNotRepeated)
    ]

    @Test(arguments: samples)
    func brokenSampleFails(name: String, expected: [String], tally: String) throws {
        let output = try #require(try EventLintBinary.run(["check", "--schema", "samples/plans/" + name]))
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty)
        let shown = Self.distinct(Self.shownFindings(output.stdout)).map { "\($0.rule) \($0.position)" }
        #expect(shown == expected.map { $0.replacingOccurrences(of: " ", with: " samples/plans/") })
        #expect(output.stdout.contains(tally))
    }

    @Test func duplicateDeclarationShowsWhereTheFirstOneIs() throws {
        let output = try #require(try EventLintBinary.run(["check", "--schema", "samples/plans/inconsistent"]))
        #expect(
            output.stdout.contains(
                """
                error[plan/duplicate-declaration]: event "focus_session_started" is declared twice
                 --> samples/plans/inconsistent/legacy_events.json5:5:5
                  |
                5 |     focus_session_started: {
                  |     ^
                  = note: first declared here
                  --> samples/plans/inconsistent/events.json5:13:5
                """))
    }

    /// One problem, one finding: a condition on a rule that applies to two events must not
    /// repeat the same message at the same place.
    @Test func findingsAreNotRepeated() throws {
        for name in Self.samples.map(\.0) {
            let output = try #require(try EventLintBinary.run(["check", "--schema", "samples/plans/" + name]))
            let shown = Self.shownFindings(output.stdout)
            #expect(shown.count == Self.distinct(shown).count, "\(name) repeats a finding")
        }
    }

    @Test func syntaxErrorExitsTwoWithThePosition() throws {
        let output = try #require(try EventLintBinary.run(["check", "--schema", "samples/plans/syntax-error"]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr == """
                error[json/unexpected-character]: expected ',' or '}' after object member, found 'p'
                  --> samples/plans/syntax-error/events.json5:7:7
                the plan cannot be loaded

                """)
    }

    @Test(arguments: [["check", "--schema", "samples/plans/nowhere"], ["check", "--schema", "README.md"]])
    func unreadablePlanExitsTwo(arguments: [String]) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("error: plan"))
    }

    // MARK: - Formats and --fail-on

    @Test func jsonOutputParsesAndHoldsTheFindings() throws {
        let output = try #require(
            try EventLintBinary.run(["check", "--schema", "samples/plans/ga4-names", "--format", "json"]))
        #expect(output.status == 1)
        let root = try JSONParser.parse(Array(output.stdout.utf8), mode: .strict)
        #expect(root.member("tool")?.stringValue == "eventlint")
        #expect(root.member("command")?.stringValue == "check")
        let findings = try #require(root.member("findings")?.arrayValue)
        #expect(findings.count == 10)
        let first = try #require(findings.first)
        #expect(first.member("rule")?.stringValue == "ga4/event-name-too-long")
        #expect(first.member("severity")?.stringValue == "error")
        #expect(first.member("file")?.stringValue == "samples/plans/ga4-names/events.json5")
        #expect(first.member("line")?.intValue == 9)
        #expect(first.member("column")?.intValue == 5)
        #expect(first.member("event")?.stringValue == "focus_session_completed_with_building_progress")
        #expect(root.member("counts")?.member("error")?.intValue == 10)
        #expect(root.member("summary")?.member("events")?.intValue == 5)
    }

    @Test func githubOutputEscapesMessagesAndNotes() throws {
        let output = try #require(
            try EventLintBinary.run(["check", "--schema", "samples/plans/ga4-names", "--format", "github"]))
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "::error file=samples/plans/ga4-names/events.json5,line=18,col=5,title=ga4/name-invalid::event name \"streak_100%25_reached\" must start"
            ))
        let inconsistent = try #require(
            try EventLintBinary.run(["check", "--schema", "samples/plans/inconsistent", "--format", "github"]))
        #expect(
            inconsistent.stdout.contains(
                "::error file=samples/plans/inconsistent/legacy_events.json5,line=5,col=5,title=plan/duplicate-declaration::event \"focus_session_started\" is declared twice%0Anote: first declared here (samples/plans/inconsistent/events.json5:13:5)\n"
            ))
        #expect(
            inconsistent.stdout.contains(
                "::warning file=samples/plans/inconsistent/params.json5,line=23,col=5,title=plan/unused-param::"))
    }

    /// A minified plan is one line of 114 KB: each finding's excerpt is a window around its
    /// column, not the whole line again (which made 200 findings print 45 MB).
    @Test func minifiedOneLinePlanPrintsAWindowPerFinding() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-min-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(
            at: parent.appendingPathComponent("schema"), withIntermediateDirectories: true)
        let filler = String(repeating: "x", count: 90)
        var events = (0..<1000).map { "e\($0):{description:'\(filler)'}" }
        for index in 0..<200 { events.insert("'bad-\(index)':{description:'d'}", at: index * 5) }
        let plan = "{events:{" + events.joined(separator: ",") + "}}"
        try Data(plan.utf8).write(to: parent.appendingPathComponent("schema/plan.json5"))
        #expect(plan.utf8.count > 110_000)
        let output = try #require(try EventLintBinary.run(["check"], in: parent))
        #expect(output.status == 1)
        let findings = output.stdout.components(separatedBy: "error[ga4/name-invalid]").count - 1
        #expect(findings == 200)
        #expect(output.stdout.utf8.count < 200 * 1_000, "\(output.stdout.utf8.count) bytes")
        let longest = output.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 200)
        #expect(output.stdout.contains("1 | …"))
    }

    @Test func githubOutputEscapesCommasAndColonsInFileNames() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-gh-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: parent) }
        let plan = parent.appendingPathComponent("plan,v2:draft")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("plans/warnings-only"), to: plan)
        let output = try #require(
            try EventLintBinary.run(["check", "--schema", "plan,v2:draft", "--format", "github"], in: parent))
        #expect(output.status == 0)
        #expect(
            output.stdout.contains("::warning file=plan%2Cv2%3Adraft/plan.json5,line=8,col=5,title=plan/unused-param::")
        )
    }

    static let warningsOnly = "Tests/Fixtures/plans/warnings-only"

    @Test(
        arguments: [
            ([], Int32(0)), (["--fail-on", "error"], 0), (["--fail-on", "warning"], 1), (["--fail-on=warning"], 1),
            (["--fail-on", "info"], 1),
        ] as [([String], Int32)])
    func failOnDecidesTheStatusForWarnings(extra: [String], status: Int32) throws {
        let output = try #require(try EventLintBinary.run(["check", "--schema", Self.warningsOnly] + extra))
        #expect(output.status == status)
        #expect(output.stdout.hasSuffix("2 warnings\n"))
        #expect(Self.shownFindings(output.stdout).map(\.rule) == ["plan/unused-param", "plan/unpaired-shown-event"])
    }

    @Test func failOnInfoStillPassesACleanPlan() throws {
        let output = try #require(try EventLintBinary.run(["check", "--fail-on", "info"]))
        #expect(output.status == 0)
    }

    // MARK: - Usage errors

    /// Each usage error is its message, the command's one-line usage and where its help is
    /// (`UsageErrorCLITests` holds the rest of that form).
    @Test(arguments: [
        (["check", "--nope"], "error: unknown option --nope", "usage: eventlint check [OPTIONS]"),
        (["frobnicate"], "error: unknown command \"frobnicate\"", "usage: eventlint COMMAND [OPTIONS]"),
        (
            ["check", "--format", "nope"],
            "error: unknown format \"nope\"; expected one of: text, json, github, sarif, junit, markdown, html, xcode",
            "usage: eventlint check [OPTIONS]"
        ),
        (
            ["check", "--fail-on", "nope"], "error: --fail-on takes error, warning or info, not \"nope\"",
            "usage: eventlint check [OPTIONS]"
        ),
        (["check", "--schema"], "error: missing value for --schema", "usage: eventlint check [OPTIONS]"),
        (["check", "schema"], "error: unexpected argument \"schema\"", "usage: eventlint check [OPTIONS]"),
        (
            ["check", "--schema", "a", "--schema", "b"], "error: --schema is given twice",
            "usage: eventlint check [OPTIONS]"
        ),
        (["explain", "a", "b"], "error: unexpected argument \"b\"", "usage: eventlint explain [OPTIONS] [RULE]"),
        (["help", "nope"], "error: no help for \"nope\"", "usage: eventlint COMMAND [OPTIONS]"),
    ])
    func usageErrorsExitTwoWithTheUsage(arguments: [String], message: String, usage: String) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(2)) == [message, usage], "\(output.stderr)")
    }

    @Test func formatErrorNamesTheValue() throws {
        let output = try #require(try EventLintBinary.run(["check", "--format", "nope"]))
        #expect(output.stderr.split(separator: "\n").first?.contains("nope") == true)
    }

    @Test func noArgumentsPrintsTheUsageAndExitsTwo() throws {
        let output = try #require(try EventLintBinary.run([]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("USAGE: eventlint COMMAND"))
    }

    // MARK: - Help, version, explain

    @Test(arguments: [
        (["--help"], "USAGE: eventlint COMMAND"), (["-h"], "USAGE: eventlint COMMAND"),
        (["help"], "USAGE: eventlint COMMAND"), (["help", "check"], "USAGE: eventlint check [--schema DIR]"),
        (["check", "--help"], "USAGE: eventlint check [--schema DIR]"),
        (["help", "explain"], "USAGE: eventlint explain [--example-plan] [RULE]"),
    ])
    func helpGoesToStdoutAndExitsZero(arguments: [String], expected: String) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 0)
        #expect(output.stdout.contains(expected))
        #expect(output.stderr.isEmpty)
    }

    /// `--help` as an option's value is that value, as the parser reads it: an action input set
    /// to `--help` must not turn a check into a passing usage page.
    @Test(arguments: [
        ["check", "--base", "--help"], ["check", "--schema", "-h"], ["lint", "--max-findings", "--help", "x.ndjson"],
        ["budget", "--registered", "--help"], ["lint", "--", "--help"],
    ])
    func helpAsAnOptionsValueIsThatValue(arguments: [String]) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2, "\(arguments): \(output.stdout)")
        #expect(!output.stdout.contains("USAGE:"), "\(arguments): \(output.stdout)")
    }

    @Test(arguments: [
        ["lint", "x.ndjson", "--help"], ["check", "--base", "main", "-h"], ["budget", "--min-headroom=1", "--help"],
    ])
    func helpWhereAnOptionStandsIsHelp(arguments: [String]) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("USAGE: eventlint \(arguments[0])"), "\(output.stdout)")
    }

    @Test func helpCheckListsItsOptions() throws {
        let output = try #require(try EventLintBinary.run(["help", "check"]))
        for option in ["--schema DIR", "--format FORMAT", "--fail-on SEVERITY"] {
            #expect(output.stdout.contains(option))
        }
    }

    @Test(arguments: [["--version"], ["-V"]])
    func versionPrintsTheVersion(arguments: [String]) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 0)
        #expect(output.stdout == "eventlint \(EventLintCLI.version)\n")
    }

    @Test func explainListsEveryRuleID() throws {
        let output = try #require(try EventLintBinary.run(["explain"]))
        #expect(output.status == 0)
        for rule in RuleCatalog.all {
            #expect(output.stdout.contains("  \(rule.id) "), "\(rule.id) is listed")
        }
        #expect(output.stdout.contains("plan checks:"))
    }

    @Test func explainPrintsOneRule() throws {
        let output = try #require(try EventLintBinary.run(["explain", "ga4/reserved-prefix"]))
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("ga4/reserved-prefix (error, plan checks)"))
        #expect(output.stdout.contains("NAME_RESERVED"))
        #expect(output.stdout.contains("firebase_x"), "the examples are shown")
        #expect(output.stderr.isEmpty)
    }

    @Test func explainUnknownRuleExitsTwo() throws {
        let output = try #require(try EventLintBinary.run(["explain", "nope"]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("error: unknown rule id \"nope\""))
        #expect(output.stderr.contains("\nusage: eventlint explain [OPTIONS] [RULE]\n"))
    }

    @Test func explainSuggestsCloseIDs() throws {
        let output = try #require(try EventLintBinary.run(["explain", "reserved-prefix"]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("did you mean ga4/reserved-prefix"))
    }
}
