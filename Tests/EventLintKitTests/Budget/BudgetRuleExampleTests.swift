import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Every `budget` rule's examples are counted as `eventlint budget` counts them: the plan must
/// pass `check`, its registered definitions are read with the Admin API reader, its quotas come
/// from its `property` and the example's options, and its own severity and suppressions apply.
/// The failing plan must report the rule where its `/*>*/` marker stands — at the definition in
/// the registered definitions when it has none — and the passing one must not report it.
@Suite struct BudgetRuleExampleTests {
    static let rules = BudgetRules.all.filter { $0.examples != nil }

    static let planFile = "example.json5"
    static let registeredFile = "registered.json"

    /// The findings `eventlint budget --registered registered.json OPTIONS` reports for a plan.
    static func budget(_ planText: String, registered: String, options: [String]) throws -> [Finding] {
        var minHeadroom: Int?
        var remaining = options[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--min-headroom": minHeadroom = Int(remaining.popFirst() ?? "")
            default: Issue.record("the example option \(option) is not known to the test")
            }
        }
        let session = try PlanSession(sources: [PlanSource(path: planFile, bytes: Array(planText.utf8))])
        let plan = try session.validPlan()
        let definitions = try RegisteredDefinitionsReader.read(path: registeredFile, bytes: Array(registered.utf8))
        let quotas = BudgetQuotas(tier: plan.property.tier, planOverrides: plan.property.quotaOverrides)
        let report = BudgetCounter.count(plan: plan, registered: definitions, quotas: quotas, minHeadroom: minHeadroom)
        return plan.adjust(report.findings).sortedForReport()
    }

    static func describe(_ findings: [Finding]) -> [String] { RuleExampleCheck.describe(findings, withFile: true) }

    @Test(arguments: rules)
    func failingExampleReportsTheRuleWhereTheMarkerStands(rule: Rule) throws {
        let examples = try #require(rule.examples)
        let registered = try #require(examples.registered, "\(rule.id) has examples without registered definitions")
        let findings = try Self.budget(examples.failing, registered: registered, options: examples.options)
        let hits = findings.filter { $0.ruleID == rule.id }
        if let marked = PlanText.markedPosition(in: examples.failing) {
            let expected = SourceLocation(file: Self.planFile, line: marked.line, column: marked.column)
            #expect(
                hits.contains { $0.location == expected },
                "\(rule.id) expected at \(marked.line):\(marked.column); \(Self.describe(findings))")
        } else {
            #expect(
                hits.contains { $0.location.file == Self.registeredFile },
                "\(rule.id) expected in the registered definitions; \(Self.describe(findings))")
        }
        RuleExampleCheck.expectMessageStyle(hits)
    }

    @Test(arguments: rules)
    func passingExampleDoesNotReportTheRule(rule: Rule) throws {
        let examples = try #require(rule.examples)
        let registered = try #require(examples.registered)
        try RuleExampleCheck.expectPassing(rule, example: examples.passing) {
            try Self.budget($0, registered: registered, options: examples.options)
        }
    }

    /// `budget` refuses a plan with errors; these pass `check` without a single finding, so the
    /// example shows the budget's finding alone.
    @Test(arguments: rules)
    func examplePlansAreClean(rule: Rule) throws {
        let examples = try #require(rule.examples)
        try RuleExampleCheck.expectClean(
            rule, plans: [("failing", examples.failing), ("passing", examples.passing)], file: Self.planFile)
    }

    @Test func explainShowsTheRegisteredDefinitionsAndTheOptions() throws {
        let text = BudgetRules.underMinHeadroom.explanation
        let registered = try #require(text.firstRange(of: "Registered definitions (the Admin API list response"))
        let fails = try #require(
            text.firstRange(
                of:
                    "Fails (the plan, counted by `eventlint budget --min-headroom 1` against the registered definitions; the finding stands at `/*>*/`):"
            ))
        #expect(registered.upperBound < fails.lowerBound)
        #expect(text.contains(#"    {"customDimensions": [{"parameterName": "screen", "scope": "EVENT"}]}"#))
        #expect(
            BudgetRules.archiveCandidate.explanation.contains(
                "the finding stands in the registered definitions, at the definition it concerns"))
    }
}
