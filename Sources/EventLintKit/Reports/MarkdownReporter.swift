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
        if let headline = document.headline { parts.append("**" + Self.inline(headline) + "**") }
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
        if let summary = document.summary {
            parts += summary.sections.compactMap(Self.section)
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
            $0.element.severity != $1.element.severity
                ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
        let limit = max(0, maxRows)
        var lines = ["| severity | rule | location | message |", "| --- | --- | --- | --- |"]
        for finding in ordered.prefix(limit) {
            lines.append(
                "| \(finding.severity.rawValue) | `\(finding.ruleID)` | \(Self.inline(finding.location.description)) | \(Self.inline(finding.messageWithNotes)) |"
            )
        }
        if ordered.count > limit {
            let rest = ordered.count - limit
            lines.append("")
            lines.append(
                "\(rest) more \(rest == 1 ? "finding is" : "findings are") not shown here; the `json` or `sarif` report lists every finding."
            )
        }
        return lines.joined(separator: "\n")
    }

    /// A summary section: its title in bold, then its blocks, a blank line apart; consecutive
    /// sentences are one paragraph with line breaks, consecutive lists one list. `nil` when
    /// nothing in it is for people.
    static func section(_ section: SummarySection) -> String? {
        var blocks: [String] = []
        // Consecutive sentences make one paragraph, consecutive lists one list.
        var sentences: [String] = []
        var items: [String] = []
        func flush() {
            if !sentences.isEmpty { blocks.append(sentences.joined(separator: "  \n")) }
            if !items.isEmpty { blocks.append(items.joined(separator: "\n")) }
            (sentences, items) = ([], [])
        }
        for block in section.blocks {
            switch block {
            case .sentence(let text):
                if !items.isEmpty { flush() }
                sentences.append(inline(SummarySpelling.spell(text)))
            case .list(let list) where list.audience.forPeople:
                if !sentences.isEmpty { flush() }
                items += list.items.isEmpty ? ["- none"] : list.items.map { "- " + inline(SummarySpelling.spell($0)) }
            case .table(let table) where table.audience.forPeople:
                flush()
                blocks.append(Self.table(table))
            case .list, .table:
                break
            }
        }
        flush()
        guard !blocks.isEmpty else { return nil }
        if let title = section.title { blocks.insert("**" + inline(SummarySpelling.spell(title)) + "**", at: 0) }
        return blocks.joined(separator: "\n\n")
    }

    /// A GitHub table; numeric columns aligned right. Every cell and heading is escaped.
    static func table(_ table: SummaryTable) -> String {
        guard !table.rows.isEmpty else { return "none" }
        let columns = table.peopleColumns
        var lines = ["| " + columns.map { inline(table.columns[$0].title) }.joined(separator: " | ") + " |"]
        lines.append("| " + columns.map { table.isNumeric($0) ? "---:" : "---" }.joined(separator: " | ") + " |")
        for row in table.rows {
            lines.append("| " + columns.map { inline(SummarySpelling.spell(row[$0])) }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Makes data inert inline Markdown, in a table cell or in a paragraph, on GitHub:
    /// - ASCII punctuation with a meaning (emphasis, code, links, images, tables, headings,
    ///   strikethrough, footnotes) is backslash-escaped: ``\ ` * _ [ ] ( ) | # ~ ! ^``, and
    ///   `&`, `<`, `>` become entities so no raw HTML (`<img>`) gets through;
    /// - `:` before `/` and the `.` of `www.` are escaped and `@` is wrapped in `<span>`,
    ///   which stops GitHub's autolinks (`https://…`, `www.…`, e-mail and `xmpp:` addresses)
    ///   from forming;
    /// - `$` is wrapped in `<span>` as GitHub's math documentation advises, so `$…$` and
    ///   `$$` are never math;
    /// - a line break becomes `<br>` (a cell is one line, and data must not start a new block);
    ///   other controls, bidi controls and U+2028/U+2029 are shown as `\u{…}` escapes.
    /// A Markdown line never starts with data (rows start with `|`, items with `- `), so
    /// list markers and setext underlines in data stay text.
    public static func inline(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "(", ")", "|", "#", "~", "!", "^":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case ":" where next == "/":
                result += "\\:"
            case "." where index >= 3 && scalars[(index - 3)..<index].allSatisfy({ $0 == "w" || $0 == "W" }):
                result += "\\."
            // GitHub merges a backslash-escaped `@` back into an e-mail autolink; a span
            // splits the text so none forms.
            case "$", "@": result += "<span>" + String(scalar) + "</span>"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "<br>"
            case "\n": if index == 0 || scalars[index - 1] != "\r" { result += "<br>" }
            default:
                if TextReporter.mustEscape(scalar) {
                    result += "\\" + TextReporter.escaped(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
