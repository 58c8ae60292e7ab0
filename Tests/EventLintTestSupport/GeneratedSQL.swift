import EventLintKit

/// SQL of `eventlint sql` generated in process, for the SQL tests of both test targets (each
/// target loads the plans: `shippedPlan()`, `enginePlan()`).
public enum GeneratedSQL {
    public static let table = SQLTableReference(parsing: "my-project.analytics_123.events_*")!

    public static func sql(
        _ plan: Plan, mode: SQLMode = .counts, from: String? = nil, to: String? = nil, limit: Int? = nil
    ) -> String {
        SQLGenerator(
            plan: plan,
            request: SQLRequest(
                table: table, from: from.flatMap(SQLDate.init(parsing:)),
                to: to.flatMap(SQLDate.init(parsing:)), mode: mode, limit: limit)
        ).generate()
    }

    /// The columns of `--mode rows`, in their order.
    public static let rowColumns = [
        "rule_id", "user_pseudo_id", "event_timestamp", "event_name", "param", "value", "plan_rule", "event_date",
        "app_version", "platform",
    ]

    /// The request of `sql --table TABLE [--from DAY] [--to DAY]`.
    public static func request(_ table: String, from: String?, to: String?) -> SQLRequest {
        SQLRequest(
            table: SQLTableReference(parsing: table)!, from: from.flatMap(SQLDate.init(parsing:)),
            to: to.flatMap(SQLDate.init(parsing:)))
    }
}
