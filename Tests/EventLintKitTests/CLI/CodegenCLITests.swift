import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `eventlint codegen swift` and `eventlint init` as a user runs them.
@Suite struct CodegenCLITests {
    static func scratch() throws -> URL { try ScratchDirectory.make("eventlint-codegen-") }

    @Test(arguments: [
        (["codegen"], "missing argument swift"),
        (["codegen", "kotlin"], "codegen writes: swift, not \"kotlin\""),
        (["codegen", "swift", "--output", "a", "--check", "b"], "give --output or --check, not both"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = EventLintCLI.run(arguments)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("error: \(message)\nusage: eventlint codegen [OPTIONS] swift\n"), "\(result.stderr)"
        )
    }

    @Test func initRefusesAFileAndTakesOneDirectory() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plan.json5")
        try "{}".write(to: file, atomically: true, encoding: .utf8)
        let onFile = EventLintCLI.run(["init", file.path])
        #expect(onFile.status == 2)
        #expect(onFile.stderr == "error: cannot write \(file.path): it exists and is not a directory\n")
        #expect(onFile.files.isEmpty)
        let twoDirectories = EventLintCLI.run(["init", "a", "b"])
        #expect(twoDirectories.status == 2)
        #expect(twoDirectories.stderr.hasPrefix("error: unexpected argument \"b\"\nusage: eventlint init [DIR]\n"))
    }

    @Test func aBrokenPlanGeneratesNothing() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{ params: { p: { type: 'strng' } } }".write(
            to: directory.appendingPathComponent("plan.json5"),
            atomically: true, encoding: .utf8)
        let result = EventLintCLI.run(["codegen", "swift", "--schema", directory.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("[plan/invalid-declaration]"))
    }

}
