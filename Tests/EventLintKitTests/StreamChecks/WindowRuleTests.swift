import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Time windows of plan rules (`after`/`notAfter` with `within`): the three rules of the shipped
/// plan at the window's edge, in any input order, across files and job counts; and what `check`
/// says about windows.
@Suite struct WindowRuleTests {
    typealias E = Events
    static let user = "A1B2C3D4E5F60718293A4B5C6D7E8F90"

    static func screenTimeThenPrompt(after seconds: Double) -> [String] {
        [
            Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro")),
            Export.bq("wizard_closed", at: 10, params: E.wizard("intro", outcome: "denied")),
            Export.bq(
                "permission_requested", at: 10 + seconds,
                params: [("prompt_origin", .string("start_button"))]),
        ]
    }

    static func capPaywallThenRecurring(after seconds: Double, source: String = "recurring") -> [String] {
        [
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
            Export.bq("limit_sheet_closed", at: 8, params: E.sheet(outcome: "upgrade")),
            Export.bq("store_shown", at: 20, params: E.store(source: "limit", trigger: "limit_sheet")),
            Export.bq("store_shown", at: 20 + seconds, params: E.store(source: source, trigger: "weekly_reminder")),
        ]
    }

    static func notAfterLines(_ result: LintResult, rule: String) -> [Int] {
        result.findings("rule/not-after").filter { $0.message.contains("\"\(rule)\"") }.map(\.location.line)
    }

    // MARK: - The edges

    /// 59 s and 60 s after the Screen Time dialog are inside the 60 s window (the edge included); 61 s is not.
    @Test(arguments: [(59.0, true), (60.0, true), (61.0, false), (60.000001, false)])
    func notificationPromptAtTheEdge(seconds: Double, fires: Bool) throws {
        let result = try Lint.run(Self.screenTimeThenPrompt(after: seconds))
        #expect(
            Self.notAfterLines(result, rule: "no_permission_prompt_right_after_consent") == (fires ? [3] : []),
            "\(result.lineRules)")
        #expect(result.findings.filter { $0.ruleID != "rule/not-after" }.isEmpty, "\(result.lineRules)")
        if fires {
            let finding = try #require(result.findings.first)
            #expect(finding.notes.first?.location?.line == 2, "the note points at the Screen Time close")
            #expect(finding.message.contains("60s"))
        }
    }

    @Test(arguments: [(29.0 * 60, true), (30.0 * 60, true), (31.0 * 60, false)])
    func secondPaywallAtTheEdge(seconds: Double, fires: Bool) throws {
        for source in ["recurring", "onboarding"] {
            let result = try Lint.run(Self.capPaywallThenRecurring(after: seconds, source: source))
            #expect(
                Self.notAfterLines(result, rule: "no_second_store_soon_after_limit") == (fires ? [4] : []),
                "\(source): \(result.lineRules)")
            #expect(result.findings.filter { $0.ruleID != "rule/not-after" }.isEmpty, "\(result.lineRules)")
        }
        // A home store is not one the rule checks.
        let home = try Lint.run(Self.capPaywallThenRecurring(after: seconds, source: "home"))
        #expect(home.findings.isEmpty, "\(home.lineRules)")
    }

    @Test func armsMustBeAssignedBeforeTheOnboardingSave() throws {
        func saveFlow(_ saved: [(String, Export.Value)], entry: String) -> [String] {
            [
                Export.bq("picker_shown", at: 0, params: [("entry", .string(entry))]),
                Export.bq("picker_saved", at: 10, params: E.picker(entry: entry), userProperties: saved),
                Export.bq("picker_closed", at: 12, params: E.picker(entry: entry)),
            ]
        }
        let onlyOffer: [(String, Export.Value)] = [("offer_arm", .string("offer"))]
        let early = try Lint.run(saveFlow(onlyOffer, entry: "onboarding"))
        #expect(
            early.findings.map { "\($0.location.line) \($0.ruleID) \($0.param ?? "")" }
                == ["2 rule/user-property-requirement limit_arm"])
        #expect(try Lint.run(saveFlow(Export.offerCapped, entry: "onboarding")).findings.isEmpty)
        // From the home button a legacy user without arms saves as before.
        #expect(try Lint.run(saveFlow([], entry: "home_button")).findings.isEmpty)
    }

    // MARK: - Order, files, jobs

    static var mixed: [String] {
        var lines: [String] = []
        for (index, seconds) in [59.0, 60, 61, 5, 120].enumerated() {
            lines += screenTimeThenPrompt(after: seconds).map {
                $0.replacingOccurrences(of: user, with: "U\(index)SCREENTIME")
            }
        }
        for (index, seconds) in [29.0 * 60, 30.0 * 60, 31.0 * 60].enumerated() {
            lines += capPaywallThenRecurring(after: seconds).map {
                $0.replacingOccurrences(of: user, with: "U\(index)PAYWALL")
            }
        }
        return lines
    }

    /// Which user and rule each finding is about, independent of line numbers.
    static func digest(_ result: LintResult) -> [String] {
        result.findings.map { "\($0.ruleID) \($0.message)" }.sorted()
    }

    @Test(arguments: [1, 2, 3])
    func shuffledInputGivesTheSameFindings(seed: UInt64) throws {
        let lines = Self.mixed
        let sorted = try Lint.run(lines)
        #expect(sorted.findings("rule/not-after").count == 5, "\(sorted.lineRules)")
        #expect(sorted.findings.count == 5)
        var generator = SeededGenerator(seed: seed)
        let shuffled = lines.shuffled(using: &generator)
        #expect(Self.digest(try Lint.run(shuffled)) == Self.digest(sorted))
    }

    @Test(arguments: [1, 2])
    func acrossTwoFilesAndJobCounts(jobs: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-window-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The earlier events in one file, the later ones in the other (odd lines, even lines).
        let lines = Self.mixed
        let first = directory.appendingPathComponent("a.ndjson")
        let second = directory.appendingPathComponent("b.ndjson")
        try (lines.enumerated().filter { $0.offset % 2 == 1 }.map(\.element).joined(separator: "\n") + "\n").write(
            to: first, atomically: true, encoding: .utf8)
        try (lines.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n") + "\n").write(
            to: second, atomically: true, encoding: .utf8)
        var request = LintRequest(inputs: [first.path, second.path])
        request.jobs = jobs
        let split = LintRunner.run(plan: Lint.enginePlan, request: request)
        #expect(Self.digest(split) == Self.digest(try Lint.run(lines)), "jobs \(jobs)")
        #expect(Set(split.findings.map(\.location.file)).count == 2, "findings and notes name both files")
    }

    /// An event without a valid timestamp takes part in no window check, on either side.
    @Test func untimedEventsTakePartInNoWindowCheck() throws {
        var lines = Self.screenTimeThenPrompt(after: 10)
        lines[2] = Export.bq(
            "permission_requested", at: 0, params: [("prompt_origin", .string("start_button"))],
            timestamp: "\"99\"")
        let untimedPrompt = try Lint.run(lines)
        #expect(untimedPrompt.findings("rule/not-after").isEmpty, "\(untimedPrompt.lineRules)")
        #expect(untimedPrompt.findings("stream/invalid-timestamp").count == 1)
        var closes = Self.screenTimeThenPrompt(after: 10)
        closes[1] = Export.bq(
            "wizard_closed", at: 0, params: E.wizard("intro", outcome: "denied"), timestamp: "\"99\"")
        let untimedClose = try Lint.run(closes)
        #expect(untimedClose.findings("rule/not-after").isEmpty, "\(untimedClose.lineRules)")
    }

    // MARK: - after with a window

    @Test(arguments: [(59.0, false), (60.0, false), (61.0, true)])
    func afterWithinAWindow(seconds: Double, fires: Bool) throws {
        let plan = try Lint.plan(replacing: [
            (
                "after: { event: 'limit_sheet_closed', where: { outcome: 'upgrade' } },",
                "after: { event: 'limit_sheet_closed', where: { outcome: 'upgrade' }, within: '60s' },"
            )
        ])
        let lines = [
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
            Export.bq("limit_sheet_closed", at: 8, params: E.sheet(outcome: "upgrade")),
            Export.bq(
                "store_shown", at: 8 + seconds, params: E.store(source: "limit", trigger: "limit_sheet")),
        ]
        let result = try Lint.run(lines, plan: plan)
        #expect(result.findings("rule/only-after").map(\.location.line) == (fires ? [3] : []), "\(result.lineRules)")
        #expect(result.findings.filter { $0.ruleID != "rule/only-after" }.isEmpty, "\(result.lineRules)")
    }

    // MARK: - check

    @Test(arguments: [
        ("'0s'", "not positive"), ("'-5m'", "not positive"), ("'60'", "not a duration"), ("'30m1h'", "not a duration"),
        ("'1.5h'", "not a duration"), ("60", "bare value"), ("'36601d'", "too large"),
        ("'99999999999999999999s'", "too large"), ("'9223372036854775807d'", "too large"),
    ])
    func checkRejectsBadWindowsAtTheirPosition(window: String, says: String) throws {
        let text = """
            { events: { a: { description: 'x' }, b: { description: 'x' } },
              rules: { r: { on: 'a',
                notAfter: { event: 'b', within: \(window) } } } }
            """
        let (plan, findings) = try PlanText.check(text)
        let hits = findings.filter { $0.ruleID == "plan/invalid-window" }
        #expect(
            hits.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == ["example.json5:3:37"],
            "\(findings.map(\.message))")
        #expect(hits.first?.message.contains(says) == true, "\(hits.map(\.message))")
        #expect(plan.rules.isEmpty, "a rule with a refused window is not run")
    }

    @Test func notAfterNeedsAWindow() throws {
        let text =
            "{ events: { a: { description: 'x' }, b: { description: 'x' } },\n  rules: { r: { on: 'a', notAfter: 'b' } } }"
        let hits = try PlanText.check(text).findings.filter { $0.ruleID == "plan/invalid-window" }
        #expect(hits.map { "\($0.location.line):\($0.location.column)" } == ["2:36"])
    }

    @Test(arguments: [
        ("60s", 60), ("30m", 1800), ("24h", 86_400), ("1h30m", 5400), ("7d", 604_800), ("1d2h3m4s", 93_784),
        ("36600d", 3_162_240_000),
    ])
    func windowsParse(text: String, seconds: Int64) throws {
        let window = try TimeWindow.parse(text).get()
        #expect(window.seconds == seconds)
        #expect(window.description == text)
    }

    @Test func contradictoryWindowsAreExplained() throws {
        let text = """
            { events: { a: { description: 'x' }, b: { description: 'x' } },
              rules: { r: { on: 'a', after: { event: 'b', within: '1h' },
                notAfter: { event: 'b', within: '60m' } } } }
            """
        let hits = try PlanText.check(text).findings.filter { $0.ruleID == "plan/window-never-holds" }
        #expect(hits.map { "\($0.location.line):\($0.location.column)" } == ["3:37"])
        #expect(hits.first?.message.contains("can never hold") == true)
        // A shorter notAfter window leaves room: "between 10 minutes and 1 hour before".
        let fine = text.replacingOccurrences(of: "'60m'", with: "'10m'")
        #expect(try PlanText.check(fine).findings.filter { $0.ruleID == "plan/window-never-holds" }.isEmpty)
    }
}

/// The windows as SQL: a `RANGE` frame over the microseconds, and the plan rules by name in `--mode rules`.
@Suite struct WindowSQLTests {
    @Test func windowsBecomeRangeFramesInMicroseconds() throws {
        let plan = try PlanSession.open(schema: Repository.enginePlan.path).validPlan()
        let sql = SQLGenerator(
            plan: plan, request: SQLRequest(table: try #require(SQLTableReference(parsing: "p.d.events_*")))
        ).generate()
        #expect(sql.contains("RANGE BETWEEN 60000000 PRECEDING AND 1 PRECEDING"))
        #expect(sql.contains("RANGE BETWEEN 1800000000 PRECEDING AND 1 PRECEDING"))
        #expect(sql.contains("'rule/not-after'"))
        #expect(!sql.contains("plan_rule_findings"), "only --mode rules names plan rules")
        let rules = SQLGenerator(
            plan: plan,
            request: SQLRequest(
                table: try #require(SQLTableReference(parsing: "p.d.events_*")),
                mode: .rules)
        ).generate()
        #expect(rules.contains("SELECT plan_rule, COUNT(*) AS violations"))
        for rule in plan.rules {
            #expect(rules.contains("'\(rule.name)'"), "\(rule.name)")
        }
    }
}
