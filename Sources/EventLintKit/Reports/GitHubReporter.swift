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
///
/// GitHub shows about 10 annotations of each level per step and 50 per job, and drops the rest
/// without a word, so the reporter caps them (`AnnotationLimits`): errors first, then warnings,
/// then notices, and one closing notice says how many findings were left out and where to see
/// them.
public struct GitHubReporter {
    public var limits: AnnotationLimits

    public init(limits: AnnotationLimits = AnnotationLimits()) {
        self.limits = limits
    }

    /// Which findings become annotations, most severe first, and how many of each severity
    /// were left out (by a cap, or info findings when `includeInfo` is off).
    func select(_ findings: [Finding]) -> (shown: [Finding], omitted: SeverityCounts, infoExcluded: Int) {
        var shown: [Finding] = []
        var left: [Finding] = []
        var infoExcluded = 0
        for severity in [Severity.error, .warning, .info] {
            let level = findings.filter { $0.severity == severity }
            if severity == .info && !limits.includeInfo {
                infoExcluded = level.count
                continue
            }
            let kept = limits.perLevel.map { min($0, level.count) } ?? level.count
            shown += level[..<kept]
            left += level[kept...]
        }
        if let total = limits.total, shown.count > total {
            left += shown[total...]
            shown.removeLast(shown.count - total)
        }
        if !left.isEmpty || infoExcluded > 0 {
            // The closing notice takes a place: one of `total`, and one of the notices.
            if let total = limits.total, shown.count >= total, !shown.isEmpty { left.append(shown.removeLast()) }
            if let perLevel = limits.perLevel, shown.filter({ $0.severity == .info }).count >= perLevel,
                let last = shown.lastIndex(where: { $0.severity == .info })
            {
                left.append(shown.remove(at: last))
            }
        }
        return (shown, SeverityCounts(left), infoExcluded)
    }

    /// The closing notice: what was not annotated, by severity, and where to read it all.
    func omissionNotice(_ omitted: SeverityCounts, infoExcluded: Int) -> String? {
        var parts: [String] = []
        let total = omitted.errors + omitted.warnings + omitted.infos
        if total > 0 {
            let kinds = [(omitted.errors, "error"), (omitted.warnings, "warning"), (omitted.infos, "notice")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
            let cap =
                limits.total.map { "at most \($0) annotations" }
                ?? "at most \(limits.perLevel ?? 0) annotations of each kind"
            parts.append(
                "\(total) more \(total == 1 ? "finding was" : "findings were") not annotated (\(kinds); \(cap), --max-annotations N changes it)"
            )
        }
        if infoExcluded > 0 {
            parts.append(
                "\(infoExcluded) info \(infoExcluded == 1 ? "finding is" : "findings are") not annotated (--annotate-info shows \(infoExcluded == 1 ? "it" : "them"))"
            )
        }
        guard !parts.isEmpty else { return nil }
        let message = parts.joined(separator: "; ") + "; the text, markdown or SARIF report lists every finding"
        return "::notice title=eventlint::" + Self.escapeData(message)
    }

    public func render(_ document: ReportDocument) -> String {
        var lines: [String] = []
        var (shown, omitted, infoExcluded) = select(document.findings)
        // Findings the run counted but did not keep are left out of the annotations too.
        omitted.errors += document.unlisted.errors
        omitted.warnings += document.unlisted.warnings
        omitted.infos += document.unlisted.infos
        for finding in shown {
            lines.append(Self.command(for: finding))
        }
        if let notice = omissionNotice(omitted, infoExcluded: infoExcluded) { lines.append(notice) }
        if let summary = document.summary {
            lines += SummaryTextLayout(escape: TextReporter.visible).lines(summary).map(Self.plain)
        }
        lines.append(document.counts.tally)
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many annotations one report may write. The default stays within what GitHub shows
    /// for one step: 10 of each level (error, warning, notice), the closing notice included.
    public struct AnnotationLimits: Sendable, Equatable {
        /// At most this many annotations of each level; `nil`: no cap per level.
        public var perLevel: Int?
        /// At most this many annotations in all, the closing notice included; `nil`: no total.
        public var total: Int?
        /// Whether info findings become notices (`budget` leaves its archive candidates out
        /// unless asked).
        public var includeInfo: Bool

        public init(perLevel: Int? = 10, total: Int? = nil, includeInfo: Bool = true) {
            self.perLevel = perLevel
            self.total = total
            self.includeInfo = includeInfo
        }
    }

    static func command(for finding: Finding) -> String {
        let location = finding.location
        var properties = ["file=" + escapeProperty(shown(SystemPath.display(location.file)))]
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

    /// Escapes what `text` escapes (`EscapedScalars`), keeping LF and CR for `escapeData` to
    /// encode.
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n", scalar != "\r", TextReporter.mustEscape(scalar) {
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
            // `visible` escaped every character of `EscapedScalars` but tab, which the
            // runner's comparison does not skip.
            let escape =
                (scalar == ":" && previous == ":")
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
}
