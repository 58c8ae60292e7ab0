import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI

/// Files a command reads whole (plan files, registered definitions, the file `codegen --check`
/// compares): a FIFO, a device or a directory where a file should be is refused at once (read,
/// a FIFO without a writer would hang the run), and a file larger than such a file can be is
/// refused before it is read (memory stays bounded).
@Suite(.enabled(if: SystemFiles.kind("/bin/bash") == .regularFile, "bash is not there"))
struct SpecialFileToolTests {
    /// A scratch copy of the shipped plan, with `script` run in it (`$1` is its path).
    static func planCopy(_ script: String) throws -> PlanCopy {
        let copy = try PlanCopy(of: Repository.schema)
        let made = try EventLintBinary.shell(script, [copy.url.path])
        #expect(made.status == 0, "\(made.stderr)")
        return copy
    }

    @Test(arguments: [
        ("mkfifo \"$1/pipe.json5\"", "pipe.json5\": it is not a regular file"),
        ("mkdir \"$1/folder.json\"", "folder.json\": it is not a regular file"),
        ("ln -s /dev/zero \"$1/zero.json5\"", "zero.json5\""),
        ("truncate -s 17M \"$1/big.json5\"", "big.json5\": it is 17 MiB"),
    ])
    func aPlanFileThatIsNoFileOrTooLargeIsRefused(script: String, message: String) throws {
        let copy = try Self.planCopy(script)
        defer { copy.remove() }
        let output = try #require(try EventLintBinary.run(["check", "--schema", copy.url.path]))
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func aPlanFileAtTheLimitIsRead() throws {
        let exactly = try #require(
            SystemFiles.contents(of: "/dev/null", limit: 0).failureValue, "/dev/null is a device, not a file")
        #expect(exactly == .notARegularFile)
        let copy = try Self.planCopy("head -c \(PlanFiles.maxFileBytes) /dev/zero | tr '\\0' ' ' > \"$1/spaces.json5\"")
        defer { copy.remove() }
        let read = SystemFiles.contents(
            of: copy.url.appendingPathComponent("spaces.json5").path, limit: PlanFiles.maxFileBytes)
        #expect((try? read.get())?.count == PlanFiles.maxFileBytes)
    }

    @Test func aRegisteredDefinitionsFIFOIsRefused() throws {
        let output = try EventLintBinary.shell(
            "d=$(mktemp -d) && mkfifo \"$d/dims.json\" && \"$0\" budget --registered \"$d/dims.json\"; s=$?; rm -r \"$d\"; exit $s"
        )
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("dims.json\": it is not a regular file"), "\(output.stderr)")
    }

    /// `codegen swift --check` reads at most one byte more than it generates: a huge file
    /// differs (exit 1), a FIFO is refused (exit 2), neither is read to its end.
    @Test func codegenCheckReadsNoMoreThanItCompares() throws {
        let huge = try EventLintBinary.shell(
            "d=$(mktemp -d) && truncate -s 4G \"$d/Tracking.swift\" && \"$0\" codegen swift --check \"$d/Tracking.swift\"; s=$?; rm -r \"$d\"; exit $s"
        )
        #expect(huge.status == 1, "\(huge.stderr)")
        #expect(huge.stderr.contains("is not what the plan generates"), "\(huge.stderr)")
        let fifo = try EventLintBinary.shell(
            "d=$(mktemp -d) && mkfifo \"$d/Tracking.swift\" && \"$0\" codegen swift --check \"$d/Tracking.swift\"; s=$?; rm -r \"$d\"; exit $s"
        )
        #expect(fifo.status == 2, "\(fifo.stderr)")
        #expect(fifo.stderr.contains("it is not a regular file"), "\(fifo.stderr)")
    }
}

/// Writes that fail half-way (here under `ulimit -f 1`: 1 KiB, EFBIG; a coverage build's
/// profile, written at exit, goes to /dev/null so the limit cannot cut it): exit 2 with a message,
/// never a success line, and nothing left behind that a retry would trip on.
@Suite(
    .enabled(if: SystemFiles.kind("/bin/bash") == .regularFile, "bash is not there"),
    .disabled(if: Sanitizer.running, "a sanitizer's runtime does not survive a file size limit"))
struct FailedWriteTests {
    @Test func initThatCannotWriteItsPlanSaysSoAndLeavesNothing() throws {
        let output = try EventLintBinary.shell(
            """
            d=$(mktemp -d) && ( ulimit -f 1; LLVM_PROFILE_FILE=/dev/null "$0" init "$d/plan" ); s=$?
            [ -e "$d/plan" ] && echo "LEFT BEHIND"; "$0" init "$d/plan" > /dev/null || echo "RETRY FAILED"
            rm -rf "$d"; exit $s
            """)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(!output.stdout.contains("wrote"), "\(output.stdout)")
        #expect(output.stderr.contains("cannot write"), "\(output.stderr)")
        #expect(!output.stdout.contains("LEFT BEHIND") && !output.stdout.contains("RETRY FAILED"), "\(output.stdout)")
    }

    @Test func aReportOverTheFileSizeLimitIsAnErrorNotAKill() throws {
        let output = try EventLintBinary.shell(
            """
            d=$(mktemp -d) && ( ulimit -f 1; LLVM_PROFILE_FILE=/dev/null "$0" lint --output "json=$d/r.json" samples/exports/focusity-events.ndjson             > /dev/null ); s=$?; rm -rf "$d"; exit $s
            """)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("cannot write"), "\(output.stderr)")
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
