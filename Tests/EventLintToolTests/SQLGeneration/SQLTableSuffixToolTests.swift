import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `--table` wildcards through the built executable, and the day filter run on DuckDB.
@Suite struct SQLTableSuffixToolTests {
    @Test func cliRefusesWithExitTwo() throws {
        let output = try #require(
            try EventLintBinary.run([
                "sql", "--table", "p.d.events_2024*", "--from", "20230101",
                "--to", "20230131",
            ]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr.hasPrefix("error: no table of p.d.events_2024* holds a day from 20230101 to 20230131"),
            "\(output.stderr)")
        let good = try #require(
            try EventLintBinary.run([
                "sql", "--table", "p.d.events_2024*", "--from", "20240101",
                "--to", "20240131",
            ]))
        #expect(good.status == 0)
        #expect(good.stdout.contains("_TABLE_SUFFIX BETWEEN '0101' AND '0131'"))
    }

    /// A wildcard that is not GA4's daily tables (its `_TABLE_SUFFIX` would be a whole table
    /// name, and it would union tables of other schemas) is refused, naming the right form.
    @Test(arguments: ["p.d.*", "p.d.e*", "p.d.events*", "p.d.events_intraday_*", "p.d.ga_events_*", "p.d.events_x1*"])
    func otherWildcardsAreRefused(table: String) throws {
        for (from, to) in [("20240101", "20240131"), (nil, nil)] as [(String?, String?)] {
            #expect(
                throws: SQLRequestError(
                    "--table's wildcard must be GA4's daily tables, events_* (or events_ and the start of a day: events_2024*), not \(table)"
                )
            ) { try GeneratedSQL.request(table, from: from, to: to).tableSuffixRange() }
        }
        let output = try #require(try EventLintBinary.run(["sql", "--table", table, "--from", "20240101"]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr.contains("events_* (or events_ and the start of a day: events_2024*)"), "\(output.stderr)")
    }

    /// The generated filter, run in DuckDB over the `_TABLE_SUFFIX` of every table the wildcard
    /// matches in a dataset of daily and intraday tables around a new year: exactly the days
    /// asked for are read.
    @Test(
        .enabled(
            if: Python.duckdb != nil,
            "skipped: no python with duckdb and sqlglot (.ci/sql-differential.sh makes one)"),
        arguments: [
            ("events_*", "20231230", "20240102"), ("events_2024*", "20231230", "20240102"),
            ("events_2023*", "20231230", "20240102"), ("events_202401*", "20240105", "20240108"),
            ("events_*", "20240109", nil), ("events_2024*", nil, "20240101"),
            ("events_20240103*", "20240103", "20240103"),
        ] as [(String, String?, String?)])
    func theFilterReadsExactlyTheDaysInDuckDB(table: String, from: String?, to: String?) throws {
        var days: [String] = []
        for day in 25...31 { days.append("202312\(day)") }
        for day in 1...10 { days.append("202401" + (day < 10 ? "0" : "") + String(day)) }
        let names = days.map { "events_" + $0 } + days.map { "events_intraday_" + $0 }
        let prefix = String(table.dropFirst("events_".count).dropLast())
        let sql = try Self.sql("p.d." + table, from: from, to: to)
        let script = """
            import sys, json, duckdb, sqlglot
            from sqlglot import exp
            prefix, names = sys.argv[1], json.loads(sys.argv[2])
            tree = sqlglot.parse_one(sys.stdin.read(), read="bigquery")
            source = next(t for t in tree.find_all(exp.Table) if t.name.startswith("events_")).find_ancestor(exp.Select)
            connection = duckdb.connect()
            connection.execute("CREATE TABLE t (_TABLE_SUFFIX VARCHAR)")
            connection.executemany("INSERT INTO t VALUES (?)", [[n[len("events_" + prefix):]] for n in names if n.startswith("events_" + prefix)])
            query = exp.select("_TABLE_SUFFIX").from_("t").where(source.args["where"].this.copy())
            print(json.dumps(sorted(row[0] for row in connection.execute(query.sql(dialect="duckdb")).fetchall())))
            """
        let python = try #require(Python.duckdb)
        let namesJSON = String(decoding: try JSONSerialization.data(withJSONObject: names), as: UTF8.self)
        let result = try Python.run(python, ["-c", script, prefix, namesJSON], input: sql)
        #expect(result.status == 0, "\(result.output)")
        let suffixes = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String] ?? []
        let expected = days.filter { $0.hasPrefix(prefix) && $0 >= from ?? "" && $0 <= to ?? "99999999" }
        #expect(suffixes.map { prefix + $0 } == expected, "\(table) \(from ?? "-")..\(to ?? "-"): \(suffixes)")
    }

    /// The whole script for a table and days.
    static func sql(_ table: String, from: String?, to: String?) throws -> String {
        let plan = try GeneratedSQL.enginePlan()
        return SQLGenerator(plan: plan, request: GeneratedSQL.request(table, from: from, to: to)).generate()
    }
}
