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
/// The format people read most, so it favours a steady layout: control characters in messages
/// and source lines are shown as escapes (a newline in an export value must not break the
/// layout, and an ESC byte from untrusted data must not reach the terminal).
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
        let (shown, hidden) = Self.limit(document.findings, maxExamples: maxExamples)
        var compact: [String] = []
        for finding in shown {
            if compactInfo && finding.severity == .info {
                compact.append(paint(finding.severity.rawValue, Self.severityStyle(finding.severity))
                    + "[\(finding.ruleID)]: \(Self.visible(finding.message)) (\(Self.describe(finding.location)))")
            } else {
                blocks.append(block(for: finding))
            }
        }
        if !compact.isEmpty { blocks.append(compact.joined(separator: "\n")) }
        if !hidden.isEmpty {
            blocks.append(hidden.map { "... and \($0.count) more [\($0.ruleID)]" }.joined(separator: "\n"))
        }
        if let lines = document.summary?.textLines, !lines.isEmpty {
            blocks.append(lines.map(Self.visible).joined(separator: "\n"))
        }
        blocks.append(document.counts.tally)
        return blocks.joined(separator: "\n\n") + "\n"
    }

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

    private func block(for finding: Finding) -> String {
        let location = finding.location
        let width = String(location.line).count
        let gutter = String(repeating: " ", count: width + 1)
        var lines: [String] = []
        lines.append(
            paint(finding.severity.rawValue, Self.severityStyle(finding.severity))
                + paint("[\(finding.ruleID)]: \(Self.visible(finding.message))", Self.bold))
        lines.append(String(repeating: " ", count: width) + paint("-->", Self.blue) + " " + Self.describe(location))
        if location.line >= 1, let source = sourceLine(location.file, location.line) {
            let shownSource = Self.visible(Self.trimmingLineBreak(source))
            lines.append(gutter + paint("|", Self.blue))
            lines.append(paint("\(location.line) |", Self.blue) + (shownSource.isEmpty ? "" : " " + shownSource))
            let caretLine = Self.caretPadding(source: source, column: location.column) + "^"
            lines.append(gutter + paint("|", Self.blue) + " " + paint(caretLine, Self.severityStyle(finding.severity)))
        }
        for note in finding.notes {
            lines.append(gutter + paint("= note:", Self.blue) + " " + Self.visible(note.message))
            if let noteLocation = note.location {
                lines.append(gutter + paint("-->", Self.blue) + " " + Self.describe(noteLocation))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `file:line:column`, leaving out a column or line that is not known (0 or less).
    static func describe(_ location: SourceLocation) -> String {
        var text = visible(location.file)
        if location.line >= 1 {
            text += ":\(location.line)"
            if location.column >= 1 { text += ":\(location.column)" }
        }
        return text
    }

    /// The spaces that put a caret under byte column `column` of `source`. Columns count bytes,
    /// but a terminal shows characters, so the bytes before the column are decoded and each
    /// character becomes one space (tabs stay tabs so they expand as in the line above).
    static func caretPadding(source: String, column: Int) -> String {
        let bytes = Array(source.utf8)
        let prefixLength = max(0, column - 1)
        // The source is a valid String; a column inside a multi-byte character rounds down.
        var cut = min(prefixLength, bytes.count)
        var prefix = String(validating: bytes.prefix(cut), as: UTF8.self)
        while prefix == nil, cut > 0 {
            cut -= 1
            prefix = String(validating: bytes.prefix(cut), as: UTF8.self)
        }
        var padding = ""
        for character in visible(prefix ?? "") {
            padding.append(character == "\t" ? "\t" : " ")
        }
        if prefixLength > bytes.count {
            padding += String(repeating: " ", count: prefixLength - bytes.count)
        }
        return padding
    }

    private static func trimmingLineBreak(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.unicodeScalars.last, last == "\n" || last == "\r" {
            line = Substring(line.unicodeScalars.dropLast())
        }
        return String(line)
    }

    /// Shows control characters (other than tab) as escapes: `\n`, `\r`, `\u{1b}`.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                if isControl(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

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
