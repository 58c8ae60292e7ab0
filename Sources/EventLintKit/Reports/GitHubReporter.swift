/// The `github` format: one workflow command per finding, which the Actions runner turns into an
/// annotation on the pull request:
///
/// ```
/// ::error file=schema/events.json5,line=12,col=5,title=ga4/event-name-too-long::event name …
/// ```
///
/// The runner splits a command at `::` and its properties at `,` and decodes `%XX`, so every
/// value is escaped as GitHub's toolkit does (`escapeData`, `escapeProperty` in
/// `@actions/core`): `%`, CR and LF in the message; additionally `:` and `,` in property values.
/// Notes go into the message on their own lines. Other controls, bidi controls and line
/// separators are shown as `\u{…}` escapes, as in `text`.
///
/// Every other line (the summary, the tally) is log text, and the runner reads any line as a
/// command when, after trimming leading whitespace, it starts with `::` (`::error`,
/// `::add-mask::`, `::stop-commands::`), or when it holds `##[` anywhere (the older syntax). So
/// a plain line is escaped as in `text` and then can hold neither `::` nor `##[` anywhere:
/// the second `:` of a pair and the `[` after `##` are written `\u{3a}` and `\u{5b}`. Since
/// no line can contain them, no prefix, trimming rule or invisible character in front changes
/// the outcome; characters the runner's string comparison may ignore (format characters such
/// as U+00AD or U+200B, and every default-ignorable code point) are escaped too, so they
/// cannot hide between the two characters.
public struct GitHubReporter {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        var lines: [String] = []
        for finding in document.findings {
            lines.append(Self.command(for: finding))
        }
        if let summary = document.summary {
            lines += SummaryTextLayout(escape: TextReporter.visible).lines(summary).map(Self.plain)
        }
        lines.append(document.counts.tally)
        return lines.joined(separator: "\n") + "\n"
    }

    static func command(for finding: Finding) -> String {
        let location = finding.location
        var properties = ["file=" + escapeProperty(shown(location.file))]
        if location.line >= 1 {
            properties.append("line=\(location.line)")
            if location.column >= 1 { properties.append("col=\(location.column)") }
        }
        properties.append("title=" + escapeProperty(finding.ruleID))
        let message = shown(finding.messageWithNotes)
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

    /// Escapes what `text` escapes, and format characters, keeping LF and CR for `escapeData`
    /// to encode.
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n", scalar != "\r", TextReporter.mustEscape(scalar) || isInvisible(scalar) {
                result += TextReporter.escaped(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A log line that cannot be read as a workflow command, whatever it holds (see the type's
    /// comment): controls and invisible characters escaped, no `::` and no `##[` left.
    public static func plain(_ line: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        var beforePrevious: Unicode.Scalar?
        for scalar in TextReporter.visible(line).unicodeScalars {
            let escape = isInvisible(scalar)
                || (scalar == ":" && previous == ":")
                || (scalar == "[" && previous == "#" && beforePrevious == "#")
            if escape {
                result += TextReporter.escaped(scalar)
                // An escape ends in `}`, which starts no command.
                (beforePrevious, previous) = ("{", "}")
            } else {
                result.unicodeScalars.append(scalar)
                (beforePrevious, previous) = (previous, scalar)
            }
        }
        return result
    }

    /// Characters that print as nothing, which a culture-aware comparison may skip: format
    /// characters (U+00AD, U+200B–U+200F, U+FEFF, …) and every default-ignorable code point.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
    }
}
