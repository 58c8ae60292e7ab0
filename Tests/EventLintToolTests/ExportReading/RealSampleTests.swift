import EventLintTestSupport
import Foundation
import Testing

/// The corpus of real samples in `samples/real/` (each file cut from a public source, named in
/// its README): every file is read with no crash and no silent pass, gives the same report on
/// standard input as from the file and for `--jobs` 1 and 7, holds the number of events its
/// README counts, and gives the outcome pinned in `Fixtures/real/outcomes.txt` (rewritten only
/// with `UPDATE_GOLDEN=1`).
@Suite struct RealSampleTests {
    struct Sample: Sendable, CustomStringConvertible {
        var file: String
        var shape: String
        var events: Int
        var description: String { file }
    }

    static let directory = Repository.root.appendingPathComponent("samples/real")
    static let outcomes = Repository.root.appendingPathComponent("Tests/Fixtures/real/outcomes.txt")

    /// The rows of `expected.tsv`: file, shape, events (counted by hand from the file), notes.
    static let samples: [Sample] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("expected.tsv"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 3, let events = Int(cells[2]) else { return nil }
            return Sample(file: cells[0], shape: cells[1], events: events)
        }
    }()

    /// What a run says of one sample, in one line: how its lines were read (events, rows that
    /// are not events, capture lines that are not analytics, invalid lines) and findings by rule.
    static func outcome(_ report: [String: Any]) -> String {
        let summary = report["summary"] as? [String: Any] ?? [:]
        var rules: [String: Int] = [:]
        for finding in report["findings"] as? [[String: Any]] ?? [] {
            rules["\(finding["rule"] as? String ?? "?")", default: 0] += 1
        }
        let shown = rules.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }
        let counts = ["eventsChecked", "notEvents", "notAnalyticsLines", "invalidLines"].map {
            "\($0) \(summary[$0] as? Int ?? -1)"
        }
        return counts.joined(separator: ", ") + "; findings " + (shown.isEmpty ? "none" : shown.joined(separator: ", "))
    }

    @Test func theCorpusHasItsSamplesAndSources() throws {
        #expect(Self.samples.count >= 25)
        let readme = try String(contentsOf: Self.directory.appendingPathComponent("README.md"), encoding: .utf8)
        for sample in Self.samples {
            #expect(
                FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent(sample.file).path),
                "\(sample.file) is listed but missing")
            let source = sample.file.contains(".spider2.") ? "spider2" : sample.file
            #expect(readme.lowercased().contains(source.lowercased()), "\(sample.file) has no source in the README")
        }
    }

    @Test(arguments: samples)
    func eachSampleIsReadAsItIs(_ sample: Sample) throws {
        let path = "samples/real/" + sample.file
        let arguments = ["lint", "--schema", "schema", "--format", "json"]
        let one = try #require(try EventLintBinary.run(arguments + ["--jobs", "1", path]))
        let seven = try #require(try EventLintBinary.run(arguments + ["--jobs", "7", path]))
        let piped = try EventLintBinary.shell(#""$0" lint --schema schema --format json - < "$1""#, [path])
        #expect(one.status == 0 || one.status == 1, "\(sample.file): \(one.stderr)")
        #expect(seven.stdout == one.stdout, "\(sample.file): --jobs 7 differs from --jobs 1")
        #expect(
            piped.stdout.replacingOccurrences(of: "<stdin>", with: path) == one.stdout,
            "\(sample.file): standard input differs from the file")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let summary = report["summary"] as? [String: Any] ?? [:]
        let findings = report["findings"] as? [[String: Any]] ?? []
        // No silent pass: a file of no event says so.
        #expect(summary["eventsChecked"] as? Int ?? 0 > 0 || !findings.isEmpty, "\(sample.file): a silent pass")
        switch sample.shape {
        case "unnest-result", "legacy-event-dim":
            // Rows of another table: recognised and reported once, none read as an event.
            let rule =
                sample.shape == "unnest-result" ? "export/unnested-query-result" : "export/legacy-firebase-export"
            #expect(findings.compactMap { $0["rule"] as? String } == [rule], "\(sample.file)")
            #expect(summary["eventsChecked"] as? Int == 0 && summary["notEvents"] as? Int ?? 0 > 0, "\(sample.file)")
        default:
            #expect(summary["eventsChecked"] as? Int == sample.events, "\(sample.file): \(Self.outcome(report))")
        }
        // A capture is read as a capture: none of its lines is a JSON error.
        if sample.shape == "ios-console" || sample.shape == "android-logcat" {
            let jsonErrors = findings.filter { ($0["rule"] as? String ?? "").hasPrefix("json/") }
            #expect(jsonErrors.isEmpty, "\(sample.file): \(jsonErrors.count) JSON errors")
        }
    }

    @Test func outcomesAreThePinnedOnes() throws {
        var lines: [String] = []
        for sample in Self.samples {
            let arguments = ["lint", "--schema", "schema", "--format", "json", "samples/real/" + sample.file]
            let output = try #require(try EventLintBinary.run(arguments))
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            lines.append("\(sample.file): \(Self.outcome(report))")
        }
        let rendered = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.outcomes.deletingLastPathComponent(), withIntermediateDirectories: true)
            try rendered.write(to: Self.outcomes, atomically: true, encoding: .utf8)
            return
        }
        let pinned = try String(contentsOf: Self.outcomes, encoding: .utf8)
        #expect(pinned == rendered, "\(lineDiff(expected: pinned, actual: rendered))")
    }
}
