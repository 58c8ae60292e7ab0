/// The plan's cross-event rules, applied to each record of the current user against the
/// earlier events its state keeps (`afterSeen`, `latestAfter`, `latestNotAfter`).
extension CrossEventRun {
    mutating func apply(
        _ rule: CrossEventChecker.CompiledRule, index: Int, to record: EventRecord, values: RecordValues,
        afterSeen: Bool, latestAfter: EventRecord?, latestNotAfter: EventRecord?
    ) {
        for index in rule.conditions.indices where rule.conditions[index].holds(values) != true { return }
        let name = rule.declaration.name
        let event = eventName(record)
        checkRequirements(rule, of: record, values: values, name: name, event: event)
        if rule.declaration.once != nil { countOnce(rule, index: index, record: record, name: name, event: event) }
        if let after = rule.after, let declaration = rule.declaration.after {
            checkOnlyAfter(
                rule, after, declaration, record: record, name: name, event: event, afterSeen: afterSeen,
                latestAfter: latestAfter)
        }
        if let notAfter = rule.notAfter, let declaration = rule.declaration.notAfter,
            let within = declaration.within?.value,
            record.timestamp != .min, let earlier = latestNotAfter,
            Self.isWithin(earlier, rule.notAfterWindow, of: record)
        {
            report(
                CrossEventRules.notAfter, severity: rule.severity,
                CrossEventRules.notAfterMessage(
                    rule: name, event: event, gap: Self.gap(from: earlier, to: record),
                    earlier: describe(declaration.matcher, notAfter), user: userText(record), within: within),
                at: record, notes: [FindingNote(CrossEventRules.earlierEventNote, at: location(earlier))])
        }
    }

    /// The rule's `require` (each a condition on a param, or a param that must equal a user
    /// property) and `requireUser`, on a record its conditions hold for.
    @inline(__always)
    mutating func checkRequirements(
        _ rule: CrossEventChecker.CompiledRule, of record: EventRecord, values: RecordValues, name: String,
        event: String
    ) {
        for index in rule.require.indices where rule.require[index].holds(values) == false {
            let condition = rule.require[index]
            let actual = text(values[condition.slot])
            if case .equalsSlot(let slot, let property)? = condition.predicates.first(where: {
                if case .equalsSlot = $0 { true } else { false }
            }) {
                let reference = text(values[slot])
                report(
                    CrossEventRules.paramEqualsUserProperty, severity: rule.severity,
                    CrossEventRules.paramEqualsUserPropertyMessage(
                        rule: name, event: event, param: condition.name, actual: actual, property: property,
                        reference: reference),
                    at: record, param: condition.name)
            } else {
                report(
                    CrossEventRules.paramRequirement, severity: rule.severity,
                    CrossEventRules.paramRequirementMessage(
                        rule: name, event: event, param: condition.name, expected: condition.expected, actual: actual),
                    at: record, param: condition.name)
            }
        }
        for index in rule.requireUser.indices where rule.requireUser[index].holds(values) == false {
            let condition = rule.requireUser[index]
            let actual = text(values[condition.slot])
            report(
                CrossEventRules.userPropertyRequirement, severity: rule.severity,
                CrossEventRules.userPropertyRequirementMessage(
                    rule: name, event: event, property: condition.name, expected: condition.expected, actual: actual,
                    user: userText(record)),
                at: record, param: condition.name)
        }
    }

    /// The rule's `after`: a matching earlier event of the user, within the window if it has one.
    @inline(__always)
    mutating func checkOnlyAfter(
        _ rule: CrossEventChecker.CompiledRule, _ after: CompiledMatcher, _ declaration: EarlierEvent,
        record: EventRecord, name: String, event: String, afterSeen: Bool, latestAfter: EventRecord?
    ) {
        let wanted = describe(declaration.matcher, after)
        if let window = rule.afterWindow, let within = declaration.within?.value {
            // An event without a valid timestamp takes part in no window check.
            if record.timestamp != .min, !Self.isWithin(latestAfter, window, of: record) {
                let notes =
                    latestAfter.map {
                        [
                            FindingNote(
                                CrossEventRules.latestEarlierNote(gap: Self.gap(from: $0, to: record)),
                                at: location($0))
                        ]
                    } ?? []
                report(
                    CrossEventRules.onlyAfter, severity: rule.severity,
                    CrossEventRules.onlyAfterMessage(
                        rule: name, event: event, wanted: wanted, user: userText(record), within: within),
                    at: record, notes: notes)
            }
        } else if !afterSeen {
            report(
                CrossEventRules.onlyAfter, severity: rule.severity,
                CrossEventRules.onlyAfterMessage(rule: name, event: event, wanted: wanted, user: userText(record)),
                at: record)
        }
    }

    /// `"event" with param in […]`, for messages.
    func describe(_ declaration: EventMatcher, _ compiled: CompiledMatcher) -> String {
        var wanted = "\"\(declaration.event)\""
        let conditions = compiled.conditions.map { "\($0.name) \($0.expected)" }
        if !conditions.isEmpty { wanted += " with " + conditions.joined(separator: ", ") }
        return wanted
    }

    /// Whether an earlier record lies within `window` microseconds before `record`, the edge
    /// included. Both timestamps are valid (inside `GA4Facts.plausibleTimestampMicros`); the
    /// difference saturates all the same.
    static func isWithin(_ earlier: EventRecord?, _ window: Int64, of record: EventRecord) -> Bool {
        guard let earlier, earlier.timestamp != .min, record.timestamp != .min else { return false }
        return record.timestamp.subtractingSaturating(earlier.timestamp) <= window
    }

    /// The time between two records, in microseconds (saturating).
    static func gap(from earlier: EventRecord, to record: EventRecord) -> Int64 {
        record.timestamp.subtractingSaturating(earlier.timestamp)
    }
}

extension String {
    /// Drops the quotes `text(_:)` puts around text values, for table cells.
    var replacingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}

extension EventMatcher {
    /// `"tour_step_shown" (step intro)`: the event and what its conditions ask.
    var spelled: String {
        let conditions = conditions.map { condition -> String in
            let asked = condition.predicates.map { predicate -> String in
                switch predicate {
                case .oneOf(let values): values.map(\.plainText).joined(separator: "/")
                case .noneOf(let values): "not " + values.map(\.plainText).joined(separator: "/")
                case .atLeast(let number): "≥ " + NumberText.format(number)
                case .atMost(let number): "≤ " + NumberText.format(number)
                case .present(let flag): flag ? "present" : "absent"
                case .equalsUserProperty(let name): "= user property " + name
                }
            }
            return ([condition.name] + asked).joined(separator: " ")
        }
        return "\"\(event)\"" + (conditions.isEmpty ? "" : " (" + conditions.joined(separator: ", ") + ")")
    }
}
