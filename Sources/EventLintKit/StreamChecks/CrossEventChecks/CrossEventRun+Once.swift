/// The plan rules with `once`: how often the events a rule selects occur per user. A user's
/// first such event is kept; each later one is a finding with a note at the first. An
/// exactly-once rule also keeps the user's first event its `whenUser` selects the user by, and
/// reports that event when the user ends without one the rule selects.
extension CrossEventRun {
    /// A record the rule selected (its conditions hold): the first is kept, a later one reported.
    mutating func countOnce(
        _ rule: CrossEventChecker.CompiledRule, index: Int, record: EventRecord, name: String, event: String
    ) {
        guard let first = onceFirst[index] else {
            onceFirst[index] = record
            return
        }
        report(
            OnceRules.repeated, severity: rule.severity,
            OnceRules.repeatedMessage(rule: name, event: event, user: userText(record)),
            at: record, notes: [FindingNote(OnceRules.firstOccurrenceNote, at: location(first))])
    }

    /// Keeps the record as the one that selects its user for each exactly-once rule that has
    /// none yet and whose `whenUser` holds on it.
    mutating func selectForExactlyOnce(_ record: EventRecord, values: RecordValues) {
        for index in checker.exactlyOnceRules where onceSelected[index] == nil {
            let conditions = checker.rules[index].userConditions
            if conditions.allSatisfy({ $0.holds(values) == true }) { onceSelected[index] = record }
        }
    }

    /// At the end of a user: each exactly-once rule that selected the user but never saw its event.
    mutating func endOnceRules() {
        for index in checker.exactlyOnceRules where onceFirst[index] == nil {
            guard let selected = onceSelected[index] else { continue }
            let rule = checker.rules[index]
            report(
                OnceRules.missing, severity: rule.severity,
                OnceRules.missingMessage(
                    rule: rule.declaration.name, wanted: rule.declaration.on.map { "\"\($0.value)\"" },
                    user: userText(selected)),
                at: selected)
            ruleViolations[index] += 1
        }
    }
}
