import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The built binary on a copy of the engine tests' plan whose windows are broken.
@Suite struct WindowRuleToolTests {
    @Test func checkPointsAtABadWindowAndLintRefusesThePlan() throws {
        let copy = try PlanCopy(of: Repository.enginePlan)
        defer { copy.remove() }
        #expect(try copy.replace("within: '60s'", with: "within: '0s'") == 1)
        let check = try #require(try EventLintBinary.run(["check", "--schema", copy.url.path]))
        #expect(check.status == 1)
        // `notAfter: { event: 'wizard_closed', within: '0s' }` on line 138, the window at column 51.
        #expect(
            check.stdout.contains("error[plan/invalid-window]: window \"0s\" of notAfter is not positive"),
            "\(check.stdout)")
        #expect(check.stdout.contains("flow.json5:138:51"), "\(check.stdout)")
        let lint = try #require(
            try EventLintBinary.run(["lint", "--schema", copy.url.path, "samples/exports/focusity-clean.ndjson"]))
        #expect(lint.status == 2, "a plan check rejects is refused: \(lint.stderr)")
    }

    @Test func sqlModeRulesNamesEveryPlanRule() throws {
        let output = try #require(
            try EventLintBinary.run([
                "sql", "--schema", Repository.enginePlan.path, "--table", "p.d.events_*", "--mode", "rules",
            ]))
        #expect(output.status == 0)
        #expect(output.stdout.contains("-- mode: rules (plan_rule, violations)"))
        #expect(output.stdout.contains("'no_second_store_soon_after_limit'"))
    }
}
