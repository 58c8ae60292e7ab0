import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `--rejects` onto standard input, through the built executable.
@Suite struct BoundedOutputToolTests {
    /// `--rejects X - < X`: standard input is the file the rejects would overwrite.
    @Test func rejectsOntoStandardInputIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("export.ndjson", Array("x\n".utf8))
        guard let url = EventLintBinary.url else {
            Issue.record("the eventlint executable is not built")
            return
        }
        let process = Process()
        process.executableURL = url
        process.arguments = ["lint", "--schema", Repository.enginePlan.path, "--rejects", path, "-"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("is an input (standard input)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "x\n")
    }
}
