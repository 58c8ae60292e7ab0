/// The plan rules with `once` as SQL (`CrossEventRun+Once.swift`): the events a rule selects
/// numbered per user in time order, each after the first a `rule/once-repeated`; for `once:
/// 'exactly'`, a user whose plan events meet the rule's `whenUser` and `whenPlatform` but who has
/// no event the rule selects is a `rule/once-missing` at the first such event.
extension SQLGenerator {
    func onceFindings() -> [String] {
        var selects: [String] = []
        for rule in plan.rules {
            guard let once = rule.once else { continue }
            let events = rule.events.filter { plan.event(named: $0) != nil }
            guard !events.isEmpty else { continue }
            let name = SQLText.string(rule.name)
            var userTests = ["user_key IS NOT NULL"]
            for item in rule.whenUser {
                if let sql = condition(item, userProperty: true)?.sql { userTests.append("COALESCE(\(sql), FALSE)") }
            }
            if !rule.whenPlatform.isEmpty {
                userTests.append("COALESCE(platform IN \(SQLText.stringList(rule.whenPlatform.map(\.value))), FALSE)")
            }
            var applies = userTests + [eventIn(events)]
            for item in rule.when {
                if let sql = condition(item, userProperty: false)?.sql { applies.append("COALESCE(\(sql), FALSE)") }
            }
            let selected = applies.joined(separator: " AND ")
            let columns =
                "user_key, event_time, event_name, CAST(NULL AS STRING) AS param, CAST(NULL AS STRING) AS value, \(name) AS plan_rule\(contextColumns)"
            selects.append(
                """
                -- Rule \(name): each event it selects after the user's first.
                SELECT \(SQLText.string(OnceRules.repeated.id)) AS rule_id, \(columns)
                FROM (
                  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_key ORDER BY \(timeOrder)) AS occurrence
                  FROM ordered
                  WHERE \(selected)
                ) AS selected
                WHERE occurrence > 1
                """)
            guard once == .exactly else { continue }
            selects.append(
                """
                -- Rule \(name): users it expects the event of who never have it, at their first such event.
                SELECT \(SQLText.string(OnceRules.missing.id)) AS rule_id, \(columns)
                FROM (
                  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_key ORDER BY \(timeOrder)) AS selecting
                  FROM ordered
                  WHERE \(eventIn(planEventNames)) AND \(userTests.joined(separator: " AND "))
                ) AS expecting
                WHERE selecting = 1 AND user_key NOT IN (SELECT user_key FROM ordered WHERE \(selected))
                """)
        }
        return selects
    }
}
