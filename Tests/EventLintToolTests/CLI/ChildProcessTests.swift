import EventLintKit
import Testing

@testable import EventLintCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        #expect(out.count == 3000)
        #expect(String(decoding: out[2999], as: UTF8.self).hasPrefix("out-2999-"))
        #expect(child.output.count > 200_000)
        // The error stream was read to its end too (the child ended), and its first 64 KiB kept.
        #expect(child.errors.count == ChildProcess.errorsKept)
        #expect(String(decoding: child.errors.prefix(6), as: UTF8.self) == "err-0-")
    }

    /// A path that is not UTF-8 (`SystemPath` carries its bytes) reaches the child as those
    /// bytes, not as the UTF-8 of the scalars that carry them.
    @Test func aSystemPathArgumentReachesTheChildAsItsOwnBytes() throws {
        let name = SystemPath.string([0x63, 0x61, 0x66, 0xE9])
        let child = try ChildProcess.run("/bin/sh", ["-c", "printf %s \"$1\"", "sh", name])
        #expect(child.termination == .exit(0))
        #expect(child.output == [0x63, 0x61, 0x66, 0xE9])
    }

    /// No C argument holds a NUL byte: such an argument is refused, not cut short.
    @Test func anArgumentWithANULByteIsRefused() {
        do {
            _ = try ChildProcess.run("/bin/sh", ["-c", "exit 0", "sh", "a\u{0}b"])
            Issue.record("an argument with a NUL byte was run")
        } catch {
            #expect(error.code == EINVAL)
        }
    }

    /// Output past the limit stops reading and the child (which would never end here): memory
    /// stays bounded whatever the child writes.
    @Test func outputPastTheLimitStopsTheChild() throws {
        let child = try ChildProcess.run("/bin/sh", ["-c", "while :; do echo 0123456789; done"], outputLimit: 100_000)
        #expect(child.outputOverflowed)
        #expect(child.output.count == 100_000)
        // Killed; or, had it written again first, ended by the pipe closed under it.
        #expect([.signal(SIGKILL), .signal(SIGPIPE)].contains(child.termination), "\(child.termination)")
        let whole = try ChildProcess.run("/bin/sh", ["-c", "printf 0123456789"], outputLimit: 10)
        #expect(!whole.outputOverflowed && whole.output.count == 10 && whole.termination == .exit(0))
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
