/// The program that wrote a report; SARIF and JSON name it so a consumer knows what produced the
/// findings and which version's rule set applies.
public struct ReportTool: Sendable, Hashable {
    public var name: String
    public var version: String
    /// Where the tool's documentation lives; SARIF shows it as `informationUri` when set.
    public var informationURI: String?

    public init(name: String = "eventlint", version: String, informationURI: String? = nil) {
        self.name = name
        self.version = version
        self.informationURI = informationURI
    }
}

/// The command whose findings a report holds; reports name it so `check` and `lint` results
/// uploaded from the same job stay apart.
public enum ReportCommand: String, Sendable, CaseIterable {
    case check
    case lint
    case budget
}

/// Everything a reporter formats: the stage boundary between running checks and printing.
/// Findings arrive already sorted (`sortedForReport()`); reporters only format and never decide
/// severities or order.
public struct ReportDocument: Sendable {
    public var tool: ReportTool
    public var command: ReportCommand
    public var findings: [Finding]
    /// Metadata of the rules the findings reference, for SARIF's rule list and the docs links.
    public var rules: [Rule]
    /// What the command adds after its findings, as data every reporter lays out itself.
    public var summary: ReportSummary?
    /// Findings the run counted but did not keep (over `--max-findings`): part of every tally.
    public var unlisted: FindingCounts
    /// One line `text` prints before the findings: the verdict of `check --base`
    /// ("2 breaking changes, 49 additive").
    public var headline: String?
    /// Every finding grouped by rule, event and param with exact counts, as the run built them
    /// (`lint`, where findings past `--max-findings` are only counted); `nil` groups `findings`.
    public var groups: [FindingGroup]?

    public init(
        tool: ReportTool, command: ReportCommand, findings: [Finding], rules: [Rule],
        summary: ReportSummary? = nil, unlisted: FindingCounts = FindingCounts(), headline: String? = nil,
        groups: [FindingGroup]? = nil
    ) {
        self.groups = groups
        self.tool = tool
        self.command = command
        self.findings = findings
        self.rules = rules
        self.summary = summary
        self.unlisted = unlisted
        self.headline = headline
    }

    /// The rules from `catalog` that `findings` reference, in id order; what a command passes as
    /// `rules` when it has no narrower list.
    public static func rulesReferenced(by findings: [Finding], in catalog: [Rule] = RuleCatalog.all) -> [Rule] {
        let ids = Set(findings.map(\.ruleID))
        return catalog.filter { ids.contains($0.id) }.sorted { $0.id < $1.id }
    }

    /// The groups of every finding: the run's, or those of the listed findings.
    public var findingGroups: [FindingGroup] { groups ?? FindingGroups(findings).sorted }

    /// Every finding at each severity, listed or not.
    public var counts: SeverityCounts {
        var counts = SeverityCounts(findings)
        counts.errors += unlisted.errors
        counts.warnings += unlisted.warnings
        counts.infos += unlisted.infos
        return counts
    }

    /// Renders the document in the chosen format. The result ends with a newline; the caller
    /// writes it wherever it belongs (stdout, a file, `$GITHUB_STEP_SUMMARY`).
    public func rendered(_ options: ReportOptions) -> String {
        switch options.format {
        case .text:
            {
                var reporter = TextReporter(
                    color: options.color, maxExamples: options.maxExamples, sourceLine: options.sourceLine)
                reporter.compactInfo = options.compactInfo
                return reporter.render(self)
            }()
        case .json: JSONReporter(jobs: options.jobs).render(self)
        case .github: GitHubReporter(limits: options.annotationLimits).render(self)
        case .sarif: SARIFReporter(jobs: options.jobs).render(self)
        case .junit: JUnitReporter().render(self)
        case .markdown: MarkdownReporter().render(self)
        case .html: HTMLReporter().render(self)
        case .xcode: XcodeReporter(workingDirectory: options.workingDirectory).render(self)
        }
    }
}

/// How to render a report. Not `Sendable`: `sourceLine` is usually a closure over a cache of the
/// files already read, and rendering happens once, on the caller's thread.
public struct ReportOptions {
    public var format: ReportFormat
    /// ANSI colours; used by `text` only, and only when the caller knows stdout is a terminal.
    public var color: Bool
    /// `text` only: at most this many findings in full per rule id, then one `... and K more`
    /// line, so one noisy rule does not bury the rest. `nil` shows everything; JSON-shaped
    /// formats always keep every finding.
    public var maxExamples: Int?
    /// The text of a source line (1-based, without its line break) for the `text` excerpt, or
    /// `nil` when it is not available, in which case only the location is printed.
    public var sourceLine: (_ file: String, _ line: Int) -> String?
    /// `text` only: info findings as one line each.
    public var compactInfo = false
    /// `github` only: how many findings become annotations.
    public var annotationLimits = GitHubReporter.AnnotationLimits()
    /// `xcode` only: the absolute directory relative paths are joined to.
    public var workingDirectory: String?
    /// `json` and `sarif` only (`ReportFormat.rendersInSlices`): the threads the findings are
    /// built and written on, one slice of them each (`lint --jobs`). The bytes do not depend on it.
    public var jobs = 1

    public init(
        format: ReportFormat, color: Bool = false, maxExamples: Int? = nil,
        sourceLine: @escaping (_ file: String, _ line: Int) -> String? = { _, _ in nil }
    ) {
        self.format = format
        self.color = color
        self.maxExamples = maxExamples
        self.sourceLine = sourceLine
    }
}
