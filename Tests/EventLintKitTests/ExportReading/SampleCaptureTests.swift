import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The bundled sample's journeys written as debug console captures
/// (`samples/exports/make_captures.py`) give the findings, pair counts and rule violations of the
/// export itself, at the capture's own lines.
@Suite struct SampleCaptureTests {
    static let samples = Repository.root.appendingPathComponent("samples/exports")
    static let export = samples.appendingPathComponent("focusity-events.ndjson")
    static let captures = ["focusity-events.ios.log", "focusity-events.android.log"]

    /// Findings whose cause a console capture cannot hold, so the generator leaves the row out or
    /// the capture cannot show it (docs/input.md, "What a capture cannot carry"):
    /// lines that are not JSON events, a row without a user (a capture is always some device's),
    /// a timestamp that is not a number (a line without a time is ordered by its position).
    static let rowsNotCarried: Set<String> = [
        JSONRules.all.map(\.id),
        [StreamRules.notAnEvent.id, StreamRules.missingUserID.id, StreamRules.invalidTimestamp.id],
    ].reduce(into: []) { $0.formUnion($1) }
    /// Type findings the console cannot show: it prints the string `"26840"` and the number
    /// `26840` alike. A user property sent as the int 1 is then the text "1": not one of its
    /// allowed values (`user-property-value-not-allowed` in place of `-wrong-type`).
    static let typeFindings: [String: String?] = [
        StreamRules.wrongType.id: nil,
        StreamRules.userPropertyWrongType.id: StreamRules.userPropertyValueNotAllowed.id,
    ]

    struct Located: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var rule: String
        static func < (a: Located, b: Located) -> Bool { (a.line, a.rule) < (b.line, b.rule) }
        var description: String { "\(line) \(rule)" }
    }

    static func lint(_ url: URL) throws -> LintResult {
        var request = LintRequest(inputs: [url.path])
        request.jobs = 2
        return LintRunner.run(plan: Lint.shippedPlan, request: request)
    }

    /// The export line a capture line comes from: its thread id less 100000.
    static func exportLines(_ url: URL) throws -> [Int: Int] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var map: [Int: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var thread: Substring?
            if let range = line.range(of: "Focusity[4821:") {
                thread = line[range.upperBound...].prefix { $0.isNumber }
            } else if line.hasPrefix("V( 4821:") {
                thread = line.dropFirst(8).prefix { $0.isNumber }
            } else {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count > 3, fields[2] == "4821" { thread = fields[3] }
            }
            if let thread, let number = Int(thread), number >= 100_000 { map[index + 1] = number - 100_000 }
        }
        return map
    }

    @Test(arguments: captures)
    func captureGivesTheExportsFindings(capture: String) throws {
        let exportResult = try Self.lint(Self.export)
        let url = Self.samples.appendingPathComponent(capture)
        let result = try Self.lint(url)
        let skippedLines = Set(
            exportResult.findings.filter { Self.rowsNotCarried.contains($0.ruleID) }.map(\.location.line))
        var expected: [Located] = []
        for finding in exportResult.findings where !skippedLines.contains(finding.location.line) {
            if let substitute = Self.typeFindings[finding.ruleID] {
                if let substitute { expected.append(Located(line: finding.location.line, rule: substitute)) }
                continue
            }
            expected.append(Located(line: finding.location.line, rule: finding.ruleID))
        }
        let lines = try Self.exportLines(url)
        let got = result.findings.map { Located(line: lines[$0.location.line] ?? -$0.location.line, rule: $0.ruleID) }
        #expect(got.sorted() == expected.sorted())
        #expect(expected.count > 40)
        for (pair, exportPair) in zip(result.pairs, exportResult.pairs) {
            #expect(
                pair.name == exportPair.name && pair.opened == exportPair.opened
                    && pair.closedByOutcome == exportPair.closedByOutcome && pair.unclosed == exportPair.unclosed
                    && pair.unclosedNearEnd == exportPair.unclosedNearEnd
                    && pair.orphanCloses == exportPair.orphanCloses,
                "\(pair.name)")
            // logcat prints milliseconds.
            for (a, b) in zip(pair.durationsMs.sorted(), exportPair.durationsMs.sorted()) {
                #expect(abs(a - b) < 1.001)
            }
        }
        #expect(result.ruleViolations == exportResult.ruleViolations)
        #expect(result.counters.invalidLines == 0 && result.counters.notAnalyticsLines > 0)
        let format: InputFormat = capture.contains("ios") ? .iosConsole : .androidLogcat
        #expect(result.counters.formats.keys.sorted { $0.rawValue < $1.rawValue } == [format])
    }
}
