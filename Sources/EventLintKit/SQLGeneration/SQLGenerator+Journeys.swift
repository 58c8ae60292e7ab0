/// The plan's journeys as SQL (`CrossEventRun+Journeys.swift`): per journey, each user's events
/// that match one of its steps, event and `where` (on rows its `whenUser` holds on), numbered in
/// time order; row `n` must be step
/// `n` and, after the first, within the window of the first. The first row that is not breaks
/// the journey (`journey/unexpected-step`, else `journey/window-exceeded`); rows after the last
/// step, or after a break, are not followed.
extension SQLGenerator {
    func journeyFindings() -> [String] {
        plan.journeys.compactMap { journey -> String? in
            let steps = journey.steps.map { matcher($0) ?? "FALSE" }
            let events = journey.steps.map(\.event).filter { plan.event(named: $0) != nil }
            guard !events.isEmpty else { return nil }
            let anyStep = "(" + steps.map { "(\($0))" }.joined(separator: " OR ") + ")"
            var tests = ["user_key IS NOT NULL", eventIn(events), anyStep]
            for item in journey.whenUser {
                if let sql = condition(item, userProperty: true)?.sql { tests.append("COALESCE(\(sql), FALSE)") }
            }
            let order = "PARTITION BY user_key ORDER BY \(timeOrder)"
            let matches =
                "CASE step_position "
                + steps.enumerated().map { "WHEN \($0.offset + 1) THEN COALESCE(\($0.element), FALSE)" }.joined(
                    separator: " ") + " ELSE TRUE END"
            let late =
                journey.within.map {
                    "step_position > 1 AND event_time IS NOT NULL AND first_time IS NOT NULL AND event_time - first_time > \($0.value.microseconds)"
                } ?? "FALSE"
            let name = SQLText.string(journey.name)
            return """
                -- Journey \(name): the first of the user's step events that is not the step it should be, or comes too late.
                SELECT IF(step_matches, \(SQLText.string(JourneyRules.windowExceeded.id)), \(SQLText.string(JourneyRules.unexpectedStep.id))) AS rule_id,
                  user_key, event_time, event_name, CAST(NULL AS STRING) AS param, \(Self.noValueNorPlanRule)\(contextColumns)
                FROM (
                  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_key ORDER BY step_position) AS broken
                  FROM (
                    SELECT *, \(matches) AS step_matches
                    FROM (
                      SELECT *, ROW_NUMBER() OVER (\(order)) AS step_position,
                        FIRST_VALUE(event_time) OVER (\(order) ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS first_time
                      FROM ordered
                      WHERE \(tests.joined(separator: " AND "))
                    ) AS numbered
                  ) AS matched
                  WHERE step_position <= \(steps.count) AND (NOT step_matches OR (\(late)))
                ) AS breaks
                WHERE broken = 1
                """
        }
    }
}
