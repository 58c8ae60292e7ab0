import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Every `check --base` rule's examples are run through the diff as `check --base` runs it
/// (`PlanSession` with the base's sources, the plan's suppressions applied): the failing current
/// plan must report the rule where its `/*>*/` marker stands — on line 1 with a note at the base
/// plan when it has none, as for something removed — and the passing one must not report it. So
/// what `explain` prints and docs/rules.md shows cannot drift from what the diff does.
@Suite struct DiffRuleExampleTests {
    static let rules = DiffRules.all.filter { $0.examples != nil }

    static let file = "example.json5"
    /// The base plan's file has the current one's name, as a base read from git or a directory has.
    static let baseFile = "base/example.json5"

    /// The session `check --base` builds for a current plan and its base.
    static func check(_ current: String, base: String) throws -> PlanSession {
        try PlanSession(
            sources: [PlanSource(path: file, bytes: Array(current.utf8))],
            baseSources: [PlanSource(path: baseFile, bytes: Array(base.utf8))])
    }

    static func describe(_ findings: [Finding]) -> [String] { RuleExampleCheck.describe(findings) }

    @Test(arguments: rules)
    func failingExampleReportsTheRuleWhereTheMarkerStands(rule: Rule) throws {
        let examples = try #require(rule.examples)
        let base = try #require(examples.base, "\(rule.id) has examples without a base plan")
        let marked = PlanText.markedPosition(in: examples.failing)
        let expected = SourceLocation(file: Self.file, line: marked?.line ?? 1, column: marked?.column ?? 1)
        let findings = try Self.check(examples.failing, base: base).diffFindings
        let hits = findings.filter { $0.ruleID == rule.id && $0.location == expected }
        #expect(!hits.isEmpty, "\(rule.id) expected at \(expected.line):\(expected.column); \(Self.describe(findings))")
        if marked == nil {
            #expect(
                hits.contains { $0.notes.contains { $0.location?.file == Self.baseFile } },
                "\(rule.id) on line 1 needs a note at the base plan")
        }
        RuleExampleCheck.expectMessageStyle(hits)
    }

    @Test(arguments: rules)
    func passingExampleDoesNotReportTheRule(rule: Rule) throws {
        let examples = try #require(rule.examples)
        let base = try #require(examples.base)
        try RuleExampleCheck.expectPassing(rule, example: examples.passing) {
            try Self.check($0, base: base).diffFindings
        }
    }

    /// The base and both current plans pass `check`, so `check --base` on them reports the diff
    /// alone, and the example shows one change, not a broken plan.
    @Test(arguments: rules)
    func examplePlansAreClean(rule: Rule) throws {
        let examples = try #require(rule.examples)
        let base = try #require(examples.base)
        #expect(PlanText.markedPosition(in: base) == nil, "the base plan carries no marker")
        try RuleExampleCheck.expectClean(
            rule, plans: [("base", base), ("failing", examples.failing), ("passing", examples.passing)], file: Self.file
        )
    }

    @Test func explainShowsTheBasePlanBeforeTheExamples() throws {
        let text = DiffRules.nowRequired.explanation
        let base = try #require(text.firstRange(of: "Base plan (each example below is the current plan `check --base`"))
        let fails = try #require(
            text.firstRange(of: "Fails (the current plan, compared with the base plan; the finding stands at `/*>*/`):")
        )
        #expect(base.upperBound < fails.lowerBound)
        #expect(text.contains("screen: { required: { since: '3.1.0' } }"))
        // A removal has no marker: the heading says where its finding stands instead.
        #expect(DiffRules.pairRemoved.explanation.contains("the finding stands on line 1, with a note at"))
    }
}
