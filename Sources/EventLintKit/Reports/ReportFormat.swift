/// The output formats eventlint can write, chosen by a stable name on the command line
/// (`--format sarif`). The raw values are that name and never change.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// rustc-style diagnostics for people at a terminal (the default).
    case text
    /// One pretty-printed JSON document for scripts.
    case json
    /// GitHub Actions workflow commands, which become annotations on the pull request.
    case github
    /// SARIF 2.1.0, for code scanning uploads.
    case sarif
    /// JUnit XML, which most CI systems show as a test report.
    case junit
    /// Markdown for `$GITHUB_STEP_SUMMARY`.
    case markdown
    /// One self-contained HTML page (inline CSS, SVG and script; no network) for a CI artifact.
    case html
    /// `path:line:column: error: message [rule]`, one line per finding: what Xcode's issue
    /// navigator, gcc and most editors read.
    case xcode

    /// Whether a report in this format builds and writes its findings in one slice per job
    /// (`ReportOptions.jobs`): the JSON formats.
    public var rendersInSlices: Bool { self == .json || self == .sarif }

    /// Parses a `--format` value. Unknown names are a usage error the caller reports; they never
    /// trap, because a flag value is user input.
    public init(parsing name: String) throws(ReportFormatError) {
        let normalized = String(name.filter { !$0.isWhitespace }).lowercased()
        guard let format = ReportFormat(rawValue: normalized) else {
            throw ReportFormatError(name: name)
        }
        self = format
    }
}

/// An unknown `--format` name. The message lists the valid names so the user can fix the flag.
public struct ReportFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name as the user wrote it.
    public let name: String

    public init(name: String) { self.name = name }

    public var description: String {
        let known = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        return "unknown format \"\(name)\"; expected one of: \(known)"
    }
}
