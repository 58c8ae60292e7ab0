/// The table of findings by rule, event and param that ends a grouped text report (and that the
/// other people-facing formats show): one row per group, in rule, event, param order.
enum FindingGroupTable {
    static func summary(_ groups: [FindingGroup]) -> ReportSummary {
        let rows = groups.sorted { $0.key < $1.key }.map { group -> [SummaryValue] in
            [
                .text(group.ruleID), .text(group.isOverflow ? "(others)" : group.event ?? "–"),
                .text(group.isOverflow ? "(others)" : group.param ?? "–"), .integer(group.count),
            ]
        }
        let table = SummaryTable(
            key: "groups",
            columns: [
                SummaryColumn("rule", key: "rule"), SummaryColumn("event", key: "event"),
                SummaryColumn("param", key: "param"), SummaryColumn("count", key: "count"),
            ],
            rows: rows, audience: .people)
        return ReportSummary([SummarySection(title: "findings by rule, event and param", [.table(table)])])
    }
}
