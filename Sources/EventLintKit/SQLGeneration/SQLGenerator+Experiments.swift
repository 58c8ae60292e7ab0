/// The arm checks of the plan's experiments as SQL (`CrossEventRun+Experiments.swift`): each
/// user's plan events in time order, the first with a valid arm, then a later event with another
/// arm (`experiment/arm-flip`), a first arm outside the population
/// (`experiment/outside-population`) and a pair opened before the first arm
/// (`experiment/event-before-arm`), each at most once per user and experiment; and the
/// sample-ratio test on the users per declared first arm (`experiment/sample-ratio-mismatch`),
/// against the chi-squared value whose p-value is the experiment's threshold, worked out here
/// (BigQuery has no incomplete gamma function).
extension SQLGenerator {
    /// The experiments the SQL follows: those whose arm's user property it reads.
    var followedExperiments: [(index: Int, experiment: ExperimentDeclaration, slot: Slot)] {
        plan.experiments.enumerated().compactMap { index, experiment in
            slot(userProperty: experiment.userProperty.value).map { (index, experiment, $0) }
        }
    }

    /// Per experiment: the user's plan events numbered in time order, and the first with an arm.
    func experimentCTEs() -> [(name: String, body: String)] {
        followedExperiments.flatMap { index, experiment, slot in
            [
                (
                    "experiment\(index)_events",
                    """
                    -- Experiment \(SQLText.string(experiment.name)): each user's plan events in time order.
                    SELECT *, ROW_NUMBER() OVER (PARTITION BY user_key ORDER BY \(timeOrder)) AS arm_position
                    FROM ordered
                    WHERE user_key IS NOT NULL AND \(eventIn(planEventNames))
                    """
                ),
                (
                    "experiment\(index)_arms",
                    """
                    -- Experiment \(SQLText.string(experiment.name)): each user's first event with a valid arm.
                    SELECT user_key, arm_position AS first_position, \(slot.value) AS arm
                    FROM (
                      SELECT *, ROW_NUMBER() OVER (PARTITION BY user_key ORDER BY arm_position) AS armed
                      FROM experiment\(index)_events
                      WHERE \(slot.state) = 'ok'
                    ) AS ranked
                    WHERE armed = 1
                    """
                ),
            ]
        }
    }

    /// The findings of the arm checks, one select per check and experiment.
    func experimentFindings() -> [String] {
        let columns =
            "e.user_key, e.event_time, e.event_name, CAST(NULL AS STRING) AS param, "
            + Self.noValueNorPlanRule + (request.mode == .rows ? ", e.event_date, e.app_version, e.platform" : "")
        let opensPair = plan.pairs.flatMap { $0.opens.map(\.event) }.filter { plan.event(named: $0) != nil }
        return followedExperiments.flatMap { index, experiment, slot -> [String] in
            let name = SQLText.string(experiment.name)
            let joined = "experiment\(index)_events AS e JOIN experiment\(index)_arms AS a ON a.user_key = e.user_key"
            func firstPerUser(_ rule: Rule, _ test: String) -> String {
                """
                SELECT \(SQLText.string(rule.id)) AS rule_id, \(columns)
                FROM (
                  SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e.user_key ORDER BY e.arm_position) AS found
                  FROM \(joined)
                  WHERE \(test)
                ) AS e
                WHERE found = 1
                """
            }
            var selects = [
                "-- Experiment \(name): a later event with another arm.\n"
                    + firstPerUser(ExperimentRules.armFlip, "e.\(slot.state) = 'ok' AND e.\(slot.value) <> a.arm")
            ]
            if !opensPair.isEmpty {
                selects.append(
                    "-- Experiment \(name): a pair opened before the first arm.\n"
                        + firstPerUser(
                            ExperimentRules.eventBeforeArm,
                            "e.\(slot.state) = 'absent' AND e.arm_position < a.first_position AND \(eventIn(opensPair, column: "e.event_name"))"
                        ))
            }
            let outside = experiment.population.compactMap { condition($0, userProperty: true)?.sql }
            if !outside.isEmpty {
                let test = outside.map { "(\($0)) IS FALSE" }.joined(separator: " OR ")
                selects.append(
                    """
                    -- Experiment \(name): the first arm outside the population.
                    SELECT \(SQLText.string(ExperimentRules.outsidePopulation.id)) AS rule_id, \(columns)
                    FROM \(joined)
                    WHERE e.arm_position = a.first_position AND (\(test))
                    """)
            }
            return selects
        }
    }

    /// The sample-ratio test of each experiment with two arms or more: χ² of the users per
    /// declared first arm against the shares, a finding (on no row) above the critical value.
    func sampleRatioFindings() -> [String] {
        followedExperiments.compactMap { index, experiment, _ -> String? in
            let arms = experiment.arms.filter { $0.share > 0 }
            guard experiment.arms.count >= 2, !arms.isEmpty else { return nil }
            let threshold = experiment.srmThreshold?.value ?? ExperimentDeclaration.defaultSRMThreshold
            let critical = ChiSquared.criticalValue(p: threshold, degreesOfFreedom: experiment.arms.count - 1)
            let counted =
                "(SELECT COUNT(*) FROM experiment\(index)_arms WHERE arm IN \(SQLText.stringList(experiment.arms.map(\.value))))"
            let terms = arms.map { arm -> String in
                let observed =
                    "CAST((SELECT COUNT(*) FROM experiment\(index)_arms WHERE arm = \(SQLText.string(arm.value))) AS FLOAT64)"
                let expected = "(CAST(\(counted) AS FLOAT64) * \(SQLText.number(arm.share)))"
                return "POW(\(observed) - \(expected), 2) / \(expected)"
            }
            let none = "CAST(NULL AS STRING)"
            let context =
                request.mode == .rows ? ", \(none) AS event_date, \(none) AS app_version, \(none) AS platform" : ""
            return """
                -- Experiment \(SQLText.string(experiment.name)): users per declared first arm against the shares (χ² above \(SQLText.number(critical)) is p below \(SQLText.number(threshold))).
                SELECT \(SQLText.string(ExperimentRules.sampleRatioMismatch.id)) AS rule_id, \(none) AS user_key, CAST(NULL AS INT64) AS event_time,
                  \(none) AS event_name, \(none) AS param, \(Self.noValueNorPlanRule)\(context)
                FROM (SELECT 1) AS test
                WHERE \(counted) > 0 AND \(terms.joined(separator: " + ")) > \(SQLText.number(critical))
                """
        }
    }
}
