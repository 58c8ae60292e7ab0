import EventLintTestSupport
import Foundation
import Testing

/// The conditions on GA4's automatic names through the built executable: its `sql` on DuckDB
/// (Python with duckdb and sqlglot) and its `lint` over the same rows.
@Suite struct AutomaticNameToolTests {
    /// The same runnable conditions in one plan, each with its own user: `sql` on DuckDB agrees
    /// with `lint` (`.ci/sql_differential.py`), so no condition is dropped from the SQL either.
    @Test(.enabled(if: Python.duckdb != nil, "skipped: no python with duckdb and sqlglot"))
    func theSQLRunsTheSameConditions() throws {
        let binary = try #require(EventLintExecutable.url)
        let runnable = AutomaticNameCases.cases.filter { $0.kind != .unknown }
        let scratch = try ScratchDirectory.make("eventlint-differential-")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let schema = scratch.appendingPathComponent("schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        let rules = runnable.filter { $0.form.name != "pair-where" }.map {
            $0.declaration.replacingOccurrences(of: "rules: { ", with: "").dropLast(2)
        }
        let pairs = runnable.filter { $0.form.name == "pair-where" }.map {
            $0.declaration.replacingOccurrences(of: "pairs: { ", with: "").dropLast(2)
        }
        let text =
            AutomaticNameCases.base + "rules: {\n" + rules.joined(separator: ",\n") + "\n},\npairs: {\n"
            + pairs.joined(separator: ",\n") + "\n},\n}\n"
        try text.write(to: schema.appendingPathComponent("plan.json5"), atomically: true, encoding: .utf8)
        let export = scratch.appendingPathComponent("export.ndjson")
        try (runnable.flatMap(\.rows).joined(separator: "\n") + "\n").write(
            to: export, atomically: true, encoding: .utf8)
        let work = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let result = try Python.run(
            try #require(Python.duckdb),
            [
                Repository.root.appendingPathComponent(".ci/sql_differential.py").path, "run", "--eventlint",
                binary.path, "--schema", schema.path, "--work", work.path, export.path,
            ], input: "")
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("differs"), "\(result.output)")
        // Every rule and pair found its rows in lint, so the agreeing SQL found them too.
        let lint = try #require(
            try EventLintBinary.run(["lint", "--schema", schema.path, "--format", "json", export.path]))
        #expect([0, 1].contains(lint.status), "\(lint.stderr)")
        for item in runnable {
            #expect(
                lint.stdout.contains("\\\"\(item.ruleName)\\\"") || lint.stdout.contains("\"\(item.user)\""),
                "\(item)")
        }
    }
}
