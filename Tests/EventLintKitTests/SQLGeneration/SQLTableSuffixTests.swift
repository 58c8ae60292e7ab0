import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `_TABLE_SUFFIX` is what follows the wildcard's prefix: for `events_2024*` the suffix of the
/// table of 2024-01-05 is `0105`, so the day range becomes a suffix range after that prefix.
@Suite struct SQLTableSuffixTests {
    static func filter(_ table: String, from: String?, to: String?) throws -> String {
        let plan = try GeneratedSQL.enginePlan()
        let sql = SQLGenerator(plan: plan, request: GeneratedSQL.request(table, from: from, to: to)).generate()
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
        #expect(throws: Never.self) { try GeneratedSQL.request(table, from: from, to: to).tableSuffixRange() }
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
        #expect(throws: SQLRequestError(message)) {
            try GeneratedSQL.request(table, from: from, to: to).tableSuffixRange()
        }
    }

}
