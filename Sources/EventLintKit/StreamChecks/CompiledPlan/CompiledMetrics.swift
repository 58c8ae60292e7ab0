/// A metric of the readout compiled for the cross-event pass: matchers by which a user reaches
/// it and succeeds, and what time relation success needs.
struct CompiledMetric: Sendable {
    enum Timing: Sendable {
        /// Any success after the user reached the metric (a pass rate).
        case afterReach
        /// A success at most this many microseconds after the latest reaching event (a conversion).
        case within(Int64)
        /// A success on another UTC day than the first reaching event, at most this many
        /// microseconds after it (a return).
        case otherDayWithin(Int64)
    }

    let reach: [CompiledMatcher]
    let success: [CompiledMatcher]
    let timing: Timing
}

/// One user's progress on one metric, in time order.
struct MetricUserState: Sendable {
    var reached = false
    var succeeded = false
    /// The first and the latest reaching event's time (`Int64.min`: none with a time).
    var firstReach: Int64 = .min
    var lastReach: Int64 = .min
}

/// Per metric, per experiment, per declared arm: the users who reached the metric and the users
/// who succeeded. Integers in one flat array, so the parts of a run add up to the same totals
/// however users were split.
public struct MetricCounts: Sendable, Equatable {
    /// Arms per experiment, in plan order.
    let armCounts: [Int]
    let metricCount: Int
    /// `[metric][experiment][arm][reached, succeeded]`, flattened.
    public private(set) var values: [Int]

    init(plan: Plan) {
        armCounts = plan.experiments.map(\.arms.count)
        metricCount = plan.metrics.count
        values = Array(repeating: 0, count: 2 * metricCount * armCounts.reduce(0, +))
    }

    /// Where the counts of an arm of an experiment of a metric start.
    func offset(metric: Int, experiment: Int, arm: Int) -> Int {
        let perMetric = armCounts.reduce(0, +)
        return 2 * (metric * perMetric + armCounts[..<experiment].reduce(0, +) + arm)
    }

    public func count(metric: Int, experiment: Int, arm: Int) -> (reached: Int, succeeded: Int) {
        let start = offset(metric: metric, experiment: experiment, arm: arm)
        return (values[start], values[start + 1])
    }

    mutating func add(metric: Int, experiment: Int, arm: Int, succeeded: Bool) {
        let start = offset(metric: metric, experiment: experiment, arm: arm)
        values[start] = values[start].addingSaturating(1)
        if succeeded { values[start + 1] = values[start + 1].addingSaturating(1) }
    }

    mutating func add(_ other: MetricCounts) {
        guard other.values.count == values.count else { return }
        for index in values.indices { values[index] = values[index].addingSaturating(other.values[index]) }
    }
}

extension CompiledPlan {
    /// The plan's metrics compiled (a metric whose matchers cannot be made reaches no user).
    func compileMetric(_ metric: MetricDeclaration) -> CompiledMetric {
        let matchers = metric.matchers(in: plan)
        let timing: CompiledMetric.Timing
        switch metric.kind {
        case .passRate: timing = .afterReach
        case .conversion(_, _, let within): timing = .within(within.value.microseconds)
        case .returnVisit(_, _, let within): timing = .otherDayWithin(within.value.microseconds)
        }
        return CompiledMetric(
            reach: matchers?.reach.compactMap(compileMatcher) ?? [],
            success: matchers?.success.compactMap(compileMatcher) ?? [], timing: timing)
    }
}
