import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `eventlint sql`: the generated BigQuery SQL is deterministic, built only from the plan, covers
/// every rule id it claims (`SQLGenerationToolTests` parses it with sqlglot).
@Suite struct SQLGenerationTests {
    /// The string literals of a SQL text, unescaped (comments skipped).
    static func literals(_ sql: String) -> [String] {
        var result: [String] = []
        var characters = Array(sql)[...]
        while let first = characters.first {
            characters = characters.dropFirst()
            if first == "-", characters.first == "-" {
                while let next = characters.first, next != "\n" { characters = characters.dropFirst() }
                continue
            }
            guard first == "'" else { continue }
            var text = ""
            while let next = characters.first {
                characters = characters.dropFirst()
                if next == "\\", let escaped = characters.first {
                    characters = characters.dropFirst()
                    text.append(escaped == "n" ? "\n" : escaped)
                } else if next == "'" {
                    break
                } else {
                    text.append(next)
                }
            }
            result.append(text)
        }
        return result
    }

    @Test func outputIsDeterministic() throws {
        let plan = try GeneratedSQL.enginePlan()
        for mode in SQLMode.allCases {
            let first = GeneratedSQL.sql(plan, mode: mode, from: "20240101", to: "20240131")
            #expect(
                first == GeneratedSQL.sql(try GeneratedSQL.enginePlan(), mode: mode, from: "20240101", to: "20240131"))
        }
    }

    /// Every literal is a name or value of the plan, a rule id, GA4's own vocabulary, or one of
    /// the few words the SQL itself uses for states and roles.
    @Test func literalsComeFromThePlanOrGA4() throws {
        let plan = try GeneratedSQL.enginePlan()
        var allowed = Set(SQLCoverage.computedIDs)
        allowed.formUnion(plan.events.map(\.name) + plan.params.map(\.name) + plan.userProperties.map(\.name))
        // A finding's pair or plan rule (`plan_rule`).
        allowed.formUnion(plan.pairs.map(\.name) + plan.rules.map(\.name))
        // The readout's metrics, experiments and arms.
        allowed.formUnion(plan.metrics.map(\.name) + plan.experiments.map(\.name))
        allowed.formUnion(plan.experiments.flatMap { $0.arms.map(\.value) })
        for param in plan.params {
            allowed.formUnion(param.values?.map(\.value.plainText) ?? [])
            allowed.formUnion(param.bucket?.labels ?? [])
        }
        for property in plan.userProperties { allowed.formUnion(property.values?.map(\.value.plainText) ?? []) }
        for event in plan.events {
            for use in event.params { allowed.formUnion(use.values?.map(\.value.plainText) ?? []) }
        }
        func conditionValues(_ conditions: [Condition]) {
            for condition in conditions {
                for predicate in condition.predicates {
                    switch predicate {
                    case .oneOf(let values), .noneOf(let values): allowed.formUnion(values.map(\.plainText))
                    default: break
                    }
                }
            }
        }
        for pair in plan.pairs {
            for matcher in pair.opens + pair.closes + pair.inside { conditionValues(matcher.conditions) }
        }
        for metric in plan.metrics {
            for matcher in (metric.matchers(in: plan).map { $0.reach + $0.success } ?? []) {
                conditionValues(matcher.conditions)
            }
        }
        for rule in plan.rules {
            conditionValues(rule.when + rule.whenUser + rule.require + rule.requireUser)
            conditionValues((rule.after?.matcher.conditions ?? []) + (rule.notAfter?.matcher.conditions ?? []))
        }
        allowed.formUnion(
            GA4Facts.automaticEvents.union(GA4Facts.automaticParams).union(GA4Facts.automaticUserProperties)
                .union(GA4Facts.standardItemFields))
        allowed.formUnion(GA4Facts.automaticEventParams.values.flatMap { $0 })
        // GA4's families as SQL: `notification_*` and `firebase_exp_<n>`.
        allowed.formUnion(["notification_", "^firebase_exp_[0-9]+$"])
        allowed.formUnion([
            "absent", "invalid", "out_of_range", "ok", "string", "int", "double", "malformed", "none", "open", "close",
            "inside", "intraday_", ".", "", "^[0-9]+(?:\\.[0-9]+)*", "firebase_error", "firebase_error_value",
            "20240101", "20240131", "…",
        ])
        for mode in SQLMode.allCases {
            let sql = GeneratedSQL.sql(plan, mode: mode, from: "20240101", to: "20240131")
            let unexpected = Set(Self.literals(sql)).subtracting(allowed)
            #expect(unexpected.isEmpty, "\(mode): literals not from the plan: \(unexpected.sorted())")
        }
    }

    /// A different plan gives SQL that names none of the engine plan's events or params.
    @Test func anotherPlanNamesOnlyItsOwnData() throws {
        let text = """
            {
              params: { colour: { type: 'string', values: ['red', 'blue'] }, count: { type: 'int', min: 1 } },
              userProperties: { tier: { values: ['free', 'paid'] } },
              events: {
                door_opened: { params: { colour: 'required', count: { required: { since: '2.1' } } } },
                door_closed: { params: { colour: 'required' } },
              },
              pairs: { door: { open: 'door_opened', close: { events: ['door_closed'], required: true }, same: ['colour'] } },
              rules: { paid_only: { on: 'door_*', requireUser: { tier: 'paid' } } },
            }
            """
        let plan = try PlanText.check(text).plan
        let sql = GeneratedSQL.sql(plan)
        let engine = try GeneratedSQL.enginePlan()
        for name in engine.events.map(\.name) + engine.params.map(\.name) + engine.userProperties.map(\.name) {
            #expect(!sql.contains("'\(name)'"), "the SQL names \(name), which this plan does not declare")
        }
        for name in ["door_opened", "door_closed", "colour", "count", "tier", "paid", "red"] {
            #expect(sql.contains("'\(name)'"))
        }
    }

    @Test func everyClaimedRuleIDIsComputed() throws {
        let sql = GeneratedSQL.sql(try GeneratedSQL.enginePlan())
        for id in SQLCoverage.computedIDs {
            #expect(sql.contains("'\(id)'"), "the SQL never yields \(id)")
        }
        let catalogue = Set(RuleCatalog.all.map(\.id))
        for id in SQLCoverage.computedIDs + SQLCoverage.leftOut.map(\.id) { #expect(catalogue.contains(id)) }
        #expect(Set(SQLCoverage.computedIDs).count == SQLCoverage.computedIDs.count)
    }

    @Test func readsOnlyTheNeededColumnsOfTheDaysAsked() throws {
        let sql = GeneratedSQL.sql(try GeneratedSQL.enginePlan(), from: "20240101", to: "20240131")
        #expect(sql.contains("FROM `my-project.analytics_123.events_*`"))
        #expect(sql.contains("_TABLE_SUFFIX BETWEEN '20240101' AND '20240131'"))
        #expect(!sql.contains("SELECT * FROM `"))
        #expect(sql.components(separatedBy: "`my-project.analytics_123.events_*`").count == 2, "the table is read once")
    }

    @Test func modesEndDifferently() throws {
        let plan = try GeneratedSQL.enginePlan()
        let counts = GeneratedSQL.sql(plan, mode: .counts)
        #expect(
            counts.contains(
                "SELECT check_id AS rule_id, found.event_name, found.param, found.plan_rule, COUNT(found.rule_id) AS violations"
            ))
        // Every computed check is listed, so it has a row (0 when it found nothing).
        for id in SQLCoverage.computedIDs { #expect(counts.contains("'\(id)'"), "\(id)") }
        #expect(GeneratedSQL.sql(plan, mode: .rows).contains("AS user_pseudo_id, event_time AS event_timestamp"))
    }

    /// `--mode rows`: the finding (with its value and pair or plan rule) and the row's day,
    /// release and platform, sorted by every column; `--limit` ends the script.
    @Test func rowsModeHasTheFindingAndRowColumns() throws {
        let plan = try GeneratedSQL.enginePlan()
        let sql = GeneratedSQL.sql(plan, mode: .rows)
        let columns = GeneratedSQL.rowColumns.joined(separator: ", ")
        #expect(sql.contains("\n-- mode: rows (\(columns))\n"))
        #expect(sql.contains("\nSELECT \(columns)\nFROM (\n"))
        #expect(
            sql.contains(
                "ORDER BY " + GeneratedSQL.rowColumns.map { "\($0) NULLS FIRST" }.joined(separator: ", ") + ";"))
        #expect(!sql.contains("\nLIMIT "))
        // Each findings select yields the row's columns; only rows mode reads them.
        #expect(sql.contains("  app_info.version AS app_version,\n"))
        #expect(sql.contains("  event_date,\n"))
        let counts = GeneratedSQL.sql(plan, mode: .counts)
        #expect(!counts.contains("app_info.version AS app_version"))
        #expect(!counts.contains("event_date, app_version, platform"))
        // The value is bounded as lint bounds a finding's value.
        #expect(sql.contains("IF(BYTE_LENGTH(value) <= \(FindingContext.maxValueBytes), value,"))
        #expect(sql.contains("BYTE_LENGTH(SUBSTR(value, 1, k)) <= \(FindingContext.maxValueBytes - 3)"))
        let limited = GeneratedSQL.sql(plan, mode: .rows, limit: 3)
        #expect(limited.hasSuffix(" NULLS FIRST\nLIMIT 3;\n"))
        #expect(limited.contains("-- mode: rows (\(columns)), at most 3 rows\n"))
    }

    /// Pair and plan rule findings name their pair or rule in `plan_rule`; per-event checks
    /// leave it NULL; values come from the entry or the param's first entry.
    @Test func findingsNameTheirPairOrRuleAndValue() throws {
        let plan = try GeneratedSQL.enginePlan()
        for mode in [SQLMode.counts, .rows] {
            let sql = GeneratedSQL.sql(plan, mode: mode)
            for pair in plan.pairs {
                #expect(sql.contains("CAST(NULL AS STRING) AS value, \(SQLText.string(pair.name)) AS plan_rule"))
                #expect(sql.contains("f.value, \(SQLText.string(pair.name)) AS plan_rule"))
            }
            for rule in plan.rules {
                #expect(sql.contains("\(SQLText.string(rule.name)) AS plan_rule), NULL)"), "\(rule.name)")
            }
            #expect(sql.contains("COALESCE(p.value.string_value, CAST(p.value.int_value AS STRING)"))
            #expect(sql.contains("COALESCE(u.value.string_value, CAST(u.value.int_value AS STRING)"))
        }
        #expect(
            GeneratedSQL.sql(plan).contains(
                "GROUP BY check_id, found.event_name, found.param, found.plan_rule"))
    }

    @Test(
        arguments: [
            ("20240131", "20240131"), ("2024-01-31", "20240131"), ("20240229", "20240229"), ("20230229", nil),
            ("20241301", nil), ("2024013", nil), ("2024O131", nil), ("", nil), ("20240100", nil),
        ] as [(String, String?)])
    func datesParse(text: String, expected: String?) {
        #expect(SQLDate(parsing: text)?.description == expected)
    }

    @Test(arguments: [
        ("p.d.events_*", true), ("my-project.analytics_1.events_20240101", true), ("example.com:p.d.events_*", true),
        ("d.events_*", false), ("p..events_*", false), ("p.d.events;drop", false), ("p.d.`x`", false),
    ])
    func tablesParse(text: String, valid: Bool) {
        #expect((SQLTableReference(parsing: text) != nil) == valid)
    }

    @Test func stringLiteralsAreEscaped() {
        #expect(SQLText.string("it's \\ here\n") == "'it\\'s \\\\ here\\n'")
    }
}

extension GeneratedSQL {
    static func shippedPlan() throws -> Plan { try PlanSession.open(schema: Repository.schema.path).loaded.plan }
    /// The engine tests' plan, for SQL tests about the generator rather than the shipped plan.
    static func enginePlan() throws -> Plan { try PlanSession.open(schema: Repository.enginePlan.path).loaded.plan }
}
