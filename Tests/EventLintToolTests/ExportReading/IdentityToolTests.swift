import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The built executable's `lint` run three times over one export (once on two jobs): one report.
@Suite struct IdentityToolTests {
    /// The seed changes from run to run; the output does not.
    @Test func outputDoesNotDependOnTheSeed() throws {
        var lines: [String] = []
        for user in 0..<300 {
            let id = "u\(String(format: "%07d", user))"
            lines.append(
                Export.bq("picker_shown", at: Double(user), user: id, params: [("entry", .string("onboarding"))]))
            if user % 3 != 0 {
                lines.append(
                    Export.bq(
                        "picker_closed", at: Double(user) + 5, user: user % 5 == 0 ? id + "x" : id,
                        params: Events.picker()))
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-seed-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.ndjson")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let lint = ["lint", "--schema", Repository.enginePlan.path, "--format", "json"]
        guard let first = try EventLintBinary.run(lint + [file.path]),
            let second = try EventLintBinary.run(lint + ["--jobs", "2", file.path]),
            let third = try EventLintBinary.run(lint + [file.path])
        else { return }
        #expect(first.status == 1)
        #expect(first.stdout.contains("pair/orphan-close"))
        #expect(first.stdout == second.stdout)
        #expect(first.stdout == third.stdout)
    }
}
