import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// No plan text reaches the SQL outside a string literal built by `SQLText.string`, and `check`
/// rejects hostile names (`SQLInjectionToolTests` parses the script of a hostile plan).
@Suite struct SQLInjectionTests {
    static let breakers = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
    static let payload = "DROP TABLE `p.d.events`; SELECT 1; --"

    /// `check` reports every pair and rule name that is not an identifier, at its key.
    @Test(arguments: [
        "block offer", "block\noffer", "block\u{2028}offer", "1block", "block-offer", "blöck", "",
        String(repeating: "a", count: 65),
    ])
    func checkRejectsPairAndRuleNamesThatAreNotIdentifiers(name: String) throws {
        let escaped = JSONOutput.escaped(name)
        let text = """
            {
              events: { a: { description: 'x' }, b: { description: 'x' } },
              pairs: { "\(escaped)": { open: 'a', close: { events: ['b'] } } },
              rules: { "\(escaped)": { on: 'a', after: 'b' } },
            }
            """
        let findings = try PlanText.check(text).findings.filter { $0.ruleID == "plan/pair-or-rule-name-invalid" }
        #expect(findings.map(\.location.line) == [3, 4], "\(findings.map(\.message))")
        #expect(findings.map(\.location.column) == [12, 12])
        #expect(findings.allSatisfy { $0.severity == .error })
    }

    @Test func shippedNamesAreIdentifiers() throws {
        let plan = try GeneratedSQL.shippedPlan()
        #expect((plan.pairs.map(\.name) + plan.rules.map(\.name)).allSatisfy(GA4Facts.isValidName))
    }

    @Test func theEscaperEscapesEveryLineBreak() {
        #expect(
            SQLText.string("a\u{2028}b\u{2029}c\u{85}d\u{0B}e\u{7F}f\u{202E}g")
                == "'a\\u2028b\\u2029c\\u0085d\\x0be\\x7ff\\u202eg'")
    }
}
