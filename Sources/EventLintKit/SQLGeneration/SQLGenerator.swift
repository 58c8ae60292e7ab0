/// Turns the plan into one BigQuery Standard SQL script that computes `lint`'s checks over GA4
/// export tables: per-rule violation counts, or the violating rows. Every event, param, value and
/// rule in the SQL comes from the `Plan`; the generator knows only GA4's own vocabulary
/// (`GA4Facts`) and the export schema.
///
/// The script is a chain of CTEs, each a stage of `lint`'s own pipeline:
/// `source` (the columns needed, the days asked for) → `scanned` (per param: where it first
/// appears and its value) → `typed` (which `*_value` slot carried it) → `checked` (the rule each
/// value breaks, if any) → `tracked` (the values pairs and rules compare) → `ordered` (per-user
/// time-order windows) → findings per row, per param entry, per user property entry and per pair.
/// Arrays are read with explicit aliases (`UNNEST(event_params) AS p`) so sqlglot can transpile
/// the script to DuckDB for the differential test.
public struct SQLGenerator {
    public let plan: Plan
    public let request: SQLRequest
    let params: [ParamColumns]
    let userProperties: [UserPropertyColumns]
    /// The `since` versions of the plan's requirements, each computed once per row.
    let sinceVersions: [AppVersion]

    /// The columns one plan param gets, named by its plan index so no two names collide.
    struct ParamColumns {
        var declaration: ParamDeclaration
        var base: String
        /// Events that carry the param, with their use.
        var uses: [(event: String, use: EventParamUse)]
    }

    struct UserPropertyColumns {
        var declaration: UserPropertyDeclaration
        var base: String
    }

    /// GA4's automatic names and the plan's own, as `lint` reads them (`CompiledPlan`).
    let automatic: AutomaticNames

    /// Generates from the plan with a declaration for each automatic param and user property it
    /// names (`Plan.withAutomaticDeclarations`), as `CompiledPlan` compiles it.
    public init(plan writtenPlan: Plan, request: SQLRequest) {
        let plan = writtenPlan.withAutomaticDeclarations()
        self.plan = plan
        automatic = plan.automaticNames
        self.request = request
        params = plan.params.enumerated().map { index, param in
            ParamColumns(
                declaration: param, base: "p\(index)_\(SQLText.identifierFragment(param.name))",
                uses: plan.events.compactMap { event in event.use(of: param.name).map { (event.name, $0) } })
        }
        userProperties = plan.userProperties.enumerated().map { index, property in
            UserPropertyColumns(declaration: property, base: "u\(index)_\(SQLText.identifierFragment(property.name))")
        }
        var versions: [AppVersion] = []
        for event in plan.events {
            for use in event.params + event.itemParams {
                if case .requiredSince(let version) = use.requirement, !versions.contains(version) {
                    versions.append(version)
                }
            }
        }
        sinceVersions = versions
    }

    /// The whole script.
    public func generate() -> String {
        var ctes: [(name: String, body: String)] = [
            ("source", sourceCTE()), ("scanned", scannedCTE()), ("typed", typedCTE()), ("checked", checkedCTE()),
            ("tracked", trackedCTE()), ("ordered", orderedCTE()),
        ]
        ctes += experimentCTEs()
        if request.mode == .readout {
            ctes += readoutCTEs()
        } else {
            var findingSelects = [rowFindings(), paramEntryFindings(), userPropertyEntryFindings()] + itemFindings()
            for (index, pair) in plan.pairs.enumerated() {
                let pairCTEs = pairCTEs(pair, index: index)
                ctes += pairCTEs.ctes
                findingSelects.append(pairCTEs.findings)
            }
            findingSelects += experimentFindings() + sampleRatioFindings() + onceFindings() + journeyFindings()
            ctes.append(("findings", findingSelects.joined(separator: "\nUNION ALL\n")))
        }
        if request.mode == .rules { ctes.append(("plan_rule_findings", planRuleFindings())) }
        var text = header()
        text += "WITH\n"
        text += ctes.map { "\($0.name) AS (\n\(SQLText.indent($0.body, 2))\n)" }.joined(separator: ",\n")
        text += "\n" + finalSelect() + ";\n"
        return text
    }

    // MARK: - Header and result

    func header() -> String {
        var lines = [
            "-- eventlint sql \(ToolVersion.current): lint's checks as BigQuery Standard SQL, generated from the tracking plan",
            "-- plan: "
                + [
                    (plan.files.count, "file", "files"), (plan.events.count, "event", "events"),
                    (plan.params.count, "param", "params"),
                    (plan.userProperties.count, "user property", "user properties"),
                    (plan.pairs.count, "pair", "pairs"), (plan.rules.count, "rule", "rules"),
                ]
                .map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }.joined(separator: ", "),
            "-- table: \(request.table)" + dateRangeComment(),
            "-- mode: \(request.mode.rawValue)" + modeColumns,
            "-- run: bq query --use_legacy_sql=false < this-file.sql   (docs/sql.md)",
            "-- rule ids computed: \(SQLCoverage.computedIDs.joined(separator: ", "))",
            "-- generated: do not edit; run `eventlint sql` again after changing schema/",
        ]
        lines.append("")
        return lines.joined(separator: "\n") + "\n"
    }

    var modeColumns: String {
        switch request.mode {
        case .counts: " (rule_id, event_name, param, plan_rule, violations)"
        case .rows:
            " (\(Self.rowColumns.joined(separator: ", ")))" + (request.limit.map { ", at most \($0) rows" } ?? "")
        case .rules: " (plan_rule, violations)"
        case .readout: " (metric, experiment, arm, users, succeeded, share, lower, upper)"
        }
    }

    /// The columns of `--mode rows`, in order; the rows are sorted by all of them.
    static let rowColumns = [
        "rule_id", "user_pseudo_id", "event_timestamp", "event_name", "param", "value", "plan_rule", "event_date",
        "app_version", "platform",
    ]

    /// The columns of the row a finding is on that only `--mode rows` reports, as a select list
    /// tail (`, event_date, …`), or nothing.
    var contextColumns: String { request.mode == .rows ? ", event_date, app_version, platform" : "" }

    /// A text as `lint` keeps it in a finding's structured fields (`FindingContext.bounded`): at
    /// most `maxValueBytes` UTF-8 bytes, else the longest prefix of whole code points that leaves
    /// room for `…`, and `…`.
    func bounded(_ text: String) -> String {
        let ellipsis = "…"
        let limit = FindingContext.maxValueBytes
        let kept = limit - ellipsis.utf8.count
        let cut =
            "(SELECT MAX(k) FROM UNNEST(GENERATE_ARRAY(0, \(kept))) AS k WHERE BYTE_LENGTH(SUBSTR(\(text), 1, k)) <= \(kept))"
        return
            "IF(BYTE_LENGTH(\(text)) <= \(limit), \(text), CONCAT(SUBSTR(\(text), 1, \(cut)), \(SQLText.string(ellipsis))))"
    }

    /// A `value` struct of an entry as the text `lint` shows: the first slot that is set, as the
    /// scanner reads it (numbers as BigQuery writes them as text).
    func valueText(_ value: String) -> String {
        "COALESCE(\(value).string_value, CAST(\(value).int_value AS STRING), CAST(\(value).float_value AS STRING), CAST(\(value).double_value AS STRING))"
    }

    func dateRangeComment() -> String {
        switch (request.from, request.to) {
        case (nil, nil): ", every daily table"
        case (let from?, nil): ", days from \(from)"
        case (nil, let to?): ", days up to \(to)"
        case (let from?, let to?): ", days \(from) to \(to)"
        }
    }

    /// Suppressions of the plan, as a filter on the findings (lint applies them too).
    func suppressionFilter() -> String? {
        var terms: [String] = []
        let computed = SQLCoverage.computedIDs
        for suppression in plan.suppressions {
            let ids = computed.filter { Glob.matches(pattern: suppression.rule, $0) }
            guard !ids.isEmpty else { continue }
            var parts = ["rule_id IN \(SQLText.stringList(ids))"]
            if let event = suppression.event {
                // User-property findings name no event in lint, so an event filter never matches them.
                let eventless = [
                    StreamRules.unknownUserProperty, StreamRules.userPropertyValueNotAllowed,
                    StreamRules.userPropertyValueTooLong, StreamRules.userPropertyWrongType,
                ].map(\.id)
                parts.append("rule_id NOT IN \(SQLText.stringList(eventless))")
                parts.append(globTest("event_name", event))
            }
            if let param = suppression.param { parts.append(globTest("param", param)) }
            terms.append(SQLText.all(parts))
        }
        return terms.isEmpty ? nil : "NOT (" + SQLText.any(terms) + ")"
    }

    /// A `*` glob as SQL: equality, or an anchored regular expression.
    func globTest(_ column: String, _ pattern: String) -> String {
        guard pattern.contains("*") else { return "\(column) = \(SQLText.string(pattern))" }
        let escaped = pattern.split(separator: "*", omittingEmptySubsequences: false).map { part in
            part.map { "\\^$.|?+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined()
        }.joined(separator: ".*")
        return "COALESCE(REGEXP_CONTAINS(\(column), \(SQLText.string("^" + escaped + "$"))), FALSE)"
    }

    func finalSelect() -> String {
        let filter = suppressionFilter().map { "\nWHERE \($0)" } ?? ""
        switch request.mode {
        case .counts:
            // One row per (rule id, event, param, pair or plan rule) found, and a 0 row for every
            // check the script computes that found nothing, so a clean result still lists what was checked.
            let checks = SQLCoverage.computedIDs.map(SQLText.string).joined(separator: ", ")
            return """
                SELECT check_id AS rule_id, found.event_name, found.param, found.plan_rule, COUNT(found.rule_id) AS violations
                FROM UNNEST([\(checks)]) AS check_id
                LEFT JOIN (SELECT * FROM findings\(filter)) AS found ON found.rule_id = check_id
                GROUP BY check_id, found.event_name, found.param, found.plan_rule
                ORDER BY rule_id, found.event_name, found.param, found.plan_rule
                """
        case .rules:
            return
                "SELECT plan_rule, COUNT(*) AS violations\nFROM plan_rule_findings\nGROUP BY plan_rule\nORDER BY plan_rule"
        case .readout:
            return readoutSelect()
        case .rows:
            // Sorted by every column (NULLs first in both engines), so `LIMIT` keeps the same rows.
            let order = Self.rowColumns.map { "\($0) NULLS FIRST" }.joined(separator: ", ")
            return """
                SELECT \(Self.rowColumns.joined(separator: ", "))
                FROM (
                  SELECT rule_id, \(bounded("user_key")) AS user_pseudo_id, event_time AS event_timestamp, event_name, param,
                    \(bounded("value")) AS value, plan_rule, event_date,
                    \(bounded("app_version")) AS app_version, \(bounded("platform")) AS platform
                  FROM findings\(suppressionFilter().map { "\n  WHERE \($0)" } ?? "")
                ) AS found
                ORDER BY \(order)
                """ + (request.limit.map { "\nLIMIT \($0)" } ?? "")
        }
    }

    // MARK: - Events of the plan

    var planEventNames: [String] { plan.events.map(\.name) }

    /// Events pairs and rules follow per user: they need a user id and a timestamp.
    var recordedEventNames: [String] {
        var names: [String] = []
        func add(_ name: String) {
            if plan.event(named: name) != nil, !names.contains(name) { names.append(name) }
        }
        for pair in plan.pairs {
            for matcher in pair.opens + pair.closes + pair.inside { add(matcher.event) }
        }
        for rule in plan.rules {
            rule.events.forEach(add)
            if let after = rule.after { add(after.matcher.event) }
            if let notAfter = rule.notAfter { add(notAfter.matcher.event) }
        }
        return names
    }

    /// Whether an event name is an automatic event: GA4's list and families and the plan's own
    /// (`AutomaticNames.isEvent`).
    func automaticEventTest(_ column: String) -> String {
        let names = automatic.events.filter { plan.event(named: $0) == nil }.sorted()
        return SQLText.any(
            (names.isEmpty ? [] : ["\(column) IN \(SQLText.stringList(names))"])
                + automatic.eventPatterns.map { $0.sql(column) })
    }

    /// Whether the entry `key` of a plan event's row is an automatic param there: one GA4 adds to
    /// any event, or to this event (`CompiledPlan.isAutomaticParam`).
    func automaticParamTest(_ key: String) -> String {
        var terms = ["\(key) IN \(SQLText.stringList(automatic.params.sorted()))"]
        terms += automatic.paramPatterns.map { $0.sql(key) }
        for event in planEventNames {
            let scoped = automatic.eventParams(of: event)
            if !scoped.isEmpty {
                terms.append(
                    "(event_name = \(SQLText.string(event)) AND \(key) IN \(SQLText.stringList(scoped.sorted())))")
            }
        }
        return "(" + SQLText.any(terms) + ")"
    }

    /// Whether a plan param is automatic on the row's event (`event_name`), for one that is
    /// automatic somewhere; `FALSE` for a custom one.
    func automaticOnRow(_ name: String) -> String {
        if automatic.isParam(name) { return "TRUE" }
        let events = planEventNames.filter { automatic.eventParams(of: $0).contains(name) }
        return eventIn(events)
    }

    func automaticUserPropertyTest(_ key: String) -> String {
        "("
            + SQLText.any(
                ["\(key) IN \(SQLText.stringList(automatic.userProperties.sorted()))"]
                    + automatic.userPropertyPatterns.map { $0.sql(key) }) + ")"
    }

    /// `event_name IN (…)`, `FALSE` for no names.
    func eventIn(_ names: [String], column: String = "event_name") -> String {
        names.isEmpty ? "FALSE" : "\(column) IN \(SQLText.stringList(names))"
    }

    /// The per-user time order of SPEC §1.4, as far as SQL can follow it: timestamp, then
    /// bundle sequence id (rows without them first, as `lint` sorts them).
    var timeOrder: String { "event_time ASC NULLS FIRST, bundle_sequence ASC NULLS FIRST" }

    var sessionKeyed: Bool { plan.pairs.contains { $0.keyedBySession } }
}
