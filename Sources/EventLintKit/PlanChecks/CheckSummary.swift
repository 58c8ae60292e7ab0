/// What the plan holds, reported after `check`'s findings:
/// `plan: 5 files, 12 events, 16 params, 2 user properties, 5 pairs, 7 rules`.
public enum CheckSummary {
    /// With `verdict` (`check --base`), machines also get the numbers of breaking and additive
    /// changes; people read them in the report's headline.
    public static func summary(of plan: Plan, verdict: (breaking: Int, additive: Int)? = nil) -> ReportSummary {
        var sentence: SummaryText = "plan: "
        let counts: [(key: String, count: Int, singular: String, plural: String)] = [
            ("files", plan.files.count, "file", "files"),
            ("events", plan.events.count, "event", "events"),
            ("params", plan.params.count, "param", "params"),
            ("userProperties", plan.userProperties.count, "user property", "user properties"),
            ("pairs", plan.pairs.count, "pair", "pairs"),
            ("rules", plan.rules.count, "rule", "rules"),
        ]
        for (index, item) in counts.enumerated() {
            if index > 0 { sentence.add(", ") }
            sentence.add(.count(item.count, singular: item.singular, plural: item.plural), key: item.key)
        }
        if let verdict {
            sentence.add(data: .integer(verdict.breaking), key: "breakingChanges")
            sentence.add(data: .integer(verdict.additive), key: "additiveChanges")
        }
        return ReportSummary([SummarySection([.sentence(sentence)])])
    }
}
