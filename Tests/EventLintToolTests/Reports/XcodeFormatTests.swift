import EventLintKit
import EventLintTestSupport
import Foundation
import Testing

/// `--format xcode` read back the way Xcode reads a build log: every line must match the
/// diagnostic pattern (`path:line:column: error|warning|note: message`), name an absolute path
/// that exists, and stand for one finding (or one of its notes) of the same run in JSON.
@Suite struct XcodeFormatTests {
    /// The pattern Xcode (and gcc-style problem matchers) apply to a line of build output.
    static let pattern = try! NSRegularExpression(
        pattern: #"^(/[^:]*):(\d+):(\d+): (error|warning|note): (.*)$"#)

    struct Diagnostic: Equatable {
        var path: String
        var line: Int
        var column: Int
        var level: String
        var message: String
    }

    static func read(_ output: String) -> (diagnostics: [Diagnostic], other: [String]) {
        var diagnostics: [Diagnostic] = []
        var other: [String] = []
        for line in output.split(separator: "\n").map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = pattern.firstMatch(in: line, range: range) else {
                other.append(line)
                continue
            }
            func group(_ index: Int) -> String { String(line[Range(match.range(at: index), in: line)!]) }
            diagnostics.append(
                Diagnostic(
                    path: group(1), line: Int(group(2)) ?? 0, column: Int(group(3)) ?? 0, level: group(4),
                    message: group(5)))
        }
        return (diagnostics, other)
    }

    @Test func everyFindingOfCheckIsOneLineXcodeReads() throws {
        let xcode = try #require(
            try EventLintBinary.run(["check", "--schema", "samples/plans/ga4-names", "--format", "xcode"]))
        let json = try #require(
            try EventLintBinary.run(["check", "--schema", "samples/plans/ga4-names", "--format", "json"]))
        #expect(xcode.status == 1 && json.status == 1)
        let (diagnostics, other) = Self.read(xcode.stdout)
        #expect(other.isEmpty, "lines Xcode would not read: \(other)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        // Each finding, in order, is the line that ends with its rule id.
        let read = diagnostics.filter { $0.message.hasSuffix("]") }
        #expect(read.count == findings.count)
        for (line, finding) in zip(read, findings) {
            let rule = try #require(finding["rule"] as? String)
            let file = try #require(finding["file"] as? String)
            #expect(line.message.hasSuffix("[\(rule)]"))
            #expect(line.path == Repository.root.appendingPathComponent(file).path)
            #expect(line.line == finding["line"] as? Int && line.column == finding["column"] as? Int)
        }
        let first = try #require(diagnostics.first { $0.message.hasSuffix("[ga4/event-name-too-long]") })
        #expect(first.path == Repository.root.appendingPathComponent("samples/plans/ga4-names/events.json5").path)
        #expect(first.line == 9 && first.column == 5 && first.level == "error", "\(first)")
        #expect(diagnostics.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test func lintFindingsAndTheirNotesAreXcodeLines() throws {
        let output = try #require(
            try EventLintBinary.run(["lint", "--format", "xcode", "samples/exports/focusity-events.ndjson"]))
        #expect(output.status == 1)
        let (diagnostics, other) = Self.read(output.stdout)
        #expect(other.isEmpty, "\(other.prefix(3))")
        #expect(diagnostics.contains { $0.level == "warning" } && diagnostics.contains { $0.level == "error" })
        #expect(diagnostics.contains { $0.level == "note" && $0.message == "opened here" })
        #expect(diagnostics.allSatisfy { $0.path.hasSuffix("/samples/exports/focusity-events.ndjson") })
    }

    @Test func codegenSaysWhyItCannotRunInXcodeLines() throws {
        let broken = try #require(
            try EventLintBinary.run(["codegen", "swift", "--schema", "samples/plans/syntax-error", "--format", "xcode"])
        )
        #expect(broken.status == 2)
        let (diagnostics, _) = Self.read(broken.stderr)
        let error = try #require(diagnostics.first, "\(broken.stderr)")
        #expect(
            error.path.hasSuffix("/samples/plans/syntax-error/events.json5") && error.line == 7 && error.column == 7)
        #expect(error.message.hasSuffix("[json/unexpected-character]"), "\(error.message)")

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("eventlint-xcode-\(UUID()).swift")
        try "// not generated\n".write(to: scratch, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stale = try #require(
            try EventLintBinary.run(["codegen", "swift", "--format", "xcode", "--check", scratch.path]))
        #expect(stale.status == 1)
        let line = try #require(Self.read(stale.stderr).diagnostics.first, "\(stale.stderr)")
        #expect(line.path == scratch.path && line.line == 1 && line.level == "error")
        #expect(line.message.contains("is not what the plan generates"))
    }

    @Test func aMessageWithALineBreakStaysOneLineAndRelativePathsBecomeAbsolute() {
        let finding = Finding(
            rule: RuleCatalog.all[0], message: "value \"a\nb\"", at: SourceLocation(file: "../x/./y.json", line: 0))
        let document = ReportDocument(
            tool: ReportTool(version: "0"), command: .lint, findings: [finding], rules: [])
        var options = ReportOptions(format: .xcode)
        options.workingDirectory = "/work/app/Sources"
        let text = document.rendered(options)
        #expect(text.hasPrefix("/work/app/x/y.json:1:1: "), "\(text)")
        #expect(text.split(separator: "\n").count == 1)
        #expect(Self.read(text).diagnostics.count == 1)
    }
}
