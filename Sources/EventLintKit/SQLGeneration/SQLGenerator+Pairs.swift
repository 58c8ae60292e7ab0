import Foundation

/// The plan's pairs as window functions over each user's events in time order
/// (`CrossEventRun.step`): a close matches the latest open before it; whatever is open at the
/// user's end is unclosed.
extension SQLGenerator {
    func pairCTEs(_ pair: PairDeclaration, index: Int) -> (ctes: [(name: String, body: String)], findings: String) {
        let prefix = "pair\(index)"
        let partition = "PARTITION BY user_key" + (pair.keyedBySession ? ", session_key" : "")
        let window = "OVER (\(partition) ORDER BY \(timeOrder)"
        let closes = pair.closes.compactMap(matcher)
        let opens = pair.opens.compactMap(matcher)
        let inside = pair.inside.compactMap(matcher)
        let events = (pair.opens + pair.closes + pair.inside).map(\.event).filter { plan.event(named: $0) != nil }
        var seen = Set<String>()
        let distinctEvents = events.filter { seen.insert($0).inserted }

        var same: [(name: String, slot: Slot)] = []
        for name in pair.same {
            if let found = slot(param: name.value), !same.contains(where: { $0.name == name.value }) {
                same.append((name.value, found))
            }
        }
        let duration = pair.duration.flatMap { check in
            slot(param: check.param).flatMap { $0.valueClass == .number ? (check, $0) : nil }
        }
        var carried: [String] = []
        for item in same { carried += [item.slot.state, item.slot.value] }
        if let duration, !carried.contains(duration.1.state) { carried += [duration.1.state, duration.1.value] }

        let role = """
            CASE WHEN \(SQLText.any(closes)) THEN 'close' WHEN \(SQLText.any(opens)) THEN 'open' \
            WHEN \(SQLText.any(inside)) THEN 'inside' END
            """
        let keyColumns = "user_key" + (pair.keyedBySession ? ", session_key" : "")
        let eventsCTE = """
            -- Pair \(SQLText.string(pair.name)): the events it follows, with the role each plays.
            SELECT \(keyColumns), event_time, bundle_sequence, event_name, user_last_time\(carried.map { ", " + $0 }.joined()),
              \(role) AS pair_role
            FROM ordered
            WHERE user_key IS NOT NULL AND \(eventIn(distinctEvents))
            """
        let stepsCTE = """
            SELECT *,
              LAST_VALUE(IF(pair_role = 'inside', NULL, pair_role) IGNORE NULLS) \(window) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS role_before
            FROM \(prefix)_events
            WHERE pair_role IS NOT NULL
            """
        var linkColumns = [
            "LAG(pair_role) \(window)) AS previous_role",
            "LAG(event_time) \(window)) AS previous_time",
            "LEAD(pair_role) \(window)) AS next_role",
        ]
        for column in carried { linkColumns.append("LAG(\(column)) \(window)) AS previous_\(column)") }
        let linksCTE = """
            SELECT *,
            \(linkColumns.map { "  " + $0 }.joined(separator: ",\n"))
            FROM \(prefix)_steps
            WHERE pair_role IN ('open', 'close')
            """

        var elements: [String] = []
        elements.append(
            element(
                "pair_role = 'close' AND COALESCE(previous_role, 'close') <> 'open'",
                rule: SQLText.string(PairRules.orphanClose.id), param: nil))
        if pair.closeRequired {
            let micros = LintSettings.windowMicros(minutes: plan.unclosedWindowMinutes)
            let nearEnd =
                "event_time IS NOT NULL AND user_last_time IS NOT NULL AND event_time >= user_last_time - \(micros)"
            elements.append(
                element(
                    "pair_role = 'open' AND next_role = 'open'", rule: SQLText.string(PairRules.reopened.id), param: nil
                ))
            elements.append(
                element(
                    "pair_role = 'open' AND next_role IS NULL AND \(nearEnd)",
                    rule: SQLText.string(PairRules.unclosedNearEnd.id), param: nil))
            elements.append(
                element(
                    "pair_role = 'open' AND next_role IS NULL AND NOT (\(nearEnd))",
                    rule: SQLText.string(PairRules.unclosed.id), param: nil))
        }
        let closing = "pair_role = 'close' AND previous_role = 'open'"
        for item in same {
            let state = item.slot.state
            let value = item.slot.value
            let differs =
                "previous_\(state) NOT IN ('invalid', 'out_of_range') AND \(state) NOT IN ('invalid', 'out_of_range') AND (previous_\(state) <> \(state) OR COALESCE(\(state) = 'ok' AND previous_\(value) <> \(value), FALSE))"
            elements.append(
                element(
                    "\(closing) AND \(differs)", rule: SQLText.string(PairRules.paramMismatch.id),
                    param: SQLText.string(item.name)))
        }
        if let (check, slot) = duration {
            let value = slot.value
            // A number that failed its min/max still counts here, as in lint.
            let usable = "\(closing) AND \(slot.state) IN ('ok', 'out_of_range') AND \(value) IS NOT NULL"
            elements.append(
                element(
                    "\(usable) AND \(value) < 0", rule: SQLText.string(PairRules.negativeDuration.id),
                    param: SQLText.string(check.param)))
            let delta = "(CAST(event_time - previous_time AS FLOAT64) / 1000)"
            let tolerance =
                "GREATEST(\(SQLText.number(check.toleranceMilliseconds)), \(SQLText.number(check.tolerancePercent / 100)) * ABS\(delta))"
            elements.append(
                element(
                    "\(usable) AND \(value) >= 0 AND event_time IS NOT NULL AND previous_time IS NOT NULL AND ABS(\(value) - \(delta)) > \(tolerance)",
                    rule: SQLText.string(PairRules.durationMismatch.id), param: SQLText.string(check.param)))
        }
        let findings = """
            -- Pair \(SQLText.string(pair.name)): events that may only come while it is open.
            SELECT \(SQLText.string(PairRules.insideOutside.id)) AS rule_id, user_key, event_time, event_name, CAST(NULL AS STRING) AS param
            FROM \(prefix)_steps
            WHERE pair_role = 'inside' AND COALESCE(role_before, 'close') <> 'open'
            UNION ALL
            -- Pair \(SQLText.string(pair.name)): opens and closes, each with the one before and after it.
            SELECT f.rule_id, user_key, event_time, event_name, f.param
            FROM \(prefix)_links, UNNEST([
            \(elements.map { "  " + $0 }.joined(separator: ",\n"))
            ]) AS f
            WHERE f.rule_id IS NOT NULL
            """
        return (
            [("\(prefix)_events", eventsCTE), ("\(prefix)_steps", stepsCTE), ("\(prefix)_links", linksCTE)], findings
        )
    }
}
