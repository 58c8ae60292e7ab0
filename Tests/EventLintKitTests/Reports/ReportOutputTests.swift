import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The cap on GitHub annotations (`ReportOutputToolTests` runs the executable for where reports
/// go: a failure to load in the requested format, `--output FORMAT=PATH`, writes that fail).
@Suite struct ReportOutputTests {
    // MARK: - Annotations capped

    static func finding(_ severity: Severity, _ index: Int) -> Finding {
        let rule =
            severity == .error
            ? ExportRules.lineTooLong : severity == .warning ? ExportRules.leadingBOM : DiffRules.eventAdded
        var finding = Finding(rule: rule, message: "finding \(index)", at: SourceLocation(file: "a.json", line: index))
        finding.severity = severity
        return finding
    }

    static func render(_ findings: [Finding], _ limits: GitHubReporter.AnnotationLimits = .init()) -> [Substring] {
        let document = ReportDocument(tool: ReportTool(version: "0"), command: .lint, findings: findings, rules: [])
        return GitHubReporter(limits: limits).render(document).split(separator: "\n").filter { $0.hasPrefix("::") }
    }

    @Test func annotationsStayWithinWhatGitHubShows() {
        let findings =
            (0..<15).map { Self.finding(.info, $0) } + (0..<3).map { Self.finding(.warning, $0) }
            + (0..<25).map { Self.finding(.error, $0) }
        let lines = Self.render(findings)
        #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") }, "errors first")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 10, "9 findings and the closing notice")
        #expect(
            lines.last
                == "::notice title=eventlint::21 more findings were not annotated (15 errors, 6 notices; at most 10 annotations of each kind, --max-annotations N changes it); the text, markdown or SARIF report lists every finding"
        )

        let five = Self.render(findings, .init(perLevel: nil, total: 5))
        #expect(five.count == 5 && five.prefix(4).allSatisfy { $0.hasPrefix("::error ") })
        #expect(
            five.last?.contains(
                "39 more findings were not annotated (21 errors, 3 warnings, 15 notices; at most 5 annotations") == true
        )

        let few = Self.render(Array(findings.prefix(4)))
        #expect(few.count == 4, "no closing notice when nothing is left out")
    }

}
