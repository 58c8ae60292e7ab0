import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// A usage error as swift-argument-parser prints one, run through the built executable: the
/// message, the command's one-line usage and where its help is, exit status 2, and nothing of
/// the whole help, which would push the message out of sight. `help COMMAND` and `--help` still
/// print the whole help on standard output.
@Suite struct UsageErrorCLITests {

    /// `main.swift` writes the files and standard output a command produced; a write that fails
    /// there is a `CommandError`, so its text and status are those of any command error.
    @Test func theExecutablesFailedWritesAreCommandErrors() {
        let file = CommandError.failedWrite(to: "r.sarif", code: EISDIR)
        #expect(file.message == "error: cannot write r.sarif: is a directory\n")
        let standardOutput = CommandError.failedWrite(to: nil, code: ENOSPC)
        #expect(standardOutput.message == "error: cannot write standard output: no space left on device\n")
        #expect(CommandError.exitStatus == 2)
    }
}
