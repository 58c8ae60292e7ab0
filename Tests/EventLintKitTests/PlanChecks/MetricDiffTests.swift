import EventLintTestSupport
import Testing

@testable import EventLintKit

/// `check --base` on metrics: a metric of both plans whose definition changed is one warning
/// with both definitions, worded by the rule's factory; a description, a new metric or a removed
/// one is no finding.
@Suite struct MetricDiffTests {
    static let plan = """
        userProperties: { arm: { values: ['a', 'b'], experiment: true, description: 'x' } },
        params: { outcome: { type: 'string', values: ['pass', 'fail'], description: 'x' } },
        events: {
          offer_opened: { description: 'x' }, offer_closed: { description: 'x', params: { outcome: 'required' } },
          app_opened: { description: 'x' },
        },
        pairs: { offer: { open: 'offer_opened', close: { events: ['offer_closed'] }, outcome: 'outcome' } },
        experiments: { t: { userProperty: 'arm', arms: { a: 0.5, b: 0.5 } } },
        """

    static func diff(_ base: String, _ current: String) throws -> [Finding] {
        try DiffRuleExampleTests.check(
            "{ \(plan) metrics: { \(current) } }", base: "{ \(plan) metrics: { \(base) } }"
        ).diffFindings.filter { $0.ruleID == DiffRules.metricChanged.id }
    }

    @Test func theFailingExampleIsWordedByTheFactory() throws {
        let findings = try DiffRuleMessageTests.findings(DiffRules.metricChanged)
        #expect(
            findings.map(\.message) == [
                #"metric "sheet_purchase" now counts a conversion from "sheet_opened" to "purchase" within 7d, not "#
                    + #"a conversion from "sheet_opened" to "purchase" within 24h: readouts before and after the "#
                    + "change measure different things"
            ])
        #expect(findings.flatMap(\.notes).map(\.message) == [DiffRules.baseDeclarationNote])
        #expect(findings.first?.severity == .warning)
    }

    @Test func anOutcomeAConditionOrAKindChangedIsReported() throws {
        let pass = "m: { passRate: { pair: 'offer', outcome: 'pass' } }"
        #expect(
            try Self.diff(pass, "m: { passRate: { pair: 'offer', outcome: 'fail' } }").map(\.message) == [
                DiffRules.metricChangedMessage(
                    metric: "m", from: #"the pass rate of pair "offer" with outcome pass"#,
                    to: #"the pass rate of pair "offer" with outcome fail"#)
            ])
        let back = "m: { return: { from: 'app_opened', event: 'app_opened', within: '7d' } }"
        let onClose =
            "m: { return: { from: 'app_opened', event: { event: 'offer_closed', where: { outcome: 'pass' } }, within: '7d' } }"
        #expect(
            try Self.diff(back, onClose).map(\.message) == [
                DiffRules.metricChangedMessage(
                    metric: "m", from: #"a return from "app_opened" to "app_opened" within 7d"#,
                    to: #"a return from "app_opened" to "offer_closed" (outcome pass) within 7d"#)
            ])
        #expect(try Self.diff(pass, back).count == 1)
    }

    @Test func aDescriptionANewMetricOrARemovedOneIsNoChange() throws {
        let pass = "m: { passRate: { pair: 'offer', outcome: 'pass' } }"
        #expect(
            try Self.diff(pass, "m: { description: 'The pass rate.', passRate: { pair: 'offer', outcome: 'pass' } }")
                .isEmpty)
        #expect(try Self.diff(pass, pass + ", n: { passRate: { pair: 'offer', outcome: 'fail' } }").isEmpty)
        #expect(try Self.diff(pass + ", n: { passRate: { pair: 'offer', outcome: 'fail' } }", pass).isEmpty)
    }
}
