/// The checks of each element of a plan event's `items` (`LinePass.checkItems`): its
/// `item_params` entries against the event's `items: { params }`, and the required ones it lacks.
extension SQLGenerator {
    /// The `items` columns of the export that are standard item fields (the other standard
    /// fields, such as `discount` or `index`, can only arrive in `item_params`).
    static let itemColumns: Set<String> = [
        "item_id", "item_name", "item_brand", "item_variant", "item_category", "item_category2", "item_category3",
        "item_category4", "item_category5", "price_in_usd", "price", "quantity", "item_revenue_in_usd", "item_revenue",
        "item_refund_in_usd", "item_refund", "coupon", "affiliation", "location_id", "item_list_id", "item_list_name",
        "item_list_index", "promotion_id", "promotion_name", "creative_name", "creative_slot",
    ]

    func itemFindings() -> [String] {
        var useTests: [String] = []
        var failureArms: [String] = []
        for event in plan.events {
            for use in event.itemParams {
                guard let param = plan.param(named: use.name) else { continue }
                let test = "(ip.key = \(SQLText.string(use.name)) AND event_name = \(SQLText.string(event.name)))"
                useTests.append(test)
                let kind = kindExpression("ip.value", absentWhen: "FALSE")
                failureArms.append(
                    "WHEN \(test) THEN \(paramFailure(param, use: use, value: "ip.value", kind: "(\(kind))"))")
            }
        }
        var arms: [String] = []
        if !useTests.isEmpty {
            // The first entry of a declared item param is checked; a later one is a duplicate.
            arms.append(
                """
                WHEN \(SQLText.any(useTests)) THEN IF(o > (SELECT MIN(o2) FROM UNNEST(it.item_params) AS q WITH OFFSET AS o2 WHERE q.key = ip.key), \(SQLText.string(StreamRules.duplicateParam.id)), CASE \(failureArms.joined(separator: " ")) END)
                """)
        }
        arms.append("WHEN ip.key IN \(SQLText.stringList(GA4Facts.standardItemFields.sorted())) THEN NULL")
        let declared = plan.params.map(\.name)
        if !declared.isEmpty {
            arms.append(
                "WHEN ip.key IN \(SQLText.stringList(declared)) THEN \(SQLText.string(StreamRules.unexpectedParam.id))")
        }
        arms.append("ELSE \(SQLText.string(StreamRules.unknownParam.id))")
        let entryIDs = [StreamRules.duplicateParam, StreamRules.unexpectedParam, StreamRules.unknownParam].map(\.id)
        let selects = [
            """
            -- Per item_params entry of each item of a plan event (lint shows the value of a bad one).
            SELECT rule_id, user_key, event_time, event_name, param,
              IF(rule_id IN \(SQLText.stringList(entryIDs)), NULL, entry_value) AS value, CAST(NULL AS STRING) AS plan_rule\(contextColumns)
            FROM (
              SELECT CASE \(arms.joined(separator: " ")) END AS rule_id,
                user_key, event_time, event_name, ip.key AS param, \(valueText("ip.value")) AS entry_value\(contextColumns)
              FROM scanned, UNNEST(items) AS it, UNNEST(it.item_params) AS ip WITH OFFSET AS o
              WHERE \(eventIn(planEventNames))
            ) AS entries
            WHERE rule_id IS NOT NULL
            """
        ]
        return selects + missingItemParamSelects()
    }

    /// One select per required item param of a plan event: the items that lack it.
    func missingItemParamSelects() -> [String] {
        var selects: [String] = []
        for event in plan.events {
            for use in event.itemParams where use.requirement != .optional {
                let key = SQLText.string(use.name)
                var missing = "NOT EXISTS (SELECT 1 FROM UNNEST(it.item_params) AS q WHERE q.key = \(key))"
                if plan.param(named: use.name) == nil, Self.itemColumns.contains(use.name) {
                    missing = "it.\(use.name) IS NULL AND \(missing)"
                }
                if case .requiredSince(let version) = use.requirement {
                    missing += " AND NOT before_version_\(sinceVersions.firstIndex(of: version) ?? 0)"
                }
                selects.append(
                    """
                    -- Items of a plan event without a required item param.
                    SELECT \(SQLText.string(StreamRules.missingRequiredParam.id)) AS rule_id, user_key, event_time, event_name, \(key) AS param,
                      \(Self.noValueNorPlanRule)\(contextColumns)
                    FROM scanned, UNNEST(items) AS it
                    WHERE event_name = \(SQLText.string(event.name)) AND \(missing)
                    """)
            }
        }
        return selects
    }
}
