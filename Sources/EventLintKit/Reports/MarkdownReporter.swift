/// The `markdown` format, written to `$GITHUB_STEP_SUMMARY` so a run's result shows on the
/// workflow page: a heading, the counts, findings per rule, a table of findings and the
/// command's summary. The table stops after `maxRows` rows (GitHub limits a step summary to
/// 1 MiB, and nobody reads thousands of rows there); errors come first so the cut drops the
/// least serious findings.
public struct MarkdownReporter {
    public var maxRows: Int

    public init(maxRows: Int = 200) {
        self.maxRows = maxRows
    }

    public func render(_ document: ReportDocument) -> String {
        let counts = document.counts
        var parts: [String] = []
        parts.append("## \(Self.inline(document.tool.name)) \(document.command.rawValue)")
        if counts.total == 0 {
            parts.append("**no findings**")
        } else {
            parts.append(
                "**\(counts.total) \(counts.total == 1 ? "finding" : "findings")**: "
                    + "\(counts.errors) error\(counts.errors == 1 ? "" : "s"), "
                    + "\(counts.warnings) warning\(counts.warnings == 1 ? "" : "s"), "
                    + "\(counts.infos) info")
            parts.append(byRuleTable(document.findings))
            parts.append(findingsTable(document.findings))
        }
        if let summary = document.summary?.markdown, !summary.isEmpty {
            parts.append(summary.hasSuffix("\n") ? String(summary.dropLast()) : summary)
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// One row per rule id: how many findings at which severity, most findings first.
    private func byRuleTable(_ findings: [Finding]) -> String {
        var perRule: [String: (severity: Severity, count: Int)] = [:]
        for finding in findings {
            let entry = perRule[finding.ruleID]
            perRule[finding.ruleID] = (max(entry?.severity ?? .info, finding.severity), (entry?.count ?? 0) + 1)
        }
        let rows = perRule.sorted {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        var lines = ["| rule | severity | findings |", "| --- | --- | ---: |"]
        for (ruleID, entry) in rows {
            lines.append("| `\(ruleID)` | \(entry.severity.rawValue) | \(entry.count) |")
        }
        return lines.joined(separator: "\n")
    }

    private func findingsTable(_ findings: [Finding]) -> String {
        // A stable sort by severity keeps the caller's file/line order within each severity.
        let ordered = findings.enumerated().sorted {
            $0.element.severity != $1.element.severity ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
        let limit = max(0, maxRows)
        var lines = ["| severity | rule | location | message |", "| --- | --- | --- | --- |"]
        for finding in ordered.prefix(limit) {
            var message = finding.message
            for note in finding.notes {
                message += "\nnote: " + note.message
                if let location = note.location { message += " (" + TextReporter.describe(location) + ")" }
            }
            lines.append(
                "| \(finding.severity.rawValue) | `\(finding.ruleID)` | \(Self.inline(TextReporter.describe(finding.location))) | \(Self.inline(message)) |")
        }
        if ordered.count > limit {
            let rest = ordered.count - limit
            lines.append("")
            lines.append("\(rest) more \(rest == 1 ? "finding is" : "findings are") not shown here; the `json` or `sarif` report lists every finding.")
        }
        return lines.joined(separator: "\n")
    }

    /// Makes text safe inside a table cell: Markdown punctuation is backslash-escaped so data is
    /// never read as emphasis, links or code; `&`, `<`, `>` become entities so it is never read
    /// as HTML; `|` cannot end the cell; line breaks become `<br>` because a cell is one line.
    public static func inline(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "<br>"
            case "\n": if !previousWasCR { result += "<br>" }
            default:
                if scalar.value < 0x20 {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
