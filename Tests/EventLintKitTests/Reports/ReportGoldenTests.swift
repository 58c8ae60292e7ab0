import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Every format rendered from the same fixed findings and compared with its golden file.
@Suite struct ReportGoldenTests {
    static let goldenFiles: [(ReportFormat, String)] = [
        (.text, "findings.txt"), (.json, "findings.json"), (.github, "findings.github.txt"),
        (.sarif, "findings.sarif"), (.junit, "findings.junit.xml"), (.markdown, "findings.md"),
    ]

    @Test(arguments: goldenFiles)
    func findingsMatchGolden(format: ReportFormat, file: String) {
        Golden.check(ReportFixture.rendered(format), file: file)
    }

    @Test(arguments: goldenFiles)
    func cleanRunMatchesGolden(format: ReportFormat, file: String) {
        let clean = ReportFixture.document(findings: [], command: .check, summary: nil)
        Golden.check(
            ReportFixture.rendered(format, document: clean),
            file: "clean." + file.split(separator: ".", maxSplits: 1)[1])
    }

    @Test func textWithLimitedExamplesMatchesGolden() {
        let text = ReportFixture.document().rendered(
            ReportOptions(format: .text, maxExamples: 1, sourceLine: ReportFixture.sourceLine))
        Golden.check(text, file: "findings.max1.txt")
    }

    @Test func colouredTextMatchesGolden() {
        let text = ReportFixture.document().rendered(
            ReportOptions(format: .text, color: true, sourceLine: ReportFixture.sourceLine))
        Golden.check(text, file: "findings.color.txt")
    }

    @Test(.disabled(if: Golden.updating, "UPDATE_GOLDEN=1 is meant to rewrite"))
    func mismatchFailsAndLeavesTheGoldenFileAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("sample.txt")
        try "expected\n".write(to: golden, atomically: true, encoding: .utf8)
        withKnownIssue {
            Golden.check("actual\n", file: "sample.txt", in: directory)
        }
        #expect(try String(contentsOf: golden, encoding: .utf8) == "expected\n")
    }

    @Test func lineDiffShowsChangedLinesWithContext() {
        let diff = lineDiff(expected: "a\nb\nc\nd\ne\nf\ng", actual: "a\nb\nc\nD\ne\nf\ng")
        #expect(diff == "  b\n  c\n- d\n+ D\n  e\n  f\n")
    }
}
