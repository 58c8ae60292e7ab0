/// Conditions, matchers and the plan's rules as SQL, and the findings of each row and entry.
extension SQLGenerator {
    /// The tracked columns of a param or user property: its state (`absent`, `invalid`, `ok`),
    /// its value, the class its value compares as, and a bucket's edges.
    struct Slot {
        var state: String
        var value: String
        var valueClass: ValueClass
        var type: ParamType
        var bucket: BucketSpec?
    }

    func slot(param name: String) -> Slot? {
        guard let param = params.first(where: { $0.declaration.name == name }) else { return nil }
        return Slot(
            state: "\(param.base)_state", value: "\(param.base)_val",
            valueClass: valueClass(param.declaration.type), type: param.declaration.type,
            bucket: param.declaration.type == .bucket ? param.declaration.bucket : nil)
    }

    func slot(userProperty name: String) -> Slot? {
        guard let property = userProperties.first(where: { $0.declaration.name == name }) else { return nil }
        return Slot(
            state: "\(property.base)_state", value: "\(property.base)_val",
            valueClass: valueClass(property.declaration.type), type: property.declaration.type, bucket: nil)
    }

    /// A plan literal as the value a slot of this class holds; nil when it cannot be one
    /// (`CompiledPlan.trackedValue`).
    func literal(_ value: PlanValue, for slot: Slot) -> String? {
        switch (slot.valueClass, value) {
        case (.text, _): return SQLText.string(value.plainText)
        case (.number, .number(_, let number)): return SQLText.number(number)
        case (.flag, .bool(let flag)): return flag ? "1" : "0"
        case (.flag, .number(_, let number)) where number == 0 || number == 1: return number == 1 ? "1" : "0"
        default: return nil
        }
    }

    func isIn(_ slot: Slot, _ values: [PlanValue]) -> String {
        let literals = values.compactMap { literal($0, for: slot) }
        guard !literals.isEmpty else { return "FALSE" }
        return "COALESCE(\(slot.state) = 'ok' AND \(slot.value) IN (\(literals.joined(separator: ", "))), FALSE)"
    }

    /// A number for `min`/`max`: the value, or a bucket label's lower (or upper) edge.
    func numeric(_ slot: Slot, lower: Bool) -> String? {
        switch slot.valueClass {
        case .number: return slot.value
        case .text:
            guard let bucket = slot.bucket else { return nil }
            let arms = bucket.labels.enumerated().compactMap { index, label -> String? in
                let edge: Int64? =
                    lower
                    ? bucket.edges[index]
                    : (index + 1 < bucket.edges.count ? bucket.edges[index + 1].subtractingSaturating(1) : nil)
                return edge.map { "WHEN \(SQLText.string(label)) THEN \($0)" }
            }
            return arms.isEmpty ? nil : "CASE \(slot.value) \(arms.joined(separator: " ")) END"
        case .flag: return nil
        }
    }

    /// A condition as SQL with three values, as `CompiledCondition.holds`: TRUE, FALSE, or NULL
    /// when a value it reads failed its own checks. Nil when the plan names nothing it can read.
    func condition(_ condition: Condition, userProperty: Bool) -> (sql: String, comparesUserProperty: Bool)? {
        guard let subject = userProperty ? slot(userProperty: condition.name) : slot(param: condition.name) else {
            return nil
        }
        var arms = ["WHEN \(subject.state) IN ('invalid', 'out_of_range') THEN NULL"]
        var comparesUserProperty = false
        for predicate in condition.predicates {
            switch predicate {
            case .oneOf(let values):
                arms.append("WHEN NOT \(isIn(subject, values)) THEN FALSE")
            case .noneOf(let values):
                arms.append("WHEN \(isIn(subject, values)) THEN FALSE")
            case .present(let wanted):
                arms.append("WHEN \(subject.state) \(wanted ? "=" : "<>") 'absent' THEN FALSE")
            case .atLeast(let bound), .atMost(let bound):
                let lower: Bool
                if case .atLeast = predicate { lower = true } else { lower = false }
                if let number = numeric(subject, lower: lower) {
                    let test = "\(number) \(lower ? ">=" : "<=") \(SQLText.number(bound))"
                    arms.append("WHEN NOT COALESCE(\(subject.state) = 'ok' AND \(test), FALSE) THEN FALSE")
                } else {
                    arms.append("WHEN TRUE THEN FALSE")
                }
            case .equalsUserProperty(let name):
                guard let reference = slot(userProperty: name) else { continue }
                comparesUserProperty = true
                arms.append("WHEN \(reference.state) IN ('invalid', 'out_of_range') THEN NULL")
                if reference.valueClass == subject.valueClass {
                    arms.append(
                        "WHEN NOT COALESCE(\(subject.state) = 'ok' AND \(reference.state) = 'ok' AND \(subject.value) = \(reference.value), FALSE) THEN FALSE"
                    )
                } else {
                    arms.append("WHEN TRUE THEN FALSE")
                }
            }
        }
        return ("(CASE \(arms.joined(separator: " ")) ELSE TRUE END)", comparesUserProperty)
    }

    /// An event matcher: the event, and every condition TRUE.
    func matcher(_ matcher: EventMatcher) -> String? {
        guard plan.event(named: matcher.event) != nil else { return nil }
        var terms = ["event_name = \(SQLText.string(matcher.event))"]
        for item in matcher.conditions {
            if let sql = condition(item, userProperty: false)?.sql { terms.append("COALESCE(\(sql), FALSE)") }
        }
        return terms.joined(separator: " AND ")
    }

    // MARK: - ordered

    func orderedCTE() -> String {
        var columns = ["*", "MAX(event_time) OVER (PARTITION BY user_key) AS user_last_time"]
        for (index, rule) in plan.rules.enumerated() {
            if let after = rule.after, let test = matcher(after.matcher) {
                if let window = after.within?.value {
                    columns.append("\(seenWithin(test, window)) AS rule\(index)_after_within")
                } else {
                    columns.append(
                        """
                        IFNULL(COUNTIF(\(test)) OVER (PARTITION BY user_key ORDER BY \(timeOrder) ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) > 0 AS rule\(index)_after_seen
                        """)
                }
            }
            if let notAfter = rule.notAfter, let window = notAfter.within?.value, let test = matcher(notAfter.matcher) {
                columns.append("\(seenWithin(test, window)) AS rule\(index)_not_after_within")
            }
        }
        return "SELECT\n" + columns.map { "  " + $0 }.joined(separator: ",\n") + "\nFROM tracked"
    }

    /// Whether a row with a time has an earlier matching row of the same user at most `window`
    /// before it, the edge included (`CrossEventRun.isWithin`): rows with an earlier time inside
    /// the window (a `RANGE` frame over the microseconds, up to one before this row's), plus rows
    /// of the same time that come first in time order. Rows without a time take no part.
    func seenWithin(_ test: String, _ window: TimeWindow) -> String {
        let timed = "event_time IS NOT NULL AND \(test)"
        let earlierTimes =
            "IFNULL(COUNTIF(\(timed)) OVER (PARTITION BY user_key ORDER BY event_time RANGE BETWEEN \(window.microseconds) PRECEDING AND 1 PRECEDING), 0)"
        let sameTime =
            "IFNULL(COUNTIF(\(timed)) OVER (PARTITION BY user_key, event_time ORDER BY bundle_sequence ASC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)"
        return "(event_time IS NOT NULL AND \(earlierTimes) + \(sameTime) > 0)"
    }

    // MARK: - Findings of a row

    /// One possible finding of a row: when it holds, the rule id, the param it names, the value
    /// it shows and the pair or plan rule it comes from (SQL expressions; nil: NULL).
    func element(_ test: String, rule: String, param: String?, value: String? = nil, planRule: String? = nil)
        -> String
    {
        let none = "CAST(NULL AS STRING)"
        return
            "IF(\(test), STRUCT(\(rule) AS rule_id, \(param ?? none) AS param, \(value ?? none) AS value, \(planRule ?? none) AS plan_rule), NULL)"
    }

    /// The value and plan rule columns of a finding that has neither.
    static let noValueNorPlanRule = "CAST(NULL AS STRING) AS value, CAST(NULL AS STRING) AS plan_rule"

    func rowFindings() -> String {
        let elements = eventElements() + paramElements() + recordElements() + ruleElements()
        return """
            -- Per row: unknown events, GA4 errors, too many params, missing params, bad values,
            -- rows pairs and rules cannot follow, and the plan's rules.
            SELECT f.rule_id, user_key, event_time, event_name, f.param, f.value, f.plan_rule\(contextColumns)
            FROM ordered, UNNEST([
            \(elements.map { "  " + $0 }.joined(separator: ",\n"))
            ]) AS f
            WHERE f.rule_id IS NOT NULL
            """
    }

    /// The event as a whole: not in the plan, a GA4 error, too many params.
    func eventElements() -> [String] {
        var elements: [String] = []
        let known = planEventNames.filter { !$0.isEmpty }
        elements.append(
            element(
                "event_name IS NOT NULL AND NOT \(eventIn(known)) AND NOT (\(automaticEventTest("event_name")))",
                rule: SQLText.string(StreamRules.unknownEvent.id), param: nil))
        if firebaseErrorChecked {
            elements.append(
                element(
                    "event_name = 'error' AND firebase_error_code IS NOT NULL",
                    rule: SQLText.string(StreamRules.firebaseError.id), param: "firebase_error_value"))
        }
        elements.append(
            element(
                "\(eventIn(planEventNames)) AND custom_params > \(GA4Facts.maxParamsPerEvent)",
                rule: SQLText.string(StreamRules.tooManyParams.id), param: nil))
        return elements
    }

    /// Per plan param: a required one missing (by the row's app version for `since`), a value
    /// that breaks its declaration.
    func paramElements() -> [String] {
        var elements: [String] = []
        for param in params {
            var owed: [String] = []
            let required = param.uses.filter { $0.use.requirement == .required }.map(\.event)
            if !required.isEmpty { owed.append(eventIn(required)) }
            for use in param.uses {
                guard case .requiredSince(let version) = use.use.requirement else { continue }
                let index = sinceVersions.firstIndex(of: version) ?? 0
                owed.append("(event_name = \(SQLText.string(use.event)) AND NOT before_version_\(index))")
            }
            if !owed.isEmpty {
                elements.append(
                    element(
                        "\(param.base)_first IS NULL AND (\(SQLText.any(owed)))",
                        rule: SQLText.string(StreamRules.missingRequiredParam.id),
                        param: SQLText.string(param.declaration.name)))
            }
            if !param.uses.isEmpty {
                elements.append(
                    element(
                        "\(param.base)_fail IS NOT NULL", rule: "\(param.base)_fail",
                        param: SQLText.string(param.declaration.name), value: valueText("\(param.base)_value")))
            }
        }
        return elements
    }

    /// Rows pairs and rules cannot follow (no user, no time), and times outside 2000..2100.
    func recordElements() -> [String] {
        let recorded = eventIn(recordedEventNames)
        guard !recordedEventNames.isEmpty else {
            return [element("implausible_time", rule: SQLText.string(StreamRules.invalidTimestamp.id), param: nil)]
        }
        return [
            element("\(recorded) AND user_key IS NULL", rule: SQLText.string(StreamRules.missingUserID.id), param: nil),
            element(
                "implausible_time OR (\(recorded) AND user_key IS NOT NULL AND event_time IS NULL)",
                rule: SQLText.string(StreamRules.invalidTimestamp.id), param: nil),
        ]
    }

    /// The plan's rules on one row (`CrossEventRun.apply`).
    func ruleElements() -> [String] {
        ruleTests().map {
            element(
                $0.test, rule: SQLText.string($0.rule.id), param: $0.param.map(SQLText.string),
                planRule: SQLText.string($0.planRule))
        }
    }

    /// Per finding of a plan rule, the rule's name, for `--mode rules`: a row breaking two of
    /// a rule's conditions counts twice, as in `lint`'s summary.
    func planRuleFindings() -> String {
        let tests = ruleTests()
        let elements = tests.map { "IF(\($0.test), \(SQLText.string($0.planRule)), NULL)" }
        let list = elements.isEmpty ? "CAST(NULL AS STRING)" : elements.joined(separator: ",\n  ")
        return """
            -- Per row: the plan rule each finding of a rule comes from.
            SELECT f AS plan_rule
            FROM ordered, UNNEST([
              \(list)
            ]) AS f
            WHERE f IS NOT NULL
            UNION ALL
            -- The findings of rules with `once`, from the user's events in order.
            SELECT plan_rule
            FROM findings
            WHERE rule_id IN (\(SQLText.string(OnceRules.repeated.id)), \(SQLText.string(OnceRules.missing.id)))
            """
    }

    /// Each finding a plan rule can make on a row: when it holds, the rule id, the param it
    /// names and the plan rule.
    func ruleTests() -> [(test: String, rule: Rule, param: String?, planRule: String)] {
        var elements: [(test: String, rule: Rule, param: String?, planRule: String)] = []
        for (index, rule) in plan.rules.enumerated() {
            let events = rule.events.filter { plan.event(named: $0) != nil }
            guard !events.isEmpty else { continue }
            var applies = ["user_key IS NOT NULL", eventIn(events)]
            for item in rule.when {
                if let sql = condition(item, userProperty: false)?.sql { applies.append("COALESCE(\(sql), FALSE)") }
            }
            for item in rule.whenUser {
                if let sql = condition(item, userProperty: true)?.sql { applies.append("COALESCE(\(sql), FALSE)") }
            }
            if !rule.whenPlatform.isEmpty {
                // As lint: a row without a platform is on none of the rule's platforms.
                applies.append("COALESCE(platform IN \(SQLText.stringList(rule.whenPlatform.map(\.value))), FALSE)")
            }
            let appliesSQL = applies.joined(separator: " AND ")
            for item in rule.require {
                guard let compiled = condition(item, userProperty: false) else { continue }
                let id =
                    compiled.comparesUserProperty
                    ? CrossEventRules.paramEqualsUserProperty : CrossEventRules.paramRequirement
                elements.append(("\(appliesSQL) AND \(compiled.sql) IS FALSE", id, item.name, rule.name))
            }
            for item in rule.requireUser {
                guard let compiled = condition(item, userProperty: true) else { continue }
                elements.append(
                    (
                        "\(appliesSQL) AND \(compiled.sql) IS FALSE", CrossEventRules.userPropertyRequirement,
                        item.name, rule.name
                    ))
            }
            if let after = rule.after, matcher(after.matcher) != nil {
                // A row without a time takes part in no window check.
                let test =
                    after.within == nil
                    ? "NOT rule\(index)_after_seen" : "event_time IS NOT NULL AND NOT rule\(index)_after_within"
                elements.append(("\(appliesSQL) AND \(test)", CrossEventRules.onlyAfter, nil, rule.name))
            }
            if let notAfter = rule.notAfter, notAfter.within != nil, matcher(notAfter.matcher) != nil {
                elements.append(
                    ("\(appliesSQL) AND rule\(index)_not_after_within", CrossEventRules.notAfter, nil, rule.name))
            }
        }
        return elements
    }

    // MARK: - Findings of an entry

    /// Each `event_params` entry of a plan event: a param the event does not carry, one the plan
    /// does not know, or the same param again.
    func paramEntryFindings() -> String {
        var useTests: [String] = []
        var firstArms: [String] = []
        for param in params where !param.uses.isEmpty {
            let key = SQLText.string(param.declaration.name)
            useTests.append("(p.key = \(key) AND \(eventIn(param.uses.map(\.event))))")
            firstArms.append("WHEN \(key) THEN \(param.base)_first")
        }
        let declared = plan.params.map(\.name)
        var arms: [String] = []
        if !useTests.isEmpty {
            arms.append(
                "WHEN \(SQLText.any(useTests)) THEN IF(o > CASE p.key \(firstArms.joined(separator: " ")) END, \(SQLText.string(StreamRules.duplicateParam.id)), NULL)"
            )
        }
        arms.append("WHEN \(automaticParamTest("p.key")) THEN NULL")
        if !declared.isEmpty {
            arms.append(
                "WHEN p.key IN \(SQLText.stringList(declared)) THEN \(SQLText.string(StreamRules.unexpectedParam.id))")
        }
        arms.append("ELSE \(SQLText.string(StreamRules.unknownParam.id))")
        return """
            -- Per event_params entry of a plan event.
            SELECT rule_id, user_key, event_time, event_name, param,
              IF(rule_id = \(SQLText.string(StreamRules.duplicateParam.id)), NULL, entry_value) AS value, CAST(NULL AS STRING) AS plan_rule\(contextColumns)
            FROM (
              SELECT CASE \(arms.joined(separator: " ")) END AS rule_id,
                user_key, event_time, event_name, p.key AS param, \(valueText("p.value")) AS entry_value\(contextColumns)
              FROM scanned, UNNEST(event_params) AS p WITH OFFSET AS o
              WHERE \(eventIn(planEventNames))
            ) AS entries
            WHERE rule_id IS NOT NULL
            """
    }

    /// Each `user_properties` entry of any event: unknown, or a value its declaration refuses.
    func userPropertyEntryFindings() -> String {
        var arms: [String] = []
        // An implicit automatic user property (named only by a condition) is any automatic one here.
        for property in userProperties where !property.declaration.isImplicit {
            let kind = kindExpression("u.value", absentWhen: "FALSE")
            arms.append(
                "WHEN u.key = \(SQLText.string(property.declaration.name)) THEN \(userPropertyFailure(property.declaration, value: "u.value", kind: "(\(kind))"))"
            )
        }
        arms.append("WHEN \(automaticUserPropertyTest("u.key")) THEN NULL")
        arms.append("ELSE \(SQLText.string(StreamRules.unknownUserProperty.id))")
        return """
            -- Per user_properties entry of any event.
            SELECT rule_id, user_key, event_time, event_name, param,
              IF(rule_id = \(SQLText.string(StreamRules.unknownUserProperty.id)), NULL, entry_value) AS value, CAST(NULL AS STRING) AS plan_rule\(contextColumns)
            FROM (
              SELECT CASE \(arms.joined(separator: " ")) END AS rule_id,
                user_key, event_time, event_name, u.key AS param, \(valueText("u.value")) AS entry_value\(contextColumns)
              FROM scanned, UNNEST(user_properties) AS u
              WHERE event_name IS NOT NULL
            ) AS entries
            WHERE rule_id IS NOT NULL
            UNION ALL
            -- GA4's 36-character limit holds for user properties the plan does not declare too.
            SELECT \(SQLText.string(StreamRules.userPropertyValueTooLong.id)) AS rule_id, user_key, event_time, event_name, u.key AS param,
              \(Self.noValueNorPlanRule)\(contextColumns)
            FROM scanned, UNNEST(user_properties) AS u
            WHERE event_name IS NOT NULL\(declaredUserPropertyFilter)
              AND CHAR_LENGTH(u.value.string_value) > \(GA4Facts.maxUserPropertyValueLength)
            """
    }

    /// ` AND u.key NOT IN (…)` for the declared user properties, or nothing.
    var declaredUserPropertyFilter: String {
        let declared = userProperties.filter { !$0.declaration.isImplicit }.map(\.declaration.name)
        return declared.isEmpty ? "" : " AND u.key NOT IN \(SQLText.stringList(declared))"
    }
}
