/// What one pair saw over the whole input, for the report.
/// One arm combination's share of a pair: what each arm saw of the flow.
public struct PairArmStatistics: Sendable, Hashable {
    public var opened = 0
    public var closedByOutcome: [String: Int] = [:]
    /// Unclosed, near the end of the input or not.
    public var unclosed = 0
    public var durationsMs: [Double] = []

    public init() {}

    public mutating func add(_ other: PairArmStatistics) {
        opened += other.opened
        closedByOutcome.merge(other.closedByOutcome, uniquingKeysWith: +)
        unclosed += other.unclosed
        durationsMs += other.durationsMs
    }

    public var median: Double? {
        guard !durationsMs.isEmpty else { return nil }
        let sorted = durationsMs.inOrder
        return sorted[(sorted.count - 1) / 2]
    }
}

public struct PairStatistics: Sendable {
    public var name: String
    public var opened = 0
    /// Closes by outcome (the pair's `outcome` param value, or the close event's name).
    public var closedByOutcome: [String: Int] = [:]
    public var unclosed = 0
    public var unclosedNearEnd = 0
    public var orphanCloses = 0
    /// Open-to-close time in milliseconds, from the timestamps.
    public var durationsMs: [Double] = []
    /// The same counts per combination of experiment arms (the values of the plan's
    /// `experiment` user properties on the opening event, in plan order; `(none)` when absent).
    public var byArms: [[String]: PairArmStatistics] = [:]

    /// Adds another part's counts of the same pair (the durations' order does not matter: they
    /// are read sorted).
    public mutating func add(_ other: PairStatistics) {
        opened += other.opened
        closedByOutcome.merge(other.closedByOutcome, uniquingKeysWith: +)
        unclosed += other.unclosed
        unclosedNearEnd += other.unclosedNearEnd
        orphanCloses += other.orphanCloses
        durationsMs += other.durationsMs
        for (arms, statistics) in other.byArms { byArms[arms, default: PairArmStatistics()].add(statistics) }
    }

    public func percentile(_ fraction: Double) -> Double? { percentiles([fraction])[0] }

    /// Several percentiles of the durations, sorted once (nil each when there are none).
    public func percentiles(_ fractions: [Double]) -> [Double?] {
        guard !durationsMs.isEmpty else { return fractions.map { _ in nil } }
        let sorted = durationsMs.inOrder
        return fractions.map { fraction in
            let index = Int(saturating: (Double(sorted.count - 1) * fraction).rounded(.toNearestOrAwayFromZero))
            return sorted[min(max(index, 0), sorted.count - 1)]
        }
    }
}

/// What the cross-event stage gives besides its findings: per pair what it saw, and the
/// violations of each plan rule in plan order. Parts of a run (threads, a live session's users)
/// add up.
public struct CrossEventResult: Sendable {
    public var pairs: [PairStatistics]
    public var ruleViolations: [Int]
    /// Per plan experiment: the users first seen in each declared arm, in plan order, then the
    /// users whose arm is no declared one. Integers, so the parts add up to the same totals
    /// however the users were split; the test is computed from the sums (`ExperimentReadout`).
    public var experimentUsers: [[Int]] = []
    /// Per metric, experiment and declared arm: users who reached the metric and who succeeded.
    public var metricCounts: MetricCounts? = nil

    /// Sorts every pair's and arm's durations in place. Each part of a run sorts its own on its
    /// thread, so the percentiles of the report sort runs already in order (in time linear in
    /// their number with one part, merging one run per part with several).
    mutating func sortDurations() {
        for index in pairs.indices {
            pairs[index].durationsMs.sort()
            for arms in pairs[index].byArms.keys { pairs[index].byArms[arms]?.durationsMs.sort() }
        }
    }

    /// Adds another part's counts of the same plan.
    mutating func add(_ other: CrossEventResult) {
        if let counts = other.metricCounts {
            if metricCounts == nil { metricCounts = counts } else { metricCounts?.add(counts) }
        }
        for index in pairs.indices where index < other.pairs.count { pairs[index].add(other.pairs[index]) }
        for index in ruleViolations.indices where index < other.ruleViolations.count {
            ruleViolations[index] += other.ruleViolations[index]
        }
        if experimentUsers.isEmpty {
            experimentUsers = other.experimentUsers
        } else {
            for index in experimentUsers.indices where index < other.experimentUsers.count {
                for arm in experimentUsers[index].indices where arm < other.experimentUsers[index].count {
                    experimentUsers[index][arm] = experimentUsers[index][arm].addingSaturating(
                        other.experimentUsers[index][arm])
                }
            }
        }
    }
}

extension [Double] {
    /// The durations sorted: as they are when a run's parts sorted them already (one pass to see
    /// it), else a sorted copy.
    var inOrder: [Double] {
        zip(self, dropFirst()).allSatisfy { $0 <= $1 } ? self : sorted()
    }
}
