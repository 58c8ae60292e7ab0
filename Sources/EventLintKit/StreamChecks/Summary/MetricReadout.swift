#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A metric's share in one arm of one experiment, with its 95 % Wilson score interval: the
/// interval for a binomial share that stays within [0, 1] and is sound for small counts and
/// shares near 0 or 1 (where the normal approximation is not).
public struct MetricShare: Sendable, Equatable {
    public var reached: Int
    public var succeeded: Int

    /// z for a two-sided 95 % interval.
    static let z = 1.959963984540054

    public var rate: Double { reached > 0 ? Double(succeeded) / Double(reached) : 0 }

    /// The Wilson interval; (0, 1) with no user.
    public var interval: (lower: Double, upper: Double) {
        guard reached > 0 else { return (0, 1) }
        let n = Double(reached)
        let p = rate
        let z2 = Self.z * Self.z
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = Self.z / denominator * sqrt(p * (1 - p) / n + z2 / (4 * n * n))
        return (max(0, center - half), min(1, center + half))
    }
}

extension LintSummary {
    /// Per metric, per experiment, per declared arm: the users who reached the metric, those
    /// who succeeded, the share and its 95 % Wilson interval.
    var metricSection: SummarySection? {
        guard !plan.metrics.isEmpty, !plan.experiments.isEmpty, let counts = result.metricCounts else { return nil }
        let columns = [
            SummaryColumn("metric", key: "metric", role: .label),
            SummaryColumn("experiment", key: "experiment"),
            SummaryColumn("arm", key: "arm"),
            SummaryColumn("users", key: "users"),
            SummaryColumn("succeeded", key: "succeeded"),
            SummaryColumn("share", key: "share"),
            SummaryColumn("95 % low", key: "lower"),
            SummaryColumn("95 % high", key: "upper"),
        ]
        var rows: [[SummaryValue]] = []
        for (metricIndex, metric) in plan.metrics.enumerated() {
            for (experimentIndex, experiment) in plan.experiments.enumerated() {
                for (armIndex, arm) in experiment.arms.enumerated() {
                    let count = counts.count(metric: metricIndex, experiment: experimentIndex, arm: armIndex)
                    let share = MetricShare(reached: count.reached, succeeded: count.succeeded)
                    let interval = share.interval
                    rows.append([
                        .text(metric.name), .text(experiment.name), .text(arm.value), .integer(share.reached),
                        .integer(share.succeeded), .percent(part: share.succeeded, total: share.reached),
                        .fraction(interval.lower), .fraction(interval.upper),
                    ])
                }
            }
        }
        return SummarySection(
            title: "metrics per arm",
            [.table(SummaryTable(key: "metrics", columns: columns, rows: rows, layout: .lines))])
    }
}
