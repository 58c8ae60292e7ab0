/// The readout's metrics, one user at a time: a user reaches a metric on a reaching event and
/// succeeds on a success event that comes after it (within the metric's window, and for a
/// return on another UTC day than the first reaching event). At the user's end the user is
/// counted in the first arm seen of each experiment.
extension CrossEventRun {
    static let microsecondsPerDay: Int64 = 86_400_000_000

    /// Moves the user's metrics by one record, in time order.
    mutating func trackMetrics(_ record: EventRecord, _ values: RecordValues) {
        for index in checker.metricsByEvent[Int(record.event)] {
            let metric = checker.plan.metrics[index]
            var state = userMetrics[index]
            // Success first: an event that both reaches and succeeds is not its own success.
            if state.reached, !state.succeeded, metric.success.firstMatch(record, values) != nil,
                Self.succeeds(metric.timing, state, at: record.timestamp)
            {
                state.succeeded = true
            }
            if metric.reach.firstMatch(record, values) != nil {
                state.reached = true
                if record.timestamp != .min {
                    if state.firstReach == .min { state.firstReach = record.timestamp }
                    state.lastReach = record.timestamp
                }
            }
            userMetrics[index] = state
        }
    }

    /// Whether a success event at `time` counts for a user who reached the metric.
    static func succeeds(_ timing: CompiledMetric.Timing, _ state: MetricUserState, at time: Int64) -> Bool {
        switch timing {
        case .afterReach:
            return true
        case .within(let window):
            guard state.lastReach != .min, time != .min else { return false }
            let elapsed = time.subtractingSaturating(state.lastReach)
            return elapsed >= 0 && elapsed <= window
        case .otherDayWithin(let window):
            guard state.firstReach != .min, time != .min else { return false }
            let elapsed = time.subtractingSaturating(state.firstReach)
            return elapsed >= 0 && elapsed <= window && day(time) != day(state.firstReach)
        }
    }

    /// The UTC calendar day of a time in microseconds since 1970.
    static func day(_ time: Int64) -> Int64 {
        let (quotient, remainder) = time.quotientAndRemainder(dividingBy: microsecondsPerDay)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// Counts the ended user in each metric reached, per experiment, in the first arm seen
    /// when it is a declared one.
    mutating func countMetrics() {
        for (metric, state) in userMetrics.enumerated() where state.reached {
            for (index, experiment) in checker.plan.experiments.enumerated() {
                guard let name = userArms[index].name, let arm = experiment.arms.firstIndex(of: name) else { continue }
                metricCounts.add(metric: metric, experiment: index, arm: arm, succeeded: state.succeeded)
            }
        }
    }
}
