import Foundation
import Testing

@testable import EventLintKit

/// `_TABLE_SUFFIX` is what follows the wildcard's prefix: for `events_2024*` the suffix of the
/// table of 2024-01-05 is `0105`, so the day range becomes a suffix range after that prefix.
@Suite struct SQLTableSuffixTests {
    static func request(_ table: String, from: String?, to: String?) -> SQLRequest {
        SQLRequest(
            table: SQLTableReference(parsing: table)!, from: from.flatMap(SQLDate.init(parsing:)),
            to: to.flatMap(SQLDate.init(parsing:)))
    }

    static func filter(_ table: String, from: String?, to: String?) throws -> String {
        let plan = try SQLGenerationTests.shippedPlan()
        let sql = SQLGenerator(plan: plan, request: request(table, from: from, to: to)).generate()
        return sql.split(separator: "\n").first { $0.contains("_TABLE_SUFFIX") && !$0.contains("intraday") }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    @Test(
        arguments: [
            ("p.d.events_*", "20240101", "20240131", "WHERE _TABLE_SUFFIX BETWEEN '20240101' AND '20240131'"),
            ("p.d.events_2024*", "20240101", "20240131", "WHERE _TABLE_SUFFIX BETWEEN '0101' AND '0131'"),
            ("p.d.events_202401*", "20240105", "20240120", "WHERE _TABLE_SUFFIX BETWEEN '05' AND '20'"),
            // A range reaching past the tables' year is cut to it.
            ("p.d.events_2024*", "20231215", "20240115", "WHERE _TABLE_SUFFIX <= '0115'"),
            ("p.d.events_2024*", "20241215", "20250115", "WHERE _TABLE_SUFFIX >= '1215'"),
            ("p.d.events_2024*", "20240301", nil, "WHERE _TABLE_SUFFIX >= '0301'"),
            ("p.d.events_2024*", nil, "20240301", "WHERE _TABLE_SUFFIX <= '0301'"),
        ] as [(String, String?, String?, String)])
    func suffixRangeFollowsTheTablePrefix(table: String, from: String?, to: String?, expected: String) throws {
        #expect(try Self.filter(table, from: from, to: to) == expected)
        #expect(throws: Never.self) { try Self.request(table, from: from, to: to).tableSuffixRange() }
    }

    /// Days no table of the wildcard can hold are refused with a clear message.
    @Test(
        arguments: [
            (
                "p.d.events_2024*", "20230101", "20231231",
                "no table of p.d.events_2024* holds a day from 20230101 to 20231231: the tables' names fix the days to start with 2024"
            ),
            (
                "p.d.events_2024*", "20250101", nil,
                "no table of p.d.events_2024* holds a day from 20250101: the tables' names fix the days to start with 2024"
            ),
            (
                "p.d.events_202401011*", "20240101", nil,
                "--from and --to need a wildcard table whose name leaves at most a whole day (YYYYMMDD) to the wildcard, not p.d.events_202401011*"
            ),
        ] as [(String, String?, String?, String)])
    func impossibleCombinationsAreRefused(table: String, from: String?, to: String?, message: String) {
        #expect(throws: SQLRequestError(message)) { try Self.request(table, from: from, to: to).tableSuffixRange() }
    }

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
            ) { try Self.request(table, from: from, to: to).tableSuffixRange() }
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
            if: SQLDifferentialTests.python != nil,
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
        let python = try #require(SQLDifferentialTests.python)
        let namesJSON = String(decoding: try JSONSerialization.data(withJSONObject: names), as: UTF8.self)
        let result = try SQLGenerationTests.runPython(python, ["-c", script, prefix, namesJSON], input: sql)
        #expect(result.status == 0, "\(result.output)")
        let suffixes = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String] ?? []
        let expected = days.filter { $0.hasPrefix(prefix) && $0 >= from ?? "" && $0 <= to ?? "99999999" }
        #expect(suffixes.map { prefix + $0 } == expected, "\(table) \(from ?? "-")..\(to ?? "-"): \(suffixes)")
    }

    /// The whole script for a table and days.
    static func sql(_ table: String, from: String?, to: String?) throws -> String {
        let plan = try SQLGenerationTests.shippedPlan()
        return SQLGenerator(plan: plan, request: request(table, from: from, to: to)).generate()
    }
}
