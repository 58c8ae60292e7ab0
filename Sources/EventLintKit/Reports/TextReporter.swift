/// rustc-style diagnostics for a terminal:
///
/// ```
/// error[ga4/event-name-too-long]: event name "…" is 45 characters, over GA4's limit of 40
///   --> schema/events.json5:12:5
///    |
/// 12 |     very_long_event_name: {
///    |     ^
///    = note: first declared here
///    --> schema/other.json5:3:1
/// ```
///
/// The format people read most, so it favours a steady layout: control characters, bidi
/// controls and line separators in messages, summaries and source lines are shown as escapes
/// (a newline in an export value must not break the layout, an ESC byte from untrusted data must
/// not reach the terminal, and a U+202E must not reorder what is shown). A source line longer
/// than `excerptWidth` characters is cut to a window around the column, so a minified one-line
/// plan does not print itself once per finding.
public struct TextReporter {
    public var color: Bool
    public var maxExamples: Int?
    public var sourceLine: (_ file: String, _ line: Int) -> String?
    /// Info findings as one line each (`check --base`: the additive changes), after the rest.
    public var compactInfo = false

    public init(
        color: Bool = false, maxExamples: Int? = nil,
        sourceLine: @escaping (_ file: String, _ line: Int) -> String? = { _, _ in nil }
    ) {
        self.color = color
        self.maxExamples = maxExamples
        self.sourceLine = sourceLine
    }

    public func render(_ document: ReportDocument) -> String {
        var blocks: [String] = []
        if let headline = document.headline { blocks.append(paint(Self.visible(headline), Self.bold)) }
        if let groups = document.groups, let maxExamples {
            // A run that grouped its findings: each distinct problem once, with its count.
            for group in groups { blocks.append(block(for: group, examples: maxExamples)) }
        } else {
            let (shown, hidden) = Self.limit(document.findings, maxExamples: maxExamples)
            var compact: [String] = []
            for finding in shown {
                if compactInfo && finding.severity == .info {
                    compact.append(
                        paint(finding.severity.rawValue, Self.severityStyle(finding.severity))
                            + "[\(finding.ruleID)]: \(Self.visible(finding.message)) (\(Self.visible(finding.location.description)))"
                    )
                } else {
                    blocks.append(block(for: finding))
                }
            }
            if !compact.isEmpty { blocks.append(compact.joined(separator: "\n")) }
            if !hidden.isEmpty {
                blocks.append(hidden.map { "... and \($0.count) more [\($0.ruleID)]" }.joined(separator: "\n"))
            }
        }
        if let summary = document.summary {
            let lines = SummaryTextLayout(escape: Self.visible).lines(summary)
            if !lines.isEmpty { blocks.append(lines.joined(separator: "\n")) }
        }
        if let groups = document.groups, !groups.isEmpty {
            let table = FindingGroupTable.summary(groups)
            blocks.append(SummaryTextLayout(escape: Self.visible).lines(table).joined(separator: "\n"))
        }
        blocks.append(document.counts.tally)
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// One finding as `render` shows it in full, for output that streams findings one by one
    /// (`watch`).
    public func render(finding: Finding) -> String { block(for: finding) }

    /// Splits findings into those shown in full (the first `maxExamples` of each rule id, in the
    /// given order) and, per rule id that had more, how many were left out, in the order the
    /// rules first appear.
    static func limit(
        _ findings: [Finding], maxExamples: Int?
    ) -> (shown: [Finding], hidden: [(ruleID: String, count: Int)]) {
        guard let maxExamples else { return (findings, []) }
        let limit = max(0, maxExamples)
        var seen: [String: Int] = [:]
        var firstAppearance: [String] = []
        var shown: [Finding] = []
        for finding in findings {
            let count = seen[finding.ruleID, default: 0]
            if count == 0 { firstAppearance.append(finding.ruleID) }
            seen[finding.ruleID] = count + 1
            if count < limit { shown.append(finding) }
        }
        let hidden = firstAppearance.compactMap { id -> (ruleID: String, count: Int)? in
            let extra = seen[id, default: 0] - limit
            return extra > 0 ? (id, extra) : nil
        }
        return (shown, hidden)
    }

    /// A group: its first finding in full, then how many there are, from where to where, a few
    /// more example lines and, for a value rule, the values.
    private func block(for group: FindingGroup, examples: Int) -> String {
        var text = block(for: group.first)
        let gutter = String(repeating: " ", count: String(group.first.location.line).count + 1)
        func note(_ words: String) { text += "\n" + gutter + paint("=", Self.blue) + " " + Self.visible(words) }
        if group.isOverflow {
            note(
                "\(group.count) findings of this rule on further events and params (past \(FindingGroups.groupLimit) groups)"
            )
        } else if group.count > 1 {
            note("\(group.count) findings like this, the last at \(group.last)")
        }
        let more = group.examples.dropFirst().prefix(max(0, examples))
        if group.count > 1, !more.isEmpty {
            let sameFile = more.allSatisfy { $0.file == group.first.location.file }
            note(
                (sameFile ? "also at line\(more.count == 1 ? "" : "s") " : "also at ")
                    + more.map { sameFile ? String($0.line) : $0.description }.joined(separator: ", "))
        }
        if group.values.count > 1 || group.otherValues > 0 {
            var words =
                "values: "
                + group.values.sorted { $0.count > $1.count }
                .map { "\"\($0.value)\" \($0.count)" }.joined(separator: ", ")
            if group.otherValues > 0 { words += ", other values \(group.otherValues)" }
            note(words)
        }
        return text
    }

    private func block(for finding: Finding) -> String {
        let location = finding.location
        let width = String(location.line).count
        let gutter = String(repeating: " ", count: width + 1)
        var lines: [String] = []
        lines.append(
            paint(finding.severity.rawValue, Self.severityStyle(finding.severity))
                + paint("[\(finding.ruleID)]: \(Self.visible(finding.message))", Self.bold))
        lines.append(
            String(repeating: " ", count: width) + paint("-->", Self.blue) + " " + Self.visible(location.description))
        if location.line >= 1, let source = sourceLine(location.file, location.line) {
            let excerpt = Self.excerpt(source: Self.trimmingLineBreak(source), column: location.column)
            lines.append(gutter + paint("|", Self.blue))
            lines.append(paint("\(location.line) |", Self.blue) + (excerpt.line.isEmpty ? "" : " " + excerpt.line))
            let caretLine = excerpt.caretPadding + "^"
            lines.append(gutter + paint("|", Self.blue) + " " + paint(caretLine, Self.severityStyle(finding.severity)))
        }
        for note in finding.notes {
            lines.append(gutter + paint("= note:", Self.blue) + " " + Self.visible(note.message))
            if let noteLocation = note.location {
                lines.append(gutter + paint("-->", Self.blue) + " " + Self.visible(noteLocation.description))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Characters of a source line shown around the column at most; a longer line is cut to
    /// this many, with `…` on each cut side.
    static let excerptWidth = 120
    /// How many of them come before the column, when the line is cut.
    static let excerptLead = 50

    /// The part of `source` to show, escaped, and the padding that puts a caret under byte
    /// column `column`. Columns count bytes, but a terminal shows characters, so the characters
    /// before the column each become one space (tabs stay tabs so they expand as in the line
    /// above, escapes take their printed width); a column inside a character rounds down, and one
    /// past the end pads on. Only the window is decoded, so a 100 KB line costs a window's work.
    static func excerpt(source: String, column: Int) -> (line: String, caretPadding: String) {
        let utf8 = source.utf8
        let prefixLength = max(0, column - 1)
        var caret = utf8.index(utf8.startIndex, offsetBy: min(prefixLength, utf8.count))
        while caret.samePosition(in: source) == nil, caret > utf8.startIndex {
            caret = utf8.index(before: caret)
        }
        var start = source.index(caret, offsetBy: -excerptLead, limitedBy: source.startIndex) ?? source.startIndex
        let end = source.index(start, offsetBy: excerptWidth, limitedBy: source.endIndex) ?? source.endIndex
        if end == source.endIndex {
            start = source.index(end, offsetBy: -excerptWidth, limitedBy: source.startIndex) ?? source.startIndex
        }
        let cutBefore = start > source.startIndex
        let cutAfter = end < source.endIndex
        let shown = (cutBefore ? "…" : "") + visible(String(source[start..<end])) + (cutAfter ? "…" : "")
        var padding = cutBefore ? " " : ""
        for character in visible(String(source[start..<caret])) {
            padding.append(character == "\t" ? "\t" : " ")
        }
        let pastEnd = prefixLength - utf8.count
        if pastEnd > 0 { padding += String(repeating: " ", count: pastEnd) }
        return (shown, padding)
    }

    private static func trimmingLineBreak(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.unicodeScalars.last, last == "\n" || last == "\r" {
            line = Substring(line.unicodeScalars.dropLast())
        }
        return String(line)
    }

    /// `VisibleText.of`: what must not reach a terminal raw, shown as escapes.
    static func visible(_ text: String) -> String { VisibleText.of(text) }

    static func escaped(_ scalar: Unicode.Scalar) -> String { VisibleText.escaped(scalar) }

    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool { VisibleText.mustEscape(scalar) }

    // ANSI styles, applied only when `color` is on.
    private static let bold = "\u{1B}[1m"
    private static let blue = "\u{1B}[1;34m"
    private static let reset = "\u{1B}[0m"

    private static func severityStyle(_ severity: Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .info: "\u{1B}[1;34m"
        }
    }

    private func paint(_ text: String, _ style: String) -> String {
        color ? style + text + Self.reset : text
    }
}
