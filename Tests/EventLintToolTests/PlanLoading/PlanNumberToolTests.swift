import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `check`, `lint` and `sql` of the built executable on a plan with a window out of range.
@Suite struct PlanNumberToolTests {
    /// `check`, `lint` and `sql` agree: the plan with a window no `Int64` of microseconds holds
    /// is rejected by `check` (exit 1) and refused by `lint` and `sql` (exit 2), without a trap.
    @Test func checkLintAndSQLAgreeOnAnOutOfRangeWindow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-window-" + UUID().uuidString)
        try FileManager.default.copyItem(at: Repository.enginePlan, to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let property = directory.appendingPathComponent("property.json5")
        let text = try String(contentsOf: property, encoding: .utf8)
        #expect(text.contains("unclosedWindowMinutes: 30"))
        try text.replacingOccurrences(of: "unclosedWindowMinutes: 30", with: "unclosedWindowMinutes: 200000000000")
            .write(to: property, atomically: true, encoding: .utf8)
        let check = try #require(try EventLintBinary.run(["check", "--schema", directory.path]))
        #expect(check.status == 1)
        #expect(check.stdout.contains("unclosedWindowMinutes must be between 0 and 52704000, not 200000000000"))
        let lint = try #require(
            try EventLintBinary.run(["lint", "--schema", directory.path, "samples/exports/focusity-events.ndjson"]))
        #expect(lint.status == 2, "\(lint.stderr)")
        let sql = try #require(try EventLintBinary.run(["sql", "--schema", directory.path, "--table", "p.d.events_*"]))
        #expect(sql.status == 2, "\(sql.stderr)")
        #expect(!sql.stdout.contains("inf"))
    }
}
