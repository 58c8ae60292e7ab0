import EventLintTestSupport
import Foundation
import Glibc
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// `eventlint lint` through the built executable when the input or the environment is hostile:
/// missing, unreadable or odd files, bad flags, a reader that goes away, a file that shrinks.
@Suite struct AdversarialCLIToolTests {
    static let schema = ["--schema", Repository.enginePlan.path]

    @Test func missingFileExits2() throws {
        let directory = TemporaryDirectory()
        let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + [directory.path + "/nope.ndjson"]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("no such file"))
        #expect(output.stdout.isEmpty)
    }

    @Test func directoryExits2() throws {
        let directory = TemporaryDirectory()
        let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + [directory.path]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("it is a directory"))
    }

    /// Mode 000 stops every user but root, and CI runs as root: then the case is skipped (the
    /// trait says why) and `fifoIsReadAsAStream` covers a non-regular input instead.
    @Test(.enabled(if: geteuid() != 0, "running as root, which can read a mode-000 file"))
    func unreadableFileExits2() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("secret.ndjson", AdversarialInput.good + [0x0A])
        chmod(path, 0)
        let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + [path]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("permission denied"))
    }

    /// A named pipe is not a regular file: it is read start to end, once, by one worker (never
    /// split, never sniffed and reopened: that used to lose its first 64 KiB, or block for ever
    /// on the second open), and a writer that stops mid-line leaves a truncated last line.
    @Test func fifoIsReadAsAStream() throws {
        guard let binary = EventLintBinary.url else {
            Issue.record("eventlint executable not built")
            return
        }
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/pipe.ndjson"
        #expect(mkfifo(fifo, 0o600) == 0)
        let good = String(decoding: AdversarialInput.good, as: UTF8.self)
        let script = """
            timeout 60 '\(binary.path)' lint --schema '\(Repository.enginePlan.path)' --jobs 2 --format json '\(fifo)' \
              >'\(directory.path)/out' 2>'\(directory.path)/err' &
            pid=$!
            { for i in $(seq 2000); do printf '%s\\n' '\(good)'; done; printf '{"a":'; } > '\(fifo)'
            wait $pid
            echo $? > '\(directory.path)/status'
            """
        _ = runProgram(["/bin/bash", "-c", script])
        let status = String(
            decoding: (try? Data(contentsOf: URL(fileURLWithPath: directory.path + "/status"))) ?? Data(), as: UTF8.self
        )
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let data = (try? Data(contentsOf: URL(fileURLWithPath: directory.path + "/out"))) ?? Data()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["linesRead"] as? Int == 2001)
        #expect(summary["validLines"] as? Int == 2000)
        #expect(summary["invalidLines"] as? Int == 1)
    }

    @Test func emptyFileExits0AndSaysSo() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("empty.ndjson", [])
        let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + [path]))
        #expect(output.status == 0)
        #expect(output.stdout.contains("the input is empty"))
        #expect(output.stderr.isEmpty)
    }

    @Test(arguments: [
        ["--no-such-flag"], ["--jobs", "0"], ["--jobs", "many"], ["--max-depth", "0"], ["--max-line-bytes", "1"],
        ["--format", "yaml"], ["--input-format", "csv"], ["--jobs"], ["--fail-on", "panic"],
        ["--format", "json", "--format", "text"], ["--jobs", "1", "--jobs", "2"], ["--max-line-bytes", "99999999999"],
    ])
    func badFlagsExit2WithUsage(_ flags: [String]) throws {
        let directory = TemporaryDirectory()
        let path = directory.write("ok.ndjson", AdversarialInput.good + [0x0A])
        let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + flags + [path]))
        #expect(output.status == 2, "\(flags)")
        #expect(output.stderr.contains("\nusage: eventlint lint [OPTIONS] FILE...\n"), "\(flags): \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    /// `--rejects` naming an input (directly or through another path) would truncate the
    /// export: a usage error, and the input is left alone.
    @Test func rejectsFileCannotBeAnInput() throws {
        let directory = TemporaryDirectory()
        let content = AdversarialInput.good + [0x0A] + b("{") + [0x0A]
        let path = directory.write("export.ndjson", content)
        for rejects in [path, directory.path + "/./export.ndjson"] {
            let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + ["--rejects", rejects, path]))
            #expect(output.status == 2)
            #expect(output.stderr.contains("is an input"))
            #expect(output.stdout.isEmpty)
            #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == content)
        }
    }

    @Test func standardInputTwiceIsAUsageError() throws {
        let output = try #require(try EventLintBinary.run(["lint"] + Self.schema + ["-", "-"]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("only once"))
    }

    /// `eventlint lint big.ndjson | head -1`: the reader leaves after one line; eventlint ends
    /// quietly (no crash text, no core, no signal death).
    @Test func closedStdoutEndsQuietly() throws {
        guard let binary = EventLintBinary.url else {
            Issue.record("eventlint executable not built")
            return
        }
        let directory = TemporaryDirectory()
        let path = directory.path + "/big.ndjson"
        // Many findings, so the report is far larger than a pipe buffer.
        AdversarialInput.writeStreaming(path, chunk: b("{\"a\":1,}\n"), repeats: 20_000)
        let script =
            "'\(binary.path)' lint --schema '\(Repository.enginePlan.path)' '\(path)' 2>'\(directory.path)/err' | head -1 >/dev/null; echo ${PIPESTATUS[0]} > '\(directory.path)/status'"
        let status = runProgram(["/bin/bash", "-c", script])
        #expect(status == 0)
        let stderr = String(
            decoding: (try? Data(contentsOf: URL(fileURLWithPath: directory.path + "/err"))) ?? Data(), as: UTF8.self)
        let exit = String(
            decoding: (try? Data(contentsOf: URL(fileURLWithPath: directory.path + "/status"))) ?? Data(), as: UTF8.self
        )
        #expect(stderr.isEmpty, "\(stderr)")
        // 1 (findings) is what it would exit with anyway; 141 would be death by SIGPIPE.
        #expect(exit.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "exit \(exit)")
        #expect(!FileManager.default.fileExists(atPath: Repository.root.path + "/core"))
    }

    /// A35: the file shrinks while it is read (another process truncates it). The run is stopped
    /// once it has read part of the file and not all of it, the file is cut, and the run goes
    /// on: the lines it lost are not passed over in silence but reported (exit 2, the file and
    /// where it ended), every line it saw is accounted for, and it neither crashes nor hangs.
    @Test func fileThatShrinksWhileReadIsReported() throws {
        guard let binary = EventLintBinary.url else {
            Issue.record("eventlint executable not built")
            return
        }
        let directory = TemporaryDirectory()
        let path = directory.path + "/shrinking.ndjson"
        AdversarialInput.writeStreaming(path, chunk: AdversarialInput.good + [0x0A], repeats: 400_000)
        let script = """
            size=$(stat -c %s '\(path)')
            '\(binary.path)' lint --schema '\(Repository.enginePlan.path)' --jobs 2 --format json '\(path)' \
              >'\(directory.path)/out' 2>'\(directory.path)/err' &
            pid=$!
            ( sleep 60; kill -KILL $pid ) 2>/dev/null &
            watchdog=$!
            # Wait until the run has read past the plan into the export, then stop it there.
            for _ in $(seq 1 6000); do
              got=$(awk '/^rchar/ {print $2}' /proc/$pid/io 2>/dev/null)
              [ "${got:-0}" -gt 2000000 ] && break
              kill -0 $pid 2>/dev/null || break
              sleep 0.01
            done
            kill -STOP $pid
            got=$(awk '/^rchar/ {print $2}' /proc/$pid/io 2>/dev/null)
            truncate -s 1234567 '\(path)'
            kill -CONT $pid
            wait $pid
            echo $? > '\(directory.path)/status'
            kill $watchdog 2>/dev/null
            echo "${got:-0} $size" > '\(directory.path)/progress'
            """
        _ = runProgram(["/bin/bash", "-c", script])
        func contents(_ name: String) -> String {
            String(
                decoding: (try? Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name))) ?? Data(),
                as: UTF8.self)
        }
        let progress = contents("progress").split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // The run was stopped part of the way through the file, so the cut lands mid-read.
        #expect(progress.count == 2 && progress[0] > 0 && progress[0] < progress[1], "\(progress)")
        let exit = Int32(contents("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let stderr = contents("err")
        #expect(exit == 2, "exit \(exit): \(stderr)")
        #expect(
            stderr.contains("shrinking.ndjson' shrank while it was read: it ends at byte 1234567 of the "),
            "\(stderr)")
        #expect(!stderr.contains("Fatal error") && !stderr.contains("Crash"), "\(stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contents("out").utf8)) as? [String: Any], "\(contents("out"))")
        let summary = try #require(document["summary"] as? [String: Any])
        let read = summary["linesRead"] as? Int ?? -1
        let sum =
            (summary["validLines"] as? Int ?? 0) + (summary["invalidLines"] as? Int ?? 0)
            + (summary["blankLines"] as? Int ?? 0)
        #expect(read == sum)
        #expect(read <= 1_234_567 / (AdversarialInput.good.count + 1) + 1, "\(read) lines from 1234567 bytes")
    }
}
