import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `eventlint sql` through the built executable: output and usage errors.
@Suite struct SQLGenerationToolTests {
    /// The result columns of each mode, as sqlglot reads the script's last SELECT.
    @Test(
        .enabled(if: Python.sqlglot != nil, "python3 with sqlglot is not installed"),
        arguments: [
            (SQLMode.counts, ["rule_id", "event_name", "param", "plan_rule", "violations"]),
            (.rows, GeneratedSQL.rowColumns), (.rules, ["plan_rule", "violations"]),
        ])
    func resultColumnsAsSQLGlotReadsThem(mode: SQLMode, columns: [String]) throws {
        let python = try #require(Python.sqlglot)
        let script =
            "import sys, sqlglot; tree = sqlglot.parse_one(sys.stdin.read(), read='bigquery'); "
            + "print(','.join(tree.named_selects))"
        let arguments = python == "/usr/bin/env" ? ["python3", "-c", script] : ["-c", script]
        let result = try Python.run(
            python, arguments, input: GeneratedSQL.sql(try GeneratedSQL.shippedPlan(), mode: mode))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == columns.joined(separator: ","))
    }

    @Test(.enabled(if: Python.sqlglot != nil, "python3 with sqlglot is not installed"), arguments: SQLMode.allCases)
    func parsesAsBigQuerySQL(mode: SQLMode) throws {
        let python = try #require(Python.sqlglot)
        let script =
            "import sys, sqlglot; trees = sqlglot.parse(sys.stdin.read(), read='bigquery'); "
            + "assert len([t for t in trees if t is not None]) == 1, 'one statement'; print('parsed')"
        let arguments = python == "/usr/bin/env" ? ["python3", "-c", script] : ["-c", script]
        let result = try Python.run(
            python, arguments,
            input: GeneratedSQL.sql(
                try GeneratedSQL.shippedPlan(), mode: mode,
                from: "20240101", to: "20240131"))
        #expect(result.status == 0, "sqlglot could not parse the SQL: \(result.output)")
    }

    @Test func printsTheScript() throws {
        let output = try #require(
            try EventLintBinary.run([
                "sql", "--table", "p.d.events_*", "--from", "20240101",
                "--to", "20240107", "--mode", "rows",
            ]))
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasPrefix("-- eventlint sql"))
        #expect(output.stdout.contains("_TABLE_SUFFIX BETWEEN '20240101' AND '20240107'"))
        let again = try #require(
            try EventLintBinary.run([
                "sql", "--table", "p.d.events_*", "--from", "20240101",
                "--to", "20240107", "--mode", "rows",
            ]))
        #expect(again.stdout == output.stdout)
    }

    @Test func helpPrintsTheUsage() throws {
        let output = try #require(try EventLintBinary.run(["help", "sql"]))
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("USAGE: eventlint sql"))
    }

    @Test(arguments: [
        (["sql"], "error: --table is required"),
        (["sql", "--table", "events_*"], "error: --table takes PROJECT.DATASET.TABLE"),
        (
            ["sql", "--table", "p.d.events_*", "--from", "2024-13-01"],
            "error: --from takes a day as YYYYMMDD, not \"2024-13-01\""
        ),
        (
            ["sql", "--table", "p.d.events_*", "--to", "yesterday"],
            "error: --to takes a day as YYYYMMDD, not \"yesterday\""
        ),
        (
            ["sql", "--table", "p.d.events_*", "--from", "20240201", "--to", "20240131"],
            "error: --from 20240201 is after --to 20240131"
        ),
        (
            ["sql", "--table", "p.d.events_*", "--mode", "all"],
            "error: --mode takes counts, rows, rules or readout, not \"all\""
        ),
        (["sql", "--table", "p.d.events_*", "extra"], "error: unexpected argument \"extra\""),
        (["sql", "--table", "p.d.events_*", "--limit", "3"], "error: --limit needs --mode rows"),
        (["sql", "--table", "p.d.events_*", "--mode", "rules", "--limit", "3"], "error: --limit needs --mode rows"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix(message), "\(output.stderr)")
        #expect(output.stderr.contains("\nusage: eventlint sql [OPTIONS] --table TABLE\n"))
    }

    /// `--limit` takes a positive whole number in decimal digits: no hex, sign, exponent, empty
    /// text or number too large.
    @Test(arguments: ["0x10", "+3", "-1", "", "0", "1e3", " 3", "3.0", "99999999999999999999", "1000000001"])
    func limitIsAStrictPositiveNumber(text: String) throws {
        let output = try #require(
            try EventLintBinary.run(["sql", "--table", "p.d.events_*", "--mode", "rows", "--limit", text]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr.hasPrefix("error: --limit takes a whole number from 1 to 1000000000, not \"\(text)\""),
            "\(output.stderr)")
    }

    @Test func limitEndsTheRowsScript() throws {
        let output = try #require(
            try EventLintBinary.run(["sql", "--table", "p.d.events_*", "--mode", "rows", "--limit=25"]))
        #expect(output.status == 0)
        #expect(output.stdout.hasSuffix("\nLIMIT 25;\n"))
    }

    @Test func anInvalidPlanExitsTwo() throws {
        let output = try #require(
            try EventLintBinary.run([
                "sql", "--table", "p.d.events_*", "--schema",
                "samples/plans/syntax-error",
            ]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
    }

}

extension GeneratedSQL {
    static func shippedPlan() throws -> Plan { try PlanSession.open(schema: Repository.schema.path).loaded.plan }
    /// The engine tests' plan, for SQL tests about the generator rather than the shipped plan.
    static func enginePlan() throws -> Plan { try PlanSession.open(schema: Repository.enginePlan.path).loaded.plan }
}
