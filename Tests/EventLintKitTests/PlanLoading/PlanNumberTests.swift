import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Every number a plan gives is range checked where it is read: `check`, `lint` and `sql`
/// agree on what a plan may say, and no number reaches a conversion or an output it cannot
/// survive (`Int64(x * 60_000_000)`, `String(Int64(x))`, `GREATEST(inf, …)`).
@Suite struct PlanNumberTests {
    static let base = """
        {
          params: {
            minutes: { type: 'int', min: 0, max: 120 },
            bucket: { type: 'bucket', edges: [0, 1, 5] },
            outcome: { type: 'string', values: ['done', 'quit'] },
            duration_ms: { type: 'int', min: 0 },
          },
          events: {
            timer_started: { params: { minutes: 'optional', bucket: 'optional' } },
            timer_closed: { params: { outcome: 'required', duration_ms: 'required', minutes: 'optional' } },
          },
          pairs: {
            timer: { open: 'timer_started', close: { events: ['timer_closed'] }, duration: { param: 'duration_ms', toleranceMs: 1000, tolerancePercent: 10 } },
          },
          rules: {
            long_timers: { on: 'timer_closed', when: { minutes: { min: 1 } }, require: { outcome: 'done' } },
          },
          lint: { unclosedWindowMinutes: 30 },
        }
        """

    /// The base plan is clean, so each edit's finding is the edit's alone.
    @Test func basePlanIsClean() throws {
        let findings = try PlanText.check(Self.base).findings
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings.map(\.message))")
    }

    /// (text to replace, its replacement, the text the finding's column points at)
    @Test(arguments: [
        ("unclosedWindowMinutes: 30", "unclosedWindowMinutes: 200000000000", "200000000000"),
        ("unclosedWindowMinutes: 30", "unclosedWindowMinutes: 1e400", "1e400"),
        ("unclosedWindowMinutes: 30", "unclosedWindowMinutes: -1", "-1"),
        ("min: 0, max: 120", "min: -1e400, max: 120", "-1e400"),
        ("min: 0, max: 120", "min: 0, max: 1e400", "1e400"),
        ("edges: [0, 1, 5]", "edges: [0, 1, 9223372036854775807]", "9223372036854775807"),
        ("edges: [0, 1, 5]", "edges: [-9223372036854775808, 1, 5]", "-9223372036854775808"),
        ("values: ['done', 'quit']", "values: ['done', 1e400]", "1e400"),
        ("toleranceMs: 1000", "toleranceMs: 1e400", "1e400"),
        ("toleranceMs: 1000", "toleranceMs: -5", "-5"),
        ("tolerancePercent: 10", "tolerancePercent: 1e300", "1e300"),
        ("when: { minutes: { min: 1 } }", "when: { minutes: { min: 1e400 } }", "1e400"),
        // Integers a double does not hold: read, they would be their neighbour.
        ("min: 0, max: 120", "min: 0, max: 9007199254740993", "9007199254740993"),
        ("min: 0, max: 120", "min: -9007199254740993, max: 120", "-9007199254740993"),
        (
            "values: ['done', 'quit']", "values: ['done', 123456789012345678901234567890]",
            "123456789012345678901234567890"
        ),
        ("when: { minutes: { min: 1 } }", "when: { minutes: { min: 9007199254740995 } }", "9007199254740995"),
        ("tolerancePercent: 10", "tolerancePercent: 18014398509481985", "18014398509481985"),
        ("minutes: { type: 'int', min: 0", "minutes: { type: 'string', minLength: 99999999999, min: 0", "99999999999"),
    ])
    func outOfRangeNumberIsAnInvalidDeclarationAtItsColumn(old: String, new: String, at: String) throws {
        #expect(Self.base.contains(old))
        let text = Self.base.replacingOccurrences(of: old, with: new)
        let findings = try PlanText.check(text).findings.filter { $0.ruleID == "plan/invalid-declaration" }
        let lineIndex = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(new) }!
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[lineIndex]
        let column = Array(line.utf8).indices.last { Array(line.utf8)[$0...].starts(with: Array(at.utf8)) }! + 1
        #expect(findings.count == 1, "\(new): \(findings.map(\.message))")
        #expect(
            findings.first.map { ($0.location.line, $0.location.column) } ?? (0, 0) == (lineIndex + 1, column),
            "\(new): \(findings.map { "\($0.location.line):\($0.location.column) \($0.message)" })")
        #expect(findings.first?.severity == .error)
    }

    /// `check --base` compared a `min` of 1e20 through `String(Int64(…))` and trapped.
    @Test func planDiffShowsHugeBoundsWithoutTrapping() throws {
        let before = try PlanText.check(Self.base, path: "base/plan.json5").plan
        let after = try PlanText.check(
            Self.base.replacingOccurrences(of: "min: 0, max: 120", with: "min: 1e20, max: 1e300")
        ).plan
        let messages = PlanDiff.compare(base: before, current: after).map(\.message).joined(separator: "\n")
        #expect(messages.contains("from 0 to 1e+20"), "\(messages)")
        #expect(messages.contains("1e+300"), "\(messages)")
    }

    /// The class guard: the one number formatter holds every double.
    @Test(
        arguments: [
            (0.0, "0"), (-0.0, "0"), (30, "30"), (-5, "-5"), (0.5, "0.5"), (1e20, "1e+20"), (1e300, "1e+300"),
            (-9.3e18, "-9.3e+18"), (.infinity, "inf"), (-Double.infinity, "-inf"), (.nan, "nan"),
            (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        ] as [(Double, String)])
    func numberTextFormatsEveryDouble(value: Double, text: String) {
        #expect(NumberText.format(value) == text)
    }

    @Test func sqlNeverPrintsABareInfinity() {
        #expect(SQLText.number(.infinity) == "CAST('inf' AS FLOAT64)")
        #expect(SQLText.number(-.infinity) == "CAST('-inf' AS FLOAT64)")
        #expect(SQLText.number(1e20) == "1e+20")
    }

    /// The core takes any double for the window: a flag value that would overflow
    /// `Int64(minutes * 60_000_000)` saturates instead of trapping.
    @Test(arguments: [153_722_867_281.0, 200_000_000_000, .infinity, .nan, -1, .greatestFiniteMagnitude])
    func lintTakesAnyWindowWithoutTrapping(minutes: Double) throws {
        let lines = [Export.bq("limit_sheet_shown", at: 0, params: Events.sheet()), Events.step(at: 60)]
        let result = try Lint.run(lines) { $0.unclosedWindowMinutes = minutes }
        let nearEnd = result.findings("pair/unclosed-near-end").count
        let unclosed = result.findings("pair/unclosed").count
        #expect(nearEnd + unclosed == 1)
        #expect(nearEnd == (minutes >= 1 ? 1 : 0), "\(minutes)")
    }

}
