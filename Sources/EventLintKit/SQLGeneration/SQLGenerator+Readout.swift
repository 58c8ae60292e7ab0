/// `--mode readout`: the experiments' metrics per arm, as `lint`'s summary `metrics` counts them
/// (`CrossEventRun+Metrics.swift`): each user's first arm of each experiment in time order, each
/// user's reach and success of each metric from window functions over their events, then per
/// metric, experiment and declared arm the users, those who succeeded, the share and its 95 %
/// Wilson interval. Every declared arm has a row, 0 users included.
extension SQLGenerator {
    /// The CTEs after the experiments' (`experimentCTEs`: each user's first arm): two per metric
    /// (its rows, its users), and `readout` (a row per user, metric and experiment).
    func readoutCTEs() -> [(name: String, body: String)] {
        var ctes: [(name: String, body: String)] = []
        let planned = "user_key IS NOT NULL AND \(eventIn(planEventNames))"
        let experiments = followedExperiments.map { (index: $0.index, name: $0.experiment.name) }
        var users: [String] = []
        for (index, metric) in plan.metrics.enumerated() {
            guard let matchers = metric.matchers(in: plan) else { continue }
            let reach = SQLText.any(matchers.reach.compactMap(matcher))
            let success = SQLText.any(matchers.success.compactMap(matcher))
            let events = (matchers.reach + matchers.success).map(\.event)
            ctes.append(
                (
                    "metric\(index)_rows",
                    """
                    -- Metric \(SQLText.string(metric.name)): per event, whether it reaches the metric and whether it succeeds after an earlier reach.
                    SELECT user_key, \(reach) AS reaches, COALESCE(\(success) AND \(succeeds(metric.kind, reach: reach)), FALSE) AS succeeds
                    FROM ordered
                    WHERE \(planned) AND \(eventIn(events))
                    """
                ))
            ctes.append(
                (
                    "metric\(index)_users",
                    """
                    SELECT user_key, LOGICAL_OR(reaches) AS reached, LOGICAL_OR(succeeds) AS succeeded
                    FROM metric\(index)_rows
                    GROUP BY user_key
                    """
                ))
            for experiment in experiments {
                users.append(
                    """
                    SELECT \(SQLText.string(metric.name)) AS metric, \(SQLText.string(experiment.name)) AS experiment, e.arm, m.succeeded
                    FROM metric\(index)_users AS m
                    JOIN experiment\(experiment.index)_arms AS e ON e.user_key = m.user_key
                    WHERE m.reached
                    """)
            }
        }
        ctes.append(
            (
                "readout",
                users.isEmpty
                    ? "SELECT CAST(NULL AS STRING) AS metric, CAST(NULL AS STRING) AS experiment, CAST(NULL AS STRING) AS arm, FALSE AS succeeded\nFROM (SELECT 1) AS none\nWHERE FALSE"
                    : users.joined(separator: "\nUNION ALL\n")
            ))
        return ctes
    }

    /// Whether a success event counts, from the user's earlier events (the frame ends one row
    /// before it, as `lint` checks success before the event's own reach).
    func succeeds(_ kind: MetricKind, reach: String) -> String {
        let earlier =
            "OVER (PARTITION BY user_key ORDER BY \(timeOrder) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)"
        let timedReach = "IF((\(reach)) AND event_time IS NOT NULL, event_time, NULL)"
        switch kind {
        case .passRate:
            return "IFNULL(COUNTIF(\(reach)) \(earlier), 0) > 0"
        case .conversion(_, _, let within):
            let last = "LAST_VALUE(\(timedReach) IGNORE NULLS) \(earlier)"
            return "event_time - \(last) BETWEEN 0 AND \(within.value.microseconds)"
        case .returnVisit(_, _, let within):
            let first = "FIRST_VALUE(\(timedReach) IGNORE NULLS) \(earlier)"
            let day = Self.microsecondsPerDay
            return
                "event_time - \(first) BETWEEN 0 AND \(within.value.microseconds) AND DIV(event_time, \(day)) <> DIV(\(first), \(day))"
        }
    }

    static let microsecondsPerDay: Int64 = 86_400_000_000

    /// The readout's result: every declared arm of every experiment for every metric, in plan
    /// order, with its users, successes, share and Wilson bounds.
    func readoutSelect() -> String {
        var arms: [String] = []
        for metric in plan.metrics {
            for experiment in plan.experiments {
                for arm in experiment.arms {
                    arms.append(
                        "SELECT \(arms.count) AS position, \(SQLText.string(metric.name)) AS metric, \(SQLText.string(experiment.name)) AS experiment, \(SQLText.string(arm.value)) AS arm"
                    )
                }
            }
        }
        let declared =
            arms.isEmpty
            ? "SELECT 0 AS position, CAST(NULL AS STRING) AS metric, CAST(NULL AS STRING) AS experiment, CAST(NULL AS STRING) AS arm FROM (SELECT 1) AS none WHERE FALSE"
            : arms.joined(separator: "\n  UNION ALL ")
        let z = "1.959963984540054"
        let n = "CAST(users AS FLOAT64)"
        let p = "(CAST(succeeded AS FLOAT64) / \(n))"
        let center = "(\(p) + \(z) * \(z) / (2 * \(n)))"
        let half = "\(z) * SQRT(\(p) * (1 - \(p)) / \(n) + \(z) * \(z) / (4 * \(n) * \(n)))"
        let scale = "(1 + \(z) * \(z) / \(n))"
        return """
            SELECT metric, experiment, arm, users, succeeded,
              IF(users = 0, 0, \(p)) AS share,
              IF(users = 0, 0, GREATEST(0, (\(center) - \(half)) / \(scale))) AS lower,
              IF(users = 0, 1, LEAST(1, (\(center) + \(half)) / \(scale))) AS upper
            FROM (
              SELECT declared.position, declared.metric, declared.experiment, declared.arm,
                COUNT(readout.arm) AS users, COUNTIF(COALESCE(readout.succeeded, FALSE)) AS succeeded
              FROM (
                \(declared)
              ) AS declared
              LEFT JOIN readout ON readout.metric = declared.metric AND readout.experiment = declared.experiment
                AND readout.arm = declared.arm
              GROUP BY declared.position, declared.metric, declared.experiment, declared.arm
            ) AS counted
            ORDER BY position
            """
    }
}
