/// The arm checks of the plan's experiments as SQL (`CrossEventRun+Experiments.swift`): each
/// user's plan events in time order, the first with a valid arm, then a later event with another
/// arm (`experiment/arm-flip`), a first arm outside the population
/// (`experiment/outside-population`) and a pair opened before the first arm
/// (`experiment/event-before-arm`), each at most once per user and experiment. The sample-ratio
/// test is not computed here (its p-value needs the incomplete gamma function).
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
}
