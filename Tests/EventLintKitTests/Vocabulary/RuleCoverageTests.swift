import Testing

@testable import EventLintKit

/// The one table of rule coverage: every rule of the catalogue has examples that exactly one of
/// the example suites runs, with the inputs that suite needs, or is listed in `exclusions` with
/// the reason a small example cannot show it.
@Suite struct RuleCoverageTests {
    /// Rules without examples, and why. Each says so in its documentation too ("No example").
    static let exclusions: [String: String] = [
        "json/empty-input":
            "an empty export line is a blank line (export/blank-line); the rule fires on empty plan files",
        "json/number-too-long": "needs a number of more than 1000 characters",
        "json/control-character-in-string": "a raw control character is invisible in printed text",
        "json/invalid-utf8": "needs bytes that are not UTF-8, which text cannot hold",
        "json/not-utf8": "needs UTF-16 bytes, which text cannot hold",
        "json/depth-exceeded": "needs more than 512 nested brackets",
        "json/misplaced-bom": "a byte order mark is invisible in printed text",
        "export/leading-bom": "a byte order mark is invisible in printed text",
        "export/missing-final-newline": "the failing and passing examples differ only in an invisible final LF",
        "export/duplicate-input": "needs two inputs naming the same file",
        "export/cannot-read": "needs a file that cannot be read (missing, a directory, corrupt gzip bytes)",
        "export/cannot-spill": "needs a temporary directory that cannot be written (StoppedRunReportTests)",
        "export/cannot-write": "needs a --rejects file that cannot be written (StoppedRunReportTests)",
        "stream/too-many-params": "needs 26 params on one event",
        "experiment/sample-ratio-mismatch":
            "needs enough users that the split is unlikely by chance (ExperimentIntegrityTests plants one)",
        "plan/duplicate-declaration": "needs two plan files (PlanRuleExampleTests loads two)",
        "plan/cannot-load": "needs a file that cannot be used, not a plan document (ReportOutputTests)",
    ]

    /// The example suites, the rules each runs, and whether their examples carry a base plan and
    /// registered definitions (a suite ignores an input it does not take).
    static let suites: [(name: String, rules: [Rule], takesBase: Bool, takesRegistered: Bool)] = [
        ("LintRuleExampleTests", LintRuleExampleTests.rulesWithExamples, false, false),
        ("PlanRuleExampleTests", PlanRuleExampleTests.rulesWithExamples, false, false),
        ("DiffRuleExampleTests", DiffRuleExampleTests.rules, true, false),
        ("BudgetRuleExampleTests", BudgetRuleExampleTests.rules, false, true),
    ]

    @Test(arguments: RuleCatalog.all)
    func ruleHasExamplesThatRunOrAReasonWhyNot(rule: Rule) {
        let running = Self.suites.filter { $0.rules.contains(rule) }
        if let reason = Self.exclusions[rule.id] {
            #expect(rule.examples == nil, "\(rule.id) has examples now: drop it from the exclusions")
            #expect(!reason.isEmpty)
            #expect(rule.documentation.contains("No example"), "\(rule.id)'s documentation does not say why")
            return
        }
        #expect(rule.examples != nil, "\(rule.id) has no examples and no reason in the exclusions")
        #expect(running.count == 1, "\(rule.id) is run by \(running.map(\.name)), not by exactly one example suite")
        if let suite = running.first, let examples = rule.examples {
            #expect(
                (examples.base != nil) == suite.takesBase,
                "\(rule.id): \(suite.name) \(suite.takesBase ? "needs" : "takes no") base plan")
            #expect(
                (examples.registered != nil) == suite.takesRegistered,
                "\(rule.id): \(suite.name) \(suite.takesRegistered ? "needs" : "takes no") registered definitions")
        }
    }

    @Test func everyExclusionNamesARule() {
        for id in Self.exclusions.keys {
            #expect(RuleCatalog.rule(id: id) != nil, "\(id) is not a rule")
        }
    }
}
