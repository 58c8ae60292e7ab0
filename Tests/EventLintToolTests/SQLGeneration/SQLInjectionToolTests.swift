import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Hostile names and values in a plan: the generated script still parses (sqlglot, BigQuery
/// dialect) as the same number of statements as the engine plan's.
@Suite struct SQLInjectionToolTests {
    static let breakers = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
    static let payload = "DROP TABLE `p.d.events`; SELECT 1; --"

    /// Without sqlglot, the structural guard: no line of the script outside a string literal
    /// holds the payload.
    @Test(arguments: breakers)
    func hostileTextStaysInsideLiterals(breaker: String) throws {
        let sql = GeneratedSQL.sql(try Self.hostilePlan(breaker: breaker), mode: .rows)
        for scalar in sql.unicodeScalars {
            #expect(
                !["\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\r"].contains(scalar),
                "a raw line break U+\(String(scalar.value, radix: 16)) reached the SQL")
        }
        for line in sql.split(separator: "\n") where line.contains("DROP TABLE") {
            let beforePayload = line[..<line.range(of: "DROP TABLE")!.lowerBound]
            let quotes = beforePayload.reduce(into: (count: 0, escaped: false)) { state, character in
                if state.escaped {
                    state.escaped = false
                } else if character == "\\" {
                    state.escaped = true
                } else if character == "'" {
                    state.count += 1
                }
            }
            #expect(quotes.count % 2 == 1, "payload outside a string literal: \(line)")
        }
    }

    @Test(
        .enabled(
            if: Python.sqlglot != nil,
            "skipped: python3 with sqlglot is not installed (.ci/run installs it)"),
        arguments: SQLMode.allCases)
    func hostilePlanParsesAsTheSameNumberOfStatements(mode: SQLMode) throws {
        let original = try Self.statementCount(GeneratedSQL.sql(try GeneratedSQL.enginePlan(), mode: mode))
        let hostile = try Self.statementCount(GeneratedSQL.sql(try Self.hostilePlan(breaker: nil), mode: mode))
        #expect(original == 1)
        #expect(hostile == original, "\(mode)")
    }

    /// Rows and counts name each finding's pair or plan rule in a column: the hostile names
    /// reach it only as the escaper's literals, and the script with `--limit` is still one statement.
    @Test(arguments: [SQLMode.rows, .counts])
    func hostilePlanRuleNamesAreLiterals(mode: SQLMode) throws {
        let plan = try Self.hostilePlan(breaker: nil)
        let sql = GeneratedSQL.sql(plan, mode: mode, limit: mode == .rows ? 5 : nil)
        for pair in plan.pairs {
            #expect(sql.contains("f.value, \(SQLText.string(pair.name)) AS plan_rule"), "\(pair.name)")
            #expect(!sql.contains(pair.name), "the raw name \(pair.name.debugDescription) reached the SQL")
        }
        for rule in plan.rules where rule.events.contains(where: { plan.event(named: $0) != nil }) {
            #expect(sql.contains("\(SQLText.string(rule.name)) AS plan_rule), NULL)"), "\(rule.name)")
            #expect(!sql.contains(rule.name), "the raw name \(rule.name.debugDescription) reached the SQL")
        }
        if let count = try Self.statementCount(sql) { #expect(count == 1) }
    }

    /// The engine plan with each pair and rule renamed, and values, descriptions and param
    /// names made hostile (the generator is called directly: `check` would refuse the plan).
    /// `breaker` nil: each pair, rule and value takes the next line break of `breakers`.
    static func hostilePlan(breaker: String?) throws -> Plan {
        var plan = try GeneratedSQL.enginePlan()
        func next(_ index: Int) -> String { breaker ?? breakers[index % breakers.count] }
        for index in plan.pairs.indices {
            plan.pairs[index].name = "x\(next(index))\(payload)\(next(index + 1))' OR 1=1 --\\"
            plan.pairs[index].description = "\(next(index))\(payload)"
        }
        for index in plan.rules.indices {
            plan.rules[index].name = "r\(next(index + 2))*/ \(payload) /*"
        }
        for index in plan.params.indices where plan.params[index].values != nil {
            let location = plan.params[index].location
            plan.params[index].values?.append(Located(.string("a'\(next(index + 3))\(payload)"), at: location))
        }
        return plan
    }

    static func statementCount(_ sql: String) throws -> Int? {
        guard let python = Python.sqlglot else { return nil }
        let script =
            "import sys, sqlglot; trees = sqlglot.parse(sys.stdin.read(), read='bigquery'); "
            + "print(len([t for t in trees if t is not None]))"
        let arguments = python == "/usr/bin/env" ? ["python3", "-c", script] : ["-c", script]
        let result = try Python.run(python, arguments, input: sql)
        #expect(result.status == 0, "sqlglot could not parse the SQL: \(result.output.suffix(2000))")
        return Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
