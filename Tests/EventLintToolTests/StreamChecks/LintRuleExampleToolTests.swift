import Testing

@testable import EventLintKit

/// The built executable's `explain --example-plan`.
@Suite struct LintRuleExampleToolTests {
    /// `explain --example-plan` prints the plan the examples are checked against, and names it in
    /// the rule list; with a rule id too it is a usage error.
    @Test func explainPrintsTheExamplePlan() throws {
        let plan = try #require(try EventLintBinary.run(["explain", "--example-plan"]))
        #expect(plan.status == 0)
        #expect(plan.stdout == RuleExamples.examplePlan + "\n")
        let listing = try #require(try EventLintBinary.run(["explain"]))
        #expect(listing.stdout.contains("`eventlint explain --example-plan`"))
        let both = try #require(try EventLintBinary.run(["explain", "--example-plan", "pair/unclosed"]))
        #expect(both.status == 2)
        #expect(both.stderr.contains("--example-plan takes no rule id"))
    }
}
