import Testing

@testable import EventLintKit

/// The sample-ratio test's statistic and p-value against values from tables (R's `pchisq(x, df,
/// lower.tail = FALSE)`), so the check's threshold means what the plan says.
@Suite struct ChiSquaredTests {
    static let known: [(statistic: Double, degreesOfFreedom: Int, p: Double)] = [
        (6.4, 1, 0.011_412_036),
        (14.4, 1, 0.000_147_802_7),
        (3.841_458_8, 1, 0.05),
        (10.827_566, 1, 0.001),
        (5.991_464_5, 2, 0.05),
        (7.814_727_9, 3, 0.05),
        (0.5, 1, 0.479_500_1),
        (1, 3, 0.801_251_9),
        (30, 4, 0.000_004_894_437_1),  // exactly 16 e^-15
        (100, 1, 1.523_971e-23),
    ]

    @Test(arguments: known)
    func pValuesMatchTheTables(_ entry: (statistic: Double, degreesOfFreedom: Int, p: Double)) {
        let p = ChiSquared.pValue(statistic: entry.statistic, degreesOfFreedom: entry.degreesOfFreedom)
        #expect(abs(p - entry.p) <= entry.p * 1e-5, "χ² \(entry.statistic), df \(entry.degreesOfFreedom): \(p)")
    }

    @Test func edgesGiveCertainties() {
        #expect(ChiSquared.pValue(statistic: 0, degreesOfFreedom: 1) == 1)
        #expect(ChiSquared.pValue(statistic: .infinity, degreesOfFreedom: 1) == 0)
        #expect(ChiSquared.pValue(statistic: 1e6, degreesOfFreedom: 3) == 0)
    }

    @Test func statisticOfTheDocumentedSplits() {
        #expect(abs(ChiSquared.statistic(counts: [540, 460], shares: [0.5, 0.5]) - 6.4) < 1e-9)
        #expect(abs(ChiSquared.statistic(counts: [560, 440], shares: [0.5, 0.5]) - 14.4) < 1e-9)
        #expect(ChiSquared.statistic(counts: [0, 0], shares: [0.5, 0.5]) == 0)
        #expect(abs(ChiSquared.statistic(counts: [10, 20, 70], shares: [0.1, 0.2, 0.7])) < 1e-12)
    }

    /// The critical values `sql` compares its χ² with (tables of the chi-squared distribution).
    @Test(arguments: [(1, 0.05, 3.841459), (1, 0.001, 10.827566), (3, 0.001, 16.266236), (2, 0.01, 9.210340)])
    func criticalValuesMatchTheTables(degreesOfFreedom: Int, p: Double, critical: Double) {
        let value = ChiSquared.criticalValue(p: p, degreesOfFreedom: degreesOfFreedom)
        #expect(abs(value - critical) < 1e-5, "df \(degreesOfFreedom), p \(p): \(value)")
        #expect(ChiSquared.pValue(statistic: value * 1.0001, degreesOfFreedom: degreesOfFreedom) < p)
        #expect(ChiSquared.pValue(statistic: value * 0.9999, degreesOfFreedom: degreesOfFreedom) > p)
    }
}
