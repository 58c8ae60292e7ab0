extension LintSummary {
    /// Per experiment of the plan: the users first seen in each declared arm, the declared
    /// shares, the users in another arm, and the sample-ratio test (`ExperimentReadout`).
    /// `EXPERIMENT: users ARM 560, OTHER 440, shares ARM 0.5, OTHER 0.5, …`
    var experimentSection: SummarySection? {
        guard !plan.experiments.isEmpty else { return nil }
        let columns = [
            SummaryColumn("experiment", key: "experiment", role: .label),
            SummaryColumn("users", key: "usersByArm"),
            SummaryColumn("shares", key: "shares"),
            SummaryColumn("other arms", key: "usersInOtherArms"),
            SummaryColumn("χ²", key: "chiSquared"),
            SummaryColumn("p", key: "p"),
            SummaryColumn("threshold", key: "srmThreshold"),
            SummaryColumn("mismatch", key: "sampleRatioMismatch"),
        ]
        let readouts = ExperimentReadout.readouts(plan: plan, experimentUsers: result.experimentUsers)
        let rows: [[SummaryValue]] = readouts.map { readout in
            let arms = readout.experiment.arms
            return [
                .text(readout.experiment.name),
                .tally(zip(arms, readout.users).map { SummaryTally($0.value, $1) }),
                .text(arms.map { "\($0.value) \(NumberText.format($0.share))" }.joined(separator: ", ")),
                .integer(readout.otherUsers),
                .text(ExperimentReadout.decimal(readout.statistic)),
                .text(ExperimentReadout.probability(readout.p)),
                .text(NumberText.format(readout.threshold)),
                .flag(readout.isMismatch),
            ]
        }
        return SummarySection(
            title: "experiments",
            [.table(SummaryTable(key: "experiments", columns: columns, rows: rows, layout: .lines))])
    }
}
