import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `eventlint lint` on the bundled sample exports, through the built executable: exit status,
/// the findings pinned per line, the summary's line accounting, and the same findings whatever
/// the line order, thread count, compression or input channel.
@Suite(.serialized) struct SampleExportTests {
    static let samples = Repository.root.appendingPathComponent("samples/exports")
    static let expectations = Repository.fixtures.appendingPathComponent("exports")

    /// One finding of the JSON report, by line and rule.
    struct Located: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var rule: String
        static func < (a: Located, b: Located) -> Bool { (a.line, a.rule) < (b.line, b.rule) }
        var description: String { "\(line) \(rule)" }
    }

    /// The parts of `--format json` output the tests read.
    struct Report {
        var findings: [Located]
        var summary: [String: Any]

        init(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                sourceLocation: sourceLocation)
            let list = try #require(object["findings"] as? [[String: Any]], sourceLocation: sourceLocation)
            findings = list.compactMap { item in
                guard let line = item["line"] as? Int, let rule = item["rule"] as? String else { return nil }
                return Located(line: line, rule: rule)
            }
            summary = try #require(object["summary"] as? [String: Any], sourceLocation: sourceLocation)
            let read = summary["linesRead"] as? Int ?? -1
            let parts = ["validLines", "invalidLines", "blankLines", "notAnalyticsLines"].map {
                summary[$0] as? Int ?? -1
            }
            #expect(
                read == parts.reduce(0, +), "linesRead \(read) != valid + invalid + blank \(parts)",
                sourceLocation: sourceLocation)
        }

        func count(_ key: String) -> Int { summary[key] as? Int ?? -1 }
    }

    static func expected(_ name: String) throws -> [Located] {
        let text = try String(contentsOf: expectations.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let fields = row.split(separator: "\t")
            return Located(line: Int(fields[0]) ?? -1, rule: String(fields[1]))
        }.sorted()
    }

    static func lint(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> (output: EventLintBinary.Output, report: Report)?
    {
        guard
            let output = try EventLintBinary.run(
                ["lint", "--format", "json"] + arguments, sourceLocation: sourceLocation)
        else { return nil }
        #expect(output.stderr.isEmpty, "\(output.stderr)", sourceLocation: sourceLocation)
        return (output, try Report(output.stdout, sourceLocation: sourceLocation))
    }

    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-samples-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: - The bundled samples

    @Test func cleanSampleHasNoFindingAtAll() throws {
        let run = try #require(try Self.lint(["samples/exports/focusity-clean.ndjson"]))
        #expect(run.output.status == 0)
        #expect(run.report.findings.isEmpty, "\(run.report.findings)")
        #expect(run.report.count("linesRead") == 252)
        #expect(run.report.count("validLines") == 252)
        #expect(run.report.count("eventsChecked") == 252)
        let pairs = try #require(run.report.summary["pairs"] as? [[String: Any]])
        #expect(pairs.allSatisfy { ($0["opened"] as? Int ?? 0) > 0 }, "every pair is exercised: \(pairs)")
    }

    @Test(arguments: [
        ("focusity-events.ndjson", "focusity-events.expected.tsv"),
        ("focusity-debug.flat.ndjson", "focusity-debug.flat.expected.tsv"),
        ("focusity-mp.ndjson", "focusity-mp.expected.tsv"),
    ])
    func defectiveSampleFindingsArePinned(sample: String, expectation: String) throws {
        let run = try #require(try Self.lint(["samples/exports/" + sample]))
        #expect(run.output.status == 1)
        let expected = try Self.expected(expectation)
        #expect(run.report.findings.sorted() == expected)
    }

    @Test func eventsSampleHasEveryLintRuleThatAnExportLineCanShow() throws {
        let run = try #require(try Self.lint(["samples/exports/focusity-events.ndjson"]))
        let seen = Set(run.report.findings.map(\.rule))
        // pair/negative-duration and stream/user-property-value-too-long cannot fire with the
        // shipped plan (see samples/exports/README.md); LintRuleTests covers them.
        let unreachable: Set = ["pair/negative-duration", "stream/user-property-value-too-long"]
        let wanted = (StreamRules.all + PairRules.all + CrossEventRules.all).map(\.id).filter {
            !unreachable.contains($0)
        }
        #expect(wanted.filter { !seen.contains($0) } == [])
        for rule in ["json/unexpected-end", "json/invalid-utf8", "json/duplicate-key", "json/trailing-content"] {
            #expect(seen.contains(rule), "\(rule)")
        }
        #expect(run.report.count("linesRead") == 286)
        #expect(run.report.count("blankLines") == 1)
        #expect(run.report.count("invalidLines") == 4)
    }

    @Test func textReportAccountsForEveryLine() throws {
        let output = try #require(try EventLintBinary.run(["lint", "samples/exports/focusity-events.ndjson"]))
        #expect(output.status == 1)
        #expect(output.stdout.contains("lines read: 286 = valid 281 + invalid 4 + blank 1"))
        #expect(output.stdout.contains("--> samples/exports/focusity-events.ndjson:65:"))
    }

    // MARK: - The same findings, however the input arrives

    @Test(arguments: [1 as UInt64, 2, 3])
    func shuffledCopyGivesTheSameFindingsAtTheMovedLines(seed: UInt64) throws {
        let data = try Data(contentsOf: Self.samples.appendingPathComponent("focusity-events.ndjson"))
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        #expect(lines.last == [])
        lines.removeLast()
        var generator = SeededGenerator(seed: seed)
        let order = Array(lines.indices).shuffled(using: &generator)  // order[new] = old
        var newLine = [Int](repeating: 0, count: lines.count)
        for (new, old) in order.enumerated() { newLine[old] = new + 1 }
        let shuffled = order.map { lines[$0] }.joined(separator: [0x0A]) + [0x0A]
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("shuffled.ndjson")
        try Data(shuffled).write(to: file)

        let run = try #require(try Self.lint([file.path]))
        #expect(run.output.status == 1)
        let moved = try Self.expected("focusity-events.expected.tsv").map {
            Located(line: newLine[$0.line - 1], rule: $0.rule)
        }.sorted()
        #expect(run.report.findings.sorted() == moved)
        #expect(run.report.count("linesRead") == 286)
    }

    @Test func gzipCopyGivesTheSameFindings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/gzip") else {
            print("skipped: /bin/gzip is absent")
            return
        }
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("focusity-events.ndjson")
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("focusity-events.ndjson"), to: copy)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-9", copy.path]
        try gzip.run()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
        let run = try #require(try Self.lint([copy.path + ".gz"]))
        #expect(run.output.status == 1)
        #expect(run.report.findings.sorted() == (try Self.expected("focusity-events.expected.tsv")))
        #expect(run.report.count("linesRead") == 286)
    }

    @Test func standardInputIsReadWithADash() throws {
        let url = try #require(EventLintBinary.url, "run `swift build` first")
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let process = Process()
        process.executableURL = url
        process.arguments = ["lint", "--format", "json", "-"]
        process.currentDirectoryURL = Repository.root
        process.standardInput = try FileHandle(
            forReadingFrom: Self.samples.appendingPathComponent("focusity-mp.ndjson"))
        let out = try FileHandle(forWritingTo: outURL)
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        #expect(process.terminationStatus == 1)
        let report = try Report(String(decoding: try Data(contentsOf: outURL), as: UTF8.self))
        #expect(report.findings.sorted() == (try Self.expected("focusity-mp.expected.tsv")))
    }

    @Test func unclosedWindowOptionMovesTheEdge() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("window.ndjson")
        let lines = [Export.bq("limit_sheet_shown", at: 0, params: Events.sheet()), Events.step("demo", at: 2400)]
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let schema = ["--schema", Repository.enginePlan.path]
        let standard = try #require(try Self.lint(schema + [file.path]))
        #expect(standard.report.findings == [Located(line: 1, rule: "pair/unclosed")])
        #expect(standard.output.status == 1)
        let wider = try #require(try Self.lint(schema + ["--unclosed-window", "45", file.path]))
        #expect(wider.report.findings == [Located(line: 1, rule: "pair/unclosed-near-end")])
        #expect(wider.output.status == 0, "a warning alone does not fail the run")
    }

    // MARK: - A generated export of a few MB

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func oneAndTwoJobsGiveByteIdenticalReports() throws {
        guard let python = Self.python else {
            print("skipped: python3 is absent")
            return
        }
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("generated.ndjson")
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: python)
        generator.arguments = [
            Repository.root.appendingPathComponent("bench/generate_export.py").path,
            "--seed", "17", "--bytes", "4M", "--defect-rate", "0.01", "--output", file.path,
        ]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        generator.waitUntilExit()
        try #require(generator.terminationStatus == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size >= 4 << 20)

        let one = try #require(try Self.lint(["--jobs", "1", file.path]))
        let two = try #require(try Self.lint(["--jobs", "2", file.path]))
        #expect(one.output.status == 1)
        #expect(!one.report.findings.isEmpty)
        #expect(one.output.stdout == two.output.stdout)
    }
}
