/// The `github` format: one workflow command per finding, which the Actions runner turns into an
/// annotation on the pull request:
///
/// ```
/// ::error file=schema/events.json5,line=12,col=5,title=ga4/event-name-too-long::event name …
/// ```
///
/// The runner splits a command at `::` and its properties at `,` and decodes `%XX`, so every
/// value is escaped as GitHub's toolkit does: `%`, CR and LF in the message; additionally `:`
/// and `,` in property values. Notes go into the message on their own lines.
public struct GitHubReporter {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        var lines: [String] = []
        for finding in document.findings {
            lines.append(Self.command(for: finding))
        }
        for line in document.summary?.textLines ?? [] {
            lines.append(Self.plain(line))
        }
        lines.append(document.counts.tally)
        return lines.joined(separator: "\n") + "\n"
    }

    static func command(for finding: Finding) -> String {
        let location = finding.location
        var properties = ["file=" + escapeProperty(location.file)]
        if location.line >= 1 {
            properties.append("line=\(location.line)")
            if location.column >= 1 { properties.append("col=\(location.column)") }
        }
        properties.append("title=" + escapeProperty(finding.ruleID))
        var message = finding.message
        for note in finding.notes {
            message += "\nnote: " + note.message
            if let noteLocation = note.location {
                message += " (" + TextReporter.describe(noteLocation) + ")"
            }
        }
        return "::\(name(of: finding.severity)) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// GitHub's annotation levels; `info` is what GitHub calls a notice.
    static func name(of severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    /// Escapes command data (the message after `::`): `%` first, so the escapes it introduces
    /// are not escaped again, then CR and LF.
    public static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Escapes a property value (`file=…`, `title=…`): as data, plus `:` and `,`, which would
    /// otherwise end the value.
    public static func escapeProperty(_ text: String) -> String {
        var result = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A summary line printed as log text. A line that begins with `::` would be read as a
    /// workflow command, so it gets a leading space.
    static func plain(_ line: String) -> String {
        line.hasPrefix("::") ? " " + line : line
    }
}
