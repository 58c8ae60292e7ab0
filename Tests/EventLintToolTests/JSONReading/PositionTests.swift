import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Columns point at the value however the JSON is spaced, and messages name places as
/// `line:column` like locations do.
@Suite struct PositionTests {
    static func lint(_ text: String) -> String {
        let directory = TemporaryDirectory()
        let path = directory.write("e.ndjson", Array(text.utf8))
        return EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--max-examples", "0", path],
            environment: CommandEnvironment()
        ).stdout
    }

    @Test(arguments: ["", " ", "  \t"])
    func valueFindingsPointAtTheValue(space: String) {
        let line =
            #"{"event_name":"# + space + #""store_shown","event_timestamp":"# + space
            + #""1741968387656825","user_pseudo_id":"U1","event_params":[{"key":"visit_bucket","value":{"string_value":"#
            + space + #""5-10"}}]}"#
        // 1-based byte column of the value's opening quote (the line is ASCII).
        let column = (line as NSString).range(of: "\"5-10\"").location + 1
        let output = Self.lint(line + "\n")
        #expect(output.contains("has \"5-10\", not a bucket label"))
        #expect(output.contains("e.ndjson:1:\(column)\n"), "\(output)")
    }

    @Test func duplicateKeyAndUnterminatedStringSayLineAndColumn() {
        let output = Self.lint("{\"a\":1,\"a\":2}\n{\"event_name\":\"x\n")
        #expect(output.contains(#"duplicate key "a" (first at column 2)"#), "\(output)")
        #expect(output.contains("unterminated string (starting at column 15)"), "\(output)")
        #expect(!output.contains("at byte"))
    }

    @Test func planErrorsSayLineAndColumn() throws {
        let directory = TemporaryDirectory()
        directory.write("plan.json5", Array("{\n  events: {},\n  events: {},\n}\n".utf8))
        let result = EventLintCLI.run(["check", "--schema", directory.path], environment: CommandEnvironment())
        #expect(
            (result.stdout + result.stderr).contains(#"duplicate key "events" (first at 2:3)"#),
            "\(result.stdout)\(result.stderr)")
    }

    @Test func standardInputIsNamedStdin() throws {
        guard let binary = EventLintBinary.url else {
            Issue.record("run `swift build` first")
            return
        }
        let directory = TemporaryDirectory()
        let path = directory.write(
            "in.ndjson", Array(#"{"event_name":"not_planned_at_all","user_pseudo_id":"U"}"#.utf8) + [0x0A])
        let process = Process()
        process.executableURL = binary
        process.arguments = ["lint", "--schema", Repository.enginePlan.path, "-"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let out = directory.path + "/out"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        try process.run()
        process.waitUntilExit()
        let output = try String(contentsOfFile: out, encoding: .utf8)
        #expect(output.contains("--> <stdin>:1:15"), "\(output)")
        #expect(!output.contains("-:1:"))
    }
}
