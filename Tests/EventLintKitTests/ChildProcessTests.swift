import Testing

@testable import EventLintCLI

/// The runner `--base` starts git with: both output streams whole, however much each holds,
/// how the child ended, and a clear error when it cannot start.
@Suite(.enabled(if: SystemFiles.kind("/bin/sh") == .regularFile, "/bin/sh is not there"))
struct ChildProcessTests {
    /// Far more than a pipe holds (64 KiB) on both streams at once: a runner that read one stream
    /// to its end before the other would wait for ever on a child stalled writing the other.
    @Test func bothStreamsAreReadWholeWhenBothAreLarge() throws {
        let child = try ChildProcess.run(
            "/bin/sh",
            [
                "-c",
                "i=0; while [ $i -lt 3000 ]; do echo out-$i-0123456789012345678901234567890123456789012345678901234567890123456789; echo err-$i-abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij >&2; i=$((i+1)); done; exit 3",
            ])
        #expect(child.termination == .exit(3))
        let out = child.output.split(separator: UInt8(ascii: "\n"))
        let err = child.errors.split(separator: UInt8(ascii: "\n"))
        #expect(out.count == 3000)
        #expect(err.count == 3000)
        #expect(String(decoding: out[2999], as: UTF8.self).hasPrefix("out-2999-"))
        #expect(String(decoding: err[2999], as: UTF8.self).hasPrefix("err-2999-"))
        #expect(child.output.count > 200_000 && child.errors.count > 200_000)
    }

    /// Standard input is empty (`/dev/null`), so a child that reads it never waits for a terminal.
    @Test func standardInputIsEmpty() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "wc -c"])
        #expect(child.termination == .exit(0))
        #expect(String(decoding: child.output, as: UTF8.self).filter { $0 != " " } == "0\n")
    }

    /// Arguments reach the child as they are, bytes and spaces included, one argument each.
    @Test func argumentsArePassedUnsplit() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "printf '%s|' \"$@\"", "sh", "a b", "", "é\"'$x"])
        #expect(child.termination == .exit(0))
        #expect(String(decoding: child.output, as: UTF8.self) == "a b||é\"'$x|")
    }

    @Test func aChildEndedByASignalSaysWhich() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(child.termination == .signal(15))
    }

    @Test func aProgramThatIsNotThereIsAnErrorWithTheSystemsReason() {
        #expect(throws: ChildProcessError.self) {
            _ = try ChildProcess.run("/nonexistent/eventlint-test-program", [])
        }
        do {
            _ = try ChildProcess.run("/nonexistent/eventlint-test-program", [])
        } catch {
            #expect(error.message.lowercased().contains("no such file"))
        }
    }
}
