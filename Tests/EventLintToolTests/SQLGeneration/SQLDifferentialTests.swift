import EventLintTestSupport
import Foundation
import Testing

/// `.ci/sql_differential.py` on the small items and platform fixture: the SQL of every mode
/// agrees with `lint`, and a script whose values are changed is caught by the row comparison
/// while the counts still agree. Skipped without a Python that has duckdb and sqlglot (the
/// differential's venv, which `.ci/sql-differential.sh` creates).
@Suite struct SQLDifferentialTests {
    static let fixtures = Repository.fixtures.appendingPathComponent("sql")

    /// Runs the differential with `eventlint` (or a wrapper of it) on the fixture export.
    static func differential(eventlint: String, scratch: URL) throws -> (status: Int32, output: String) {
        let work = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return try Python.run(
            try #require(Python.duckdb),
            [
                Repository.root.appendingPathComponent(".ci/sql_differential.py").path, "run", "--eventlint", eventlint,
                "--schema", fixtures.appendingPathComponent("items-plan").path, "--work", work.path,
                fixtures.appendingPathComponent("items-plan.ndjson").path,
            ], input: "")
    }

    static let withoutDuckDB: Comment = "skipped: no python with duckdb and sqlglot (.ci/sql-differential.sh makes one)"

    static func scratch() throws -> URL { try ScratchDirectory.make("eventlint-differential-") }

    @Test(.enabled(if: Python.duckdb != nil, Self.withoutDuckDB))
    func agreesWithLintOnTheFixture() throws {
        let binary = try #require(EventLintBinary.url)
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Self.differential(eventlint: binary.path, scratch: scratch)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("differs"))
        #expect(result.output.contains("per (rule id, event, param, plan rule): 10 keys, OK"), "\(result.output)")
        #expect(result.output.contains("rows: 31 rows = 31 violations (0 values cut)"), "\(result.output)")
        #expect(result.output.contains("--limit 3: 3 rows, the first ones   OK"), "\(result.output)")
    }

    /// The metrics fixture (every kind of metric, an experiment with a population, rules with
    /// `once`) on a generated export with planted arm problems and repeats: `sql` finds lint's arm
    /// flips, users outside the population, pairs opened before the arm and `once` findings, and
    /// `--mode readout` gives lint's users,
    /// successes, shares and Wilson bounds per arm; with the return's other-day test turned
    /// around in the SQL, the differential fails on the readout alone.
    @Test(.enabled(if: Python.duckdb != nil, Self.withoutDuckDB))
    func readoutAgreesWithLintAndCatchesAChangedWindow() throws {
        let binary = try #require(EventLintBinary.url)
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let python = try #require(Python.duckdb)
        let script = Repository.root.appendingPathComponent(".ci/sql_differential.py").path
        let export = scratch.appendingPathComponent("metrics.ndjson").path
        _ = try Python.run(python, [script, "generate-metrics", "600", "3", export], input: "")
        let wrapper = scratch.appendingPathComponent("eventlint")
        try """
        #!/bin/sh
        if [ "$1" = sql ]; then
          '\(binary.path)' "$@" | sed 's/<> DIV(/= DIV(/'
        else
          exec '\(binary.path)' "$@"
        fi

        """.write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        func run(breaking: Bool) throws -> (status: Int32, output: String) {
            let work = scratch.appendingPathComponent(breaking ? "broken" : "work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            return try Python.run(
                python,
                [
                    script, "run", "--eventlint", breaking ? wrapper.path : binary.path, "--schema",
                    Self.fixtures.appendingPathComponent("metrics-plan").path, "--work", work.path, export,
                ], input: "")
        }
        let good = try run(breaking: false)
        #expect(good.status == 0, "\(good.output)")
        #expect(good.output.contains("readout: 6 rows (metric, experiment, arm)"), "\(good.output)")
        // The planted split, arm problems, repeated offers, broken journeys and the users without
        // the sheet, found by both.
        for rule in [
            "experiment/sample-ratio-mismatch", "experiment/arm-flip", "experiment/outside-population",
            "experiment/event-before-arm", "rule/once-repeated", "rule/once-missing", "journey/unexpected-step",
            "journey/window-exceeded",
        ] {
            let line = good.output.split(separator: "\n").first { $0.contains(rule) }.map(String.init) ?? ""
            let counts = line.split(separator: " ").compactMap { Int($0) }
            #expect(counts.count == 2 && counts[0] > 0 && counts[0] == counts[1], "\(rule): \(line)")
        }
        let broken = try run(breaking: true)
        #expect(broken.status == 1, "\(broken.output)")
        #expect(broken.output.contains("<-- differs"), "\(broken.output)")
    }

    /// The values of the rows script upper-cased: every count still agrees, the rows do not.
    @Test(.enabled(if: Python.duckdb != nil, Self.withoutDuckDB))
    func failsWhenTheRowsDiffer() throws {
        let binary = try #require(EventLintBinary.url)
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let wrapper = scratch.appendingPathComponent("eventlint")
        try """
        #!/bin/sh
        if [ "$1" = sql ]; then
          '\(binary.path)' "$@" | sed 's/COALESCE(\\([a-z0-9_.]*\\)\\.string_value, CAST/COALESCE(UPPER(\\1.string_value), CAST/g'
        else
          exec '\(binary.path)' "$@"
        fi

        """.write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let result = try Self.differential(eventlint: wrapper.path, scratch: scratch)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("per (rule id, event, param, plan rule): 10 keys, OK"), "\(result.output)")
        #expect(result.output.contains("lint only"), "\(result.output)")
        #expect(result.output.contains("sql only"), "\(result.output)")
        #expect(result.output.contains("FAILED"), "\(result.output)")
    }
}
