/// The `junit` format: JUnit XML, which CI systems (GitLab, Jenkins, Azure, test-report
/// actions) show as a test report. Each rule id is a test suite and each finding a test case
/// named `file:line`; errors and warnings are failures, info findings pass with the message in
/// `<system-out>`. A clean run has one passing test case, so CI shows a green test rather than
/// an empty report it may treat as missing.
public struct JUnitReporter {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let counts = document.counts
        let failures = counts.errors + counts.warnings
        let runName = "\(document.tool.name) \(document.command.rawValue)"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let totalTests = max(1, document.findings.count)
        xml +=
            "<testsuites name=\"\(Self.escape(runName))\" tests=\"\(totalTests)\" failures=\"\(failures)\" errors=\"0\">\n"
        if document.findings.isEmpty {
            xml +=
                "  <testsuite name=\"\(Self.escape(runName))\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            xml += "    <testcase name=\"no findings\" classname=\"\(Self.escape(runName))\"/>\n"
            xml += "  </testsuite>\n"
        }
        for (ruleID, findings) in Self.groupedByRule(document.findings) {
            let suiteFailures = findings.filter { $0.severity >= .warning }.count
            xml +=
                "  <testsuite name=\"\(Self.escape(ruleID))\" tests=\"\(findings.count)\" failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"0\">\n"
            for finding in findings {
                xml += Self.testCase(for: finding)
            }
            xml += "  </testsuite>\n"
        }
        if let summary = document.summary {
            // The summary as the text format lays it out, in a suite of its own with no test
            // cases, where JUnit viewers show standard output.
            let lines = SummaryTextLayout(escape: TextReporter.visible).lines(summary)
            if !lines.isEmpty {
                xml +=
                    "  <testsuite name=\"\(Self.escape(runName + " summary"))\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
                xml +=
                    "    <system-out>" + Self.escape(lines.joined(separator: "\n"), inAttribute: false)
                    + "</system-out>\n"
                xml += "  </testsuite>\n"
            }
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Findings grouped by rule id, suites in id order, findings in the order given.
    static func groupedByRule(_ findings: [Finding]) -> [(String, [Finding])] {
        var groups: [String: [Finding]] = [:]
        for finding in findings { groups[finding.ruleID, default: []].append(finding) }
        return groups.keys.sorted().map { ($0, groups[$0] ?? []) }
    }

    private static func testCase(for finding: Finding) -> String {
        let name = SourceLocation(file: finding.location.file, line: finding.location.line, column: 0).description
        var xml = "    <testcase name=\"\(escape(name))\" classname=\"\(escape(finding.ruleID))\">\n"
        var details = "\(finding.location): \(finding.messageWithNotes)"
        if let event = finding.event { details += "\nevent: " + event }
        if let param = finding.param { details += "\nparam: " + param }
        switch finding.severity {
        case .error, .warning:
            xml += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(escape(finding.message))\">"
            xml += escape(details, inAttribute: false) + "</failure>\n"
        case .info:
            xml += "      <system-out>" + escape(details, inAttribute: false) + "</system-out>\n"
        }
        xml += "    </testcase>\n"
        return xml
    }

    /// Escapes text for XML 1.0. The five markup characters become entities. Tab, LF and CR are
    /// written as character references inside attributes (a parser would turn them into spaces
    /// otherwise) and CR also in text (a parser would turn it into LF). The other characters of
    /// `EscapedScalars` are shown as `\u{…}`, as in `text` (C0 controls cannot appear in XML 1.0
    /// at all, and a reference to a bidi control would be decoded back to it); U+FFFE and U+FFFF,
    /// not XML characters either, are replaced by U+FFFD.
    public static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            case "\n": result += inAttribute ? "&#10;" : "\n"
            case "\t": result += inAttribute ? "&#9;" : "\t"
            default:
                if EscapedScalars.contains(scalar) {
                    result += VisibleText.escaped(scalar)
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
