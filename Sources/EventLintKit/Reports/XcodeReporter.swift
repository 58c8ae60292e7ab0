/// The `xcode` format: one line per finding in the form Xcode's issue navigator, gcc, clang and
/// most editors read, and each note with a place of its own as a `note:` line after it:
///
/// ```
/// /path/to/schema/events.json5:12:5: error: event name "…" is 45 characters, over GA4's limit of 40 [ga4/event-name-too-long]
/// ```
///
/// Xcode places an issue only by an absolute path (a Run Script phase runs in a directory of
/// its choosing), so a relative path is joined to `workingDirectory` when one is given. A line
/// and column that are not known are written as 1, so every line keeps the shape a reader's
/// pattern expects. Messages are escaped as in `text` (a newline in an export value must not
/// start a line of its own); info findings are `note:` lines, the lowest level the pattern has.
/// Nothing else is written: the summary belongs to the other formats.
public struct XcodeReporter {
    /// The directory relative paths are joined to (absolute), or nil to keep them as they are.
    public var workingDirectory: String?

    public init(workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
    }

    public func render(_ document: ReportDocument) -> String {
        var output = ""
        for finding in document.findings {
            output += line(finding.location, level(finding.severity), finding.message + " [\(finding.ruleID)]")
            for note in finding.notes {
                guard let location = note.location else { continue }
                output += line(location, "note", note.message)
            }
        }
        return output
    }

    /// One diagnostic line.
    public func line(_ location: SourceLocation, _ level: String, _ message: String) -> String {
        let file = path(SystemPath.display(location.file))
        return
            "\(VisibleText.of(file)):\(max(location.line, 1)):\(max(location.column, 1)): \(level): \(VisibleText.of(message))\n"
    }

    func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// `file` made absolute against `workingDirectory`, its `.` and `..` steps taken (standard
    /// input, `-`, stays as it is).
    func path(_ file: String) -> String {
        guard let workingDirectory, !file.hasPrefix("/"), file != "-" else { return file }
        var parts = workingDirectory.split(separator: "/").map(String.init)
        for part in file.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
