import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Layout rules of the `text` format that the golden files show only once.
@Suite struct ReportTextTests {
    static func findings(_ spec: [(rule: Rule, line: Int)]) -> [Finding] {
        spec.map {
            Finding(
                rule: $0.rule, message: "finding on line \($0.line)", at: SourceLocation(file: "f.json", line: $0.line))
        }
    }

    @Test func maxExamplesKeepsFirstNPerRuleAndCountsTheRest() {
        let findings = Self.findings([
            (ReportFixture.enumValue, 1), (ReportFixture.unclosed, 2), (ReportFixture.enumValue, 3),
            (ReportFixture.enumValue, 4), (ReportFixture.unclosed, 5), (ReportFixture.nameTooLong, 6),
            (ReportFixture.enumValue, 7),
        ])
        let (shown, hidden) = TextReporter.limit(findings, maxExamples: 2)
        #expect(shown.map(\.location.line) == [1, 2, 3, 5, 6])
        #expect(hidden.map(\.ruleID) == ["stream/enum-value"])
        #expect(hidden.map(\.count) == [2])
    }

    @Test func maxExamplesNilOrLargeShowsEverything() {
        let findings = Self.findings([(ReportFixture.enumValue, 1), (ReportFixture.enumValue, 2)])
        #expect(TextReporter.limit(findings, maxExamples: nil).shown.count == 2)
        #expect(TextReporter.limit(findings, maxExamples: 2).hidden.isEmpty)
        #expect(TextReporter.limit(findings, maxExamples: 0).shown.isEmpty)
    }

    @Test func maxExamplesPrintsOneMoreLinePerRuleAndStillTalliesAll() {
        let findings = Self.findings((1...5).map { (ReportFixture.enumValue, $0) })
        let document = ReportFixture.document(findings: findings, summary: nil)
        let text = document.rendered(ReportOptions(format: .text, maxExamples: 3))
        #expect(text.contains("... and 2 more [stream/enum-value]\n"))
        #expect(text.components(separatedBy: "error[stream/enum-value]").count == 4)
        #expect(text.hasSuffix("\n\n5 errors\n"))
    }

    @Test func gutterFollowsLineNumberWidthAndCaretFollowsColumn() {
        let finding = Finding(
            rule: ReportFixture.enumValue, message: "m", at: SourceLocation(file: "f.json", line: 12345, column: 4))
        let text = TextReporter(sourceLine: { _, _ in "abcdef\r\n" }).render(
            ReportFixture.document(findings: [finding], summary: nil))
        #expect(
            text == """
                error[stream/enum-value]: m
                     --> f.json:12345:4
                      |
                12345 | abcdef
                      |    ^

                1 error

                """)
    }

    @Test(arguments: [
        ("abc", 1, ""), ("abc", 3, "  "), ("\tx", 3, "\t "),
        ("été", 4, "  "), ("🎉x", 5, " "), ("ab", 5, "    "),
    ])
    func caretPaddingCountsCharactersNotBytes(source: String, column: Int, padding: String) {
        #expect(TextReporter.excerpt(source: source, column: column).caretPadding == padding)
        #expect(TextReporter.excerpt(source: source, column: column).line == source)
    }

    /// A minified plan is one long line: each excerpt shows a window around the column, with
    /// `…` where it was cut, and the caret stays under the column.
    @Test(arguments: [1, 2, 41, 500, 57_000, 113_990, 114_000, 114_001, 200_000])
    func longLinesAreCutToAWindowAroundTheColumn(column: Int) {
        let source = String((0..<114_000).map { index in Character(Unicode.Scalar(UInt8(97 + index % 26))) })
        let excerpt = TextReporter.excerpt(source: source, column: column)
        #expect(excerpt.line.count <= TextReporter.excerptWidth + 2)
        #expect(excerpt.line.hasPrefix("…") == (column > TextReporter.excerptLead + 1))
        #expect(
            excerpt.line.hasSuffix("…") == (column <= 114_000 - TextReporter.excerptWidth + TextReporter.excerptLead))
        let caret = excerpt.caretPadding.count
        let shown = Array(excerpt.line)
        if column <= source.utf8.count {
            // The character above the caret is the one at the column.
            #expect(caret < shown.count)
            #expect(caret < shown.count && shown[caret] == Array(source.utf8)[column - 1].character)
        } else {
            #expect(caret == shown.count + (column - 1 - source.utf8.count) - (excerpt.line.hasSuffix("…") ? 1 : 0))
        }
    }

    @Test func windowCountsCharactersAndEscapesAroundTheColumn() {
        let source = String(repeating: "é", count: 300) + "\u{1B}[31mX" + String(repeating: "🎉", count: 300)
        let column = 600 + 5 + 1  // the byte column of "X": 300 two-byte "é", ESC and "[31m" before it
        let excerpt = TextReporter.excerpt(source: source, column: column)
        #expect(!excerpt.line.contains("\u{1B}"))
        #expect(excerpt.line.hasPrefix("…") && excerpt.line.hasSuffix("…"))
        #expect(Array(excerpt.line)[excerpt.caretPadding.count] == "X")
    }

    @Test func aWholePlanOnOneLinePrintsAWindowPerFinding() {
        let line = String(repeating: "{a:1},", count: 19_000)
        let findings = (1...200).map { index in
            Finding(
                rule: ReportFixture.unknownParam, message: "m",
                at: SourceLocation(file: "p.json5", line: 1, column: index * 500))
        }
        let text = TextReporter(sourceLine: { _, _ in line }).render(
            ReportFixture.document(findings: findings, summary: nil))
        #expect(line.utf8.count > 110_000)
        #expect(text.utf8.count < 200 * 400)
        #expect(text.split(separator: "\n").allSatisfy { $0.count < 200 })
    }

    @Test func controlCharactersAreShownNotSent() {
        #expect(TextReporter.visible("a\u{1B}[31mred\nnext\ttab") == "a\\u{1b}[31mred\\nnext\ttab")
    }

    @Test func colourOnlyWhenAsked() {
        let plain = ReportFixture.rendered(.text)
        #expect(!plain.contains("\u{1B}"))
        let coloured = ReportFixture.document().rendered(ReportOptions(format: .text, color: true))
        #expect(coloured.contains("\u{1B}[1;31merror\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;34minfo\u{1B}[0m"))
        #expect(!ReportFixture.document().rendered(ReportOptions(format: .json, color: true)).contains("\u{1B}"))
    }

    @Test(arguments: [
        ([Severity](), "no findings"), ([.error], "1 error"), ([.error, .error, .warning], "2 errors, 1 warning"),
        ([.info, .warning, .warning, .info], "2 warnings, 2 info"),
    ])
    func tally(severities: [Severity], expected: String) {
        let findings = severities.map {
            Finding(rule: ReportFixture.enumValue, severity: $0, message: "m", at: SourceLocation(file: "f", line: 1))
        }
        #expect(SeverityCounts(findings).tally == expected)
    }
}

extension UInt8 {
    fileprivate var character: Character { Character(Unicode.Scalar(self)) }
}

/// The small spellings every reporter shares: locations, notes, numbers.
@Suite struct ReportSpellingTests {
    @Test(arguments: [
        (EventLintKit.SourceLocation(file: "a.json", line: 3, column: 7), "a.json:3:7"),
        (EventLintKit.SourceLocation(file: "a.json", line: 3, column: 0), "a.json:3"),
        (EventLintKit.SourceLocation(file: "a.json", line: 0, column: 5), "a.json"),
        (EventLintKit.SourceLocation(file: "d:1,x.json", line: 12, column: 1), "d:1,x.json:12:1"),
    ])
    func locationIsFileLineColumn(location: EventLintKit.SourceLocation, expected: String) {
        #expect(location.description == expected)
    }

    @Test func notesFlattenIntoTheMessageOnce() {
        let finding = Finding(
            rule: ReportFixture.unclosed, message: "m",
            at: EventLintKit.SourceLocation(file: "f", line: 1),
            notes: [
                FindingNote("opened here", at: EventLintKit.SourceLocation(file: "g", line: 2, column: 3)),
                FindingNote("plain"),
            ])
        #expect(finding.messageWithNotes == "m\nnote: opened here (g:2:3)\nnote: plain")
        #expect(GitHubReporter.command(for: finding).hasSuffix("::m%0Anote: opened here (g:2:3)%0Anote: plain"))
    }

    @Test(arguments: [
        (17.25, 1, false, "17.3"), (2.0, 1, false, "2"), (2.0, 1, true, "2.0"), (-0.04, 1, false, "0"),
        (-1.25, 1, false, "-1.3"), (419.6, 0, false, "420"), (1e300, 1, false, "1e+300"),
        (Double.infinity, 1, false, "inf"), (-Double.greatestFiniteMagnitude, 0, false, "-1.7976931348623157e+308"),
    ])
    func decimalsNeverTrap(value: Double, places: Int, keepingZero: Bool, expected: String) {
        #expect(DecimalText.format(value, places: places, keepingZero: keepingZero) == expected)
    }

    @Test func summaryValuesAtTheEdgesNeverTrap() {
        #expect(SummarySpelling.spell(.percent(part: Int.max, total: 1)).hasSuffix(" %"))
        #expect(SummarySpelling.spell(.percent(part: 1, total: 0)) == "0 %")
        #expect(SummarySpelling.spell(.milliseconds(.greatestFiniteMagnitude)).hasSuffix(" s"))
        #expect(SummarySpelling.spell(.milliseconds(.nan)) == "–")
        #expect(SummarySpelling.spell(.milliseconds(999.4)) == "999 ms")
        #expect(SummarySpelling.spell(.milliseconds(17_000)) == "17.0 s")
        #expect(SummarySpelling.spell(.bar(used: Int.max, capacity: 3)).hasPrefix("[####################] +"))
        #expect(SummarySpelling.spell(.bar(used: 5, capacity: Int.min)) == "[####################] +\(Int.max) over")
        #expect(SummarySpelling.spell(.bar(used: 49, capacity: 50)) == "[###################.]")
        #expect(SummarySpelling.spell(.bar(used: 0, capacity: 0)) == "[....................]")
        #expect(
            SummarySpelling.spell(.shares([SummaryTally("int", Int.max), SummaryTally("string", Int.max)])).contains(
                "int"))
    }
}
