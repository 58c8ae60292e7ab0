import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `check` is linear in the size of the plan: names are looked up in dictionaries, not by
/// scanning every declaration for every reference (10,000 events took 21 s).
@Suite struct PlanScalingTests {
    /// A plan of `events` events (each with one param), a rule per tenth event and a pair per
    /// hundredth, every reference valid.
    static func plan(events: Int) -> String {
        var text = "{\n  params: { p: { type: 'string', description: 'x' } },\n  events: {\n"
        for index in 0..<events {
            text += "    e\(index): { description: 'x', params: { p: 'optional' } },\n"
        }
        text += "  },\n  rules: {\n"
        for index in stride(from: 0, to: events - 1, by: 10) {
            text += "    r\(index): { on: 'e\(index)', when: { p: 'a' }, after: 'e\(index + 1)' },\n"
        }
        text += "  },\n  pairs: {\n"
        for index in stride(from: 0, to: events - 1, by: 100) {
            text += "    q\(index): { open: 'e\(index)', close: { events: ['e\(index + 1)'] } },\n"
        }
        return text + "  },\n}\n"
    }

    /// Loading and checking, best of three runs, in seconds.
    static func seconds(events: Int) throws -> Double {
        let text = plan(events: events)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let findings = try PlanText.check(text).findings
            let elapsed = ContinuousClock.now - start
            // Over GA4's 500 event names, on purpose: that one finding is all.
            #expect(
                findings.filter { $0.severity == .error }.map(\.ruleID) == ["ga4/too-many-events"],
                "\(findings.prefix(3).map(\.message))")
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    /// Eight times the plan takes about eight times as long (quadratic: sixty-four); the bound
    /// is loose so a busy machine cannot fail it, and a quadratic check cannot pass it.
    @Test func checkTimeGrowsLinearlyWithThePlan() throws {
        let small = try Self.seconds(events: 1_000)
        let large = try Self.seconds(events: 8_000)
        #expect(large / small < 24, "1,000 events: \(small) s, 8,000 events: \(large) s")
    }
}
