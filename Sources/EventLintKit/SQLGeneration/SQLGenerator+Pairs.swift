/// The plan's pairs as window functions over each user's events in time order
/// (`CrossEventRun.step`): a close matches the latest open before it; whatever is open at the
/// user's end is unclosed.
extension SQLGenerator {
    /// What the SQL of one pair is built from: its CTE prefix, its window, and the columns a
    /// close compares with the open before it.
    struct PairShape {
        var pair: PairDeclaration
        var prefix: String
        /// `OVER (PARTITION BY … ORDER BY …` without its closing parenthesis, so a frame can follow.
        var window: String
        var same: [(name: String, slot: Slot)]
        var duration: (check: DurationCheck, slot: Slot)?
        /// The state and value columns of `same` and `duration`, each once.
        var carried: [String]
    }

    func pairCTEs(_ pair: PairDeclaration, index: Int) -> (ctes: [(name: String, body: String)], findings: String) {
        let shape = pairShape(pair, index: index)
        let elements = pairOrderElements(pair) + pairValueElements(shape)
        return (
            [
                ("\(shape.prefix)_events", pairEventsCTE(shape)), ("\(shape.prefix)_steps", pairStepsCTE(shape)),
                ("\(shape.prefix)_links", pairLinksCTE(shape)),
            ],
            pairFindings(shape, elements: elements)
        )
    }

    func pairShape(_ pair: PairDeclaration, index: Int) -> PairShape {
        let partition = "PARTITION BY user_key" + (pair.keyedBySession ? ", session_key" : "")
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
        return PairShape(
            pair: pair, prefix: "pair\(index)", window: "OVER (\(partition) ORDER BY \(timeOrder)", same: same,
            duration: duration, carried: carried)
    }

    /// The events the pair follows, with the role each plays.
    func pairEventsCTE(_ shape: PairShape) -> String {
        let pair = shape.pair
        let events = (pair.opens + pair.closes + pair.inside).map(\.event).filter { plan.event(named: $0) != nil }
        var seen = Set<String>()
        let distinctEvents = events.filter { seen.insert($0).inserted }
        let role = """
            CASE WHEN \(SQLText.any(pair.closes.compactMap(matcher))) THEN 'close' \
            WHEN \(SQLText.any(pair.opens.compactMap(matcher))) THEN 'open' \
            WHEN \(SQLText.any(pair.inside.compactMap(matcher))) THEN 'inside' END
            """
        let keyColumns = "user_key" + (pair.keyedBySession ? ", session_key" : "")
        return """
            -- Pair \(SQLText.string(pair.name)): the events it follows, with the role each plays.
            SELECT \(keyColumns), event_time, bundle_sequence, event_name, user_last_time\(contextColumns)\(shape.carried.map { ", " + $0 }.joined()),
              \(role) AS pair_role
            FROM ordered
            WHERE user_key IS NOT NULL AND \(eventIn(distinctEvents))
            """
    }

    /// Each event with the role of the latest open or close before it.
    func pairStepsCTE(_ shape: PairShape) -> String {
        """
        SELECT *,
          LAST_VALUE(IF(pair_role = 'inside', NULL, pair_role) IGNORE NULLS) \(shape.window) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS role_before
        FROM \(shape.prefix)_events
        WHERE pair_role IS NOT NULL
        """
    }

    /// Each open and close with the one before and after it, and the compared columns of the one before.
    func pairLinksCTE(_ shape: PairShape) -> String {
        var linkColumns = [
            "LAG(pair_role) \(shape.window)) AS previous_role",
            "LAG(event_time) \(shape.window)) AS previous_time",
            "LEAD(pair_role) \(shape.window)) AS next_role",
        ]
        for column in shape.carried { linkColumns.append("LAG(\(column)) \(shape.window)) AS previous_\(column)") }
        return """
            SELECT *,
            \(linkColumns.map { "  " + $0 }.joined(separator: ",\n"))
            FROM \(shape.prefix)_steps
            WHERE pair_role IN ('open', 'close')
            """
    }

    /// Closes without an open, opens again, opens never closed (near the user's end or not).
    func pairOrderElements(_ pair: PairDeclaration) -> [String] {
        var elements = [
            element(
                "pair_role = 'close' AND COALESCE(previous_role, 'close') <> 'open'",
                rule: SQLText.string(PairRules.orphanClose.id), param: nil)
        ]
        guard pair.closeRequired else { return elements }
        let micros = LintSettings.windowMicros(minutes: plan.unclosedWindowMinutes)
        let nearEnd =
            "event_time IS NOT NULL AND user_last_time IS NOT NULL AND event_time >= user_last_time - \(micros)"
        elements.append(
            element(
                "pair_role = 'open' AND next_role = 'open'", rule: SQLText.string(PairRules.reopened.id), param: nil))
        elements.append(
            element(
                "pair_role = 'open' AND next_role IS NULL AND \(nearEnd)",
                rule: SQLText.string(PairRules.unclosedNearEnd.id), param: nil))
        elements.append(
            element(
                "pair_role = 'open' AND next_role IS NULL AND NOT (\(nearEnd))",
                rule: SQLText.string(PairRules.unclosed.id), param: nil))
        return elements
    }

    /// A close against the open just before it: `same` params and the duration param.
    func pairValueElements(_ shape: PairShape) -> [String] {
        var elements: [String] = []
        let closing = "pair_role = 'close' AND previous_role = 'open'"
        for item in shape.same {
            let state = item.slot.state
            let value = item.slot.value
            let differs =
                "previous_\(state) NOT IN ('invalid', 'out_of_range') AND \(state) NOT IN ('invalid', 'out_of_range') AND (previous_\(state) <> \(state) OR COALESCE(\(state) = 'ok' AND previous_\(value) <> \(value), FALSE))"
            elements.append(
                element(
                    "\(closing) AND \(differs)", rule: SQLText.string(PairRules.paramMismatch.id),
                    param: SQLText.string(item.name)))
        }
        guard let (check, slot) = shape.duration else { return elements }
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
        return elements
    }

    /// The pair's findings: inside-only events outside it, and the findings of its opens and closes.
    func pairFindings(_ shape: PairShape, elements: [String]) -> String {
        let name = SQLText.string(shape.pair.name)
        return """
            -- Pair \(name): events that may only come while it is open.
            SELECT \(SQLText.string(PairRules.insideOutside.id)) AS rule_id, user_key, event_time, event_name, CAST(NULL AS STRING) AS param,
              CAST(NULL AS STRING) AS value, \(name) AS plan_rule\(contextColumns)
            FROM \(shape.prefix)_steps
            WHERE pair_role = 'inside' AND COALESCE(role_before, 'close') <> 'open'
            UNION ALL
            -- Pair \(name): opens and closes, each with the one before and after it.
            SELECT f.rule_id, user_key, event_time, event_name, f.param, f.value, \(name) AS plan_rule\(contextColumns)
            FROM \(shape.prefix)_links, UNNEST([
            \(elements.map { "  " + $0 }.joined(separator: ",\n"))
            ]) AS f
            WHERE f.rule_id IS NOT NULL
            """
    }
}
