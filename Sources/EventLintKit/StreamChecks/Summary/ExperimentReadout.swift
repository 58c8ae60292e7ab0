import Glibc

/// The sample-ratio test of each experiment, from the users per arm that every part of the run
/// counted and the merge added up: the statistic and p-value are computed once, from integers,
/// so they and the finding are the same whatever `--jobs` or `--memory-limit`.
struct ExperimentReadout {
    var experiment: ExperimentDeclaration
    /// Users per declared arm, in plan order.
    var users: [Int]
    /// Users whose arm is no declared one.
    var otherUsers: Int
    var statistic: Double
    var p: Double

    var threshold: Double { experiment.srmThreshold?.value ?? ExperimentDeclaration.defaultSRMThreshold }
    /// A mismatch needs users to test: with none, p is 1.
    var isMismatch: Bool { p < threshold }

    init(_ experiment: ExperimentDeclaration, counts: [Int]) {
        self.experiment = experiment
        let arms = experiment.arms.count
        users = (0..<arms).map { $0 < counts.count ? counts[$0] : 0 }
        otherUsers = arms < counts.count ? counts[arms] : 0
        statistic = ChiSquared.statistic(counts: users, shares: experiment.arms.map(\.share))
        p = ChiSquared.pValue(statistic: statistic, degreesOfFreedom: arms - 1)
    }

    /// One readout per experiment of the plan, from a run's counts.
    static func readouts(plan: Plan, experimentUsers: [[Int]]) -> [ExperimentReadout] {
        plan.experiments.enumerated().map { index, experiment in
            ExperimentReadout(experiment, counts: index < experimentUsers.count ? experimentUsers[index] : [])
        }
    }

    /// The sample-ratio findings of a run, on each experiment's declaration in the plan.
    static func findings(plan: Plan, experimentUsers: [[Int]]) -> [Finding] {
        readouts(plan: plan, experimentUsers: experimentUsers).filter(\.isMismatch).map { readout in
            Finding(
                rule: ExperimentRules.sampleRatioMismatch,
                message: ExperimentRules.sampleRatioMismatchMessage(
                    experiment: readout.experiment.name,
                    arms: zip(readout.experiment.arms, readout.users).map { "\($0.value) \($1)" }
                        .joined(separator: ", "),
                    statistic: Self.decimal(readout.statistic), p: Self.probability(readout.p),
                    threshold: NumberText.format(readout.threshold)),
                at: readout.experiment.location)
        }
    }

    /// χ² with two decimals.
    static func decimal(_ value: Double) -> String { fixed(value, places: 2) }

    /// A p-value with four decimals, or in scientific notation with three digits below 0.001.
    static func probability(_ p: Double) -> String {
        guard p > 0 else { return "0" }
        if p >= 0.001 { return fixed(p, places: 4) }
        var exponent = Int(log10(p).rounded(.down))
        var mantissa = (p / pow(10, Double(exponent)) * 100).rounded() / 100
        if mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        return fixed(mantissa, places: 2) + "e" + String(exponent)
    }

    /// `value` with exactly `places` decimals (`0.0114`, `6.40`); not finite or huge values in
    /// Swift's shortest form, so nothing traps.
    static func fixed(_ value: Double, places: Int) -> String {
        let scale = pow(10, Double(places))
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15, places > 0 else { return String(describing: value) }
        let units = Int64(scaled)
        let (whole, fraction) = units.magnitude.quotientAndRemainder(dividingBy: UInt64(scale))
        let digits = String(fraction)
        return (units < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: places - digits.count) + digits
    }
}
