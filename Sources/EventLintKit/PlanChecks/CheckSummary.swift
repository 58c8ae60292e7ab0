/// What the plan holds, reported after `check`'s findings:
/// `plan: 5 files, 12 events, 16 params, 2 user properties, 5 pairs, 7 rules`.
public enum CheckSummary {
    public static func summary(of plan: Plan) -> ReportSummary {
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
        return ReportSummary([SummarySection([.sentence(sentence)])])
    }
}
