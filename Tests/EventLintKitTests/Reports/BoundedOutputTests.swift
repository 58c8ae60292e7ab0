import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Memory stays bounded whatever the input: a run keeps at most `--max-findings` findings and
/// counts the rest exactly; rejected lines stream to their file; a failed write is exit 2.
@Suite struct BoundedOutputTests {
    static func run(_ arguments: [String]) -> CommandResult {
        EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path] + arguments, environment: CommandEnvironment())
    }

    static func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func findingsOverTheLimitAreCountedNotKept() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("bad.ndjson", Array(String(repeating: "x\n", count: 25_000).utf8))
        let result = Self.run(["--format", "json", path])
        #expect(result.status == 1)
        let document = try Self.json(result)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == LintSettings.defaultMaxFindings)
        let counts = try #require(document["counts"] as? [String: Any])
        #expect(counts["error"] as? Int == 25_000)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["unlistedFindings"] as? Int == 15_000)
        let byRule = try #require(summary["findingsByRule"] as? [String: Any])
        #expect(byRule["json/invalid-literal"] as? Int == 25_000)

        let text = Self.run([path])
        #expect(
            text.stdout.contains("findings: 25000 in all, the first 10000 listed; --max-findings 0 lists every one"))
        #expect(text.stdout.contains("25000 errors"))
    }

    @Test func maxFindingsZeroKeepsEveryFinding() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("bad.ndjson", Array(String(repeating: "x\n", count: 12_000).utf8))
        let findings = try #require(
            try Self.json(Self.run(["--format", "json", "--max-findings", "0", path]))["findings"] as? [[String: Any]])
        #expect(findings.count == 12_000)
    }

    /// The exit status counts the findings that were not kept: here only a warning is listed and
    /// every error is over the limit.
    @Test func exitStatusCountsUnlistedErrors() throws {
        let directory = TemporaryDirectory()
        let bytes = [0xEF, 0xBB, 0xBF] + AdversarialInput.good + Array("\nx\nx\n".utf8)
        let path = directory.write("bom.ndjson", bytes)
        let result = Self.run(["--format", "json", "--max-findings", "1", path])
        let document = try Self.json(result)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["export/leading-bom"])
        #expect(result.status == 1)
        #expect(Self.run(["--max-findings", "1", "--fail-on", "error", path]).stdout.contains("2 errors, 1 warning"))
    }

    /// The cut is made after the merge, at a line boundary: the same findings whatever `--jobs`.
    @Test(arguments: [1, 3, 17, 40])
    func capDoesNotDependOnJobs(limit: Int) throws {
        var lines: [String] = []
        for index in 0..<400 {
            switch index % 4 {
            case 0: lines.append("x")
            case 1:
                lines.append(
                    #"{"event_name":"not_in_plan_\#(index)","user_pseudo_id":"u","event_timestamp":1705312800123456}"#)
            case 2: lines.append(#"{"a":1,"a":2}"#)
            default: lines.append(String(decoding: AdversarialInput.good, as: UTF8.self))
            }
        }
        let directory = TemporaryDirectory()
        let path = directory.write("mixed.ndjson", Array((lines.joined(separator: "\n") + "\n").utf8))
        let outputs = [1, 2, 4].map { jobs in
            Self.run(["--format", "json", "--max-findings", String(limit), "--jobs", String(jobs), path]).stdout
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == outputs[2])
        let findings =
            try #require(try JSONSerialization.jsonObject(with: Data(outputs[0].utf8)) as? [String: Any])["findings"]
            as? [[String: Any]]
        #expect((findings?.count ?? 0) >= limit)
    }

    /// `--rejects` writes while lines are read; a file that cannot take them is exit 2.
    @Test func rejectsStreamAndAFailedWriteIsExitTwo() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("bad.ndjson", Array("x\n{\"a\":\nok\n".utf8))
        let rejects = directory.path + "/rejects.ndjson"
        let result = Self.run(["--rejects", rejects, path])
        #expect(result.status == 1)
        let written = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 3)

        let full = Self.run(["--rejects", "/dev/full", path])
        #expect(full.status == 2)
        #expect(full.stderr.contains("cannot write /dev/full: no space left on device"))
        let missing = Self.run(["--rejects", directory.path + "/no/such/dir/r.ndjson", path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot write"))
    }

    @Test func planFileLinkingOutOfThePlanDirectoryIsRefused() throws {
        let outside = TemporaryDirectory()
        let plan = try PlanCopy(of: Repository.enginePlan)
        defer { plan.remove() }
        let target = outside.write("extra.json5", Array("{ events: {} }".utf8))
        #expect(symlink(target, plan.url.path + "/extra.json5") == 0)
        let result = EventLintCLI.run(["check", "--schema", plan.url.path], environment: CommandEnvironment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a link to"))
        #expect(result.stderr.contains("outside the plan directory"))
    }
}

/// One input that cannot be read, or not to its end, loses nothing else: every line read is
/// reported, then the error, exit 2.
@Suite struct UnreadInputTests {
    static func lines(_ count: Int, bad: Int) -> [UInt8] {
        var text = ""
        for index in 0..<count {
            text += index == bad ? "x\n" : String(decoding: AdversarialInput.good, as: UTF8.self) + "\n"
        }
        return Array(text.utf8)
    }

    @Test func truncatedGzipKeepsItsLinesAndTheOtherFiles() throws {
        let directory = TemporaryDirectory()
        let compressed = gzipCompress(Self.lines(2_000, bad: 3))
        // Cut the stream well after line 3's deflate block.
        let truncated = directory.write("cut.ndjson.gz", Array(compressed.prefix(compressed.count - 40)))
        let good = directory.write("good.ndjson", Array("x\n".utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--format", "json", truncated, good],
            environment: CommandEnvironment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("cut.ndjson.gz"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let places = findings.map {
            "\(($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""):\($0["line"] as? Int ?? 0)"
        }
        #expect(places.contains("cut.ndjson.gz:4"))
        #expect(places.contains("good.ndjson:1"))
    }

    @Test func missingFileAmongOthersKeepsTheOthers() throws {
        let directory = TemporaryDirectory()
        let good = directory.write("good.ndjson", Array("x\n".utf8))
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, directory.path + "/missing.ndjson", good],
            environment: CommandEnvironment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing.ndjson': no such file"))
        #expect(result.stdout.contains("good.ndjson:1:1"))
    }
}

/// Inputs and plan files that would otherwise mislead: the same export twice, a pretty array
/// over the line limit, a plan file that links out of the plan directory.
@Suite struct InputShapeTests {
    @Test func sameFileTwiceIsLintedOnce() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("a.ndjson", Array("x\n".utf8))
        let result = EventLintCLI.run(
            [
                "lint", "--schema", Repository.enginePlan.path, path, directory.path + "/./a.ndjson",
                directory.path + "/*.ndjson",
            ], environment: CommandEnvironment())
        #expect(result.stdout.contains("lines read: 1 = valid 0 + invalid 1 + blank 0"))
        // Both are one problem: one group of two findings.
        #expect(result.stdout.components(separatedBy: "info[export/duplicate-input]").count - 1 == 1)
        #expect(result.stdout.contains("= 2 findings like this"))
        #expect(result.stdout.contains("is the same file as \"\(path)\", given before; it is linted once"))
    }

    @Test(arguments: [["a", "a", "b"], ["a", "b", "a", "b"], ["a", "a", "a", "b"]])
    func pairFindingsAfterASkippedDuplicateNameTheirFile(_ order: [String]) throws {
        // A duplicate takes no place among the run's files: the records of a later input must
        // still name that input (this crashed: the record's file index pointed past the list).
        let directory = TemporaryDirectory()
        let a = directory.write("a.ndjson", Array("x\n".utf8))
        let b = directory.write("b.ndjson", Array((LintPairTests.pickerShown(0) + "\n").utf8))
        let paths = order.map { $0 == "a" ? a : b }
        let result = EventLintCLI.run(
            ["lint", "--schema", Repository.enginePlan.path, "--format", "json"] + paths,
            environment: CommandEnvironment())
        #expect(result.status == 1, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let unclosed = (document["findings"] as? [[String: Any]] ?? []).filter {
            ($0["rule"] as? String)?.hasPrefix("pair/unclosed") == true
        }
        #expect(unclosed.count == 1)
        #expect(unclosed.allSatisfy { $0["file"] as? String == b })
    }

    /// An array of rows is read element by element, so only an element over the limit is too
    /// large: one finding at that element, and the rows around it are read.
    @Test func prettyArrayElementOverTheLineLimitIsOneFinding() throws {
        let directory = TemporaryDirectory()
        var text = "[\n"
        for index in 0..<200 {
            // Row 100 spans 21 lines, 2 KB in all.
            let padding = index == 100 ? String(repeating: String(repeating: " ", count: 100) + "\n", count: 20) : ""
            text +=
                "  {\"event_name\": \"screen_view\",\(padding) \"user_pseudo_id\": \"u\(index)\"}"
                + (index < 199 ? ",\n" : "\n")
        }
        let path = directory.write("rows.json", Array((text + "]\n").utf8))
        let result = EventLintCLI.run(
            [
                "lint", "--schema", Repository.enginePlan.path, "--max-line-bytes", "1024", "--format", "json",
                path,
            ], environment: CommandEnvironment())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rules = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules == ["export/document-too-large"])
        let finding = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(finding["line"] as? Int == 102 && finding["column"] as? Int == 3)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["eventsChecked"] as? Int == 199)
        #expect(result.status == 1)
    }
}
