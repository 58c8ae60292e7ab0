import EventLintKit

/// What a report command (`check`, `lint`, `budget`) hands back before anything is rendered:
/// the document and its exit status, and what the renderers need. `ReportOutputs` renders it
/// once per output the user asked for, so one run can write the annotations, a SARIF file and
/// the step summary.
struct CommandReport {
    var document: ReportDocument
    var status: Int32
    /// `text` only: findings shown in full per rule.
    var maxExamples: Int?
    /// Source lines for the `text` excerpts.
    var sourceLine: (_ file: String, _ line: Int) -> String? = { _, _ in nil }
    /// `text`: info findings as one line each.
    var compactInfo = false
    /// Files besides the reports.
    var files: [OutputFile] = []
    /// Said on standard error besides the report (inputs that could not be read).
    var stderr = ""
    /// `lint --timings`: the stopwatch so far, lapped again once the reports are rendered.
    var timings: TimingsFile?
    /// `lint --jobs`: the threads the findings of a `json` or `sarif` report are rendered on.
    var jobs = 1
}

/// Where a report command's report goes: standard output in one format (`--format`, or an
/// `--output FORMAT=-`), and any number of files (`--output FORMAT=PATH`, repeatable).
struct ReportOutputs {
    var stdoutFormat: ReportFormat
    var files: [(format: ReportFormat, path: String)]
    var annotationLimits: GitHubReporter.AnnotationLimits

    /// The options every report command shares, for the option tables.
    static let outputOption = OptionDefinition.valued(
        "--output", "FORMAT=PATH",
        "also write the report in FORMAT to PATH (repeatable; PATH - is standard\noutput, which then takes that format instead of --format's)",
        repeatable: true, inSynopsis: false)
    static let maxAnnotationsOption = OptionDefinition.valued(
        "--max-annotations", "N",
        "github: at most N annotations, the closing notice included (default: 10\nof each kind, what GitHub shows for a step; errors first)",
        inSynopsis: false)
    static let annotateInfoOption = OptionDefinition.flag(
        "--annotate-info", "github: annotate info findings too (archive candidates and the like)")

    /// `--format`, `--output` and `--max-annotations`, checked. `annotateInfo` is whether info
    /// findings become notices without `--annotate-info` (not for `budget`).
    static func parse(_ parsed: ParsedArguments, annotateInfo: Bool = true) throws(CommandError) -> ReportOutputs {
        let format = try EventLintCLI.format(parsed)
        var stdoutFormat = format
        var files: [(format: ReportFormat, path: String)] = []
        var stdoutTaken = false
        do throws(UsageError) {
            for value in parsed.all("--output") {
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
                    value.index(after: equals) != value.endIndex
                else {
                    throw UsageError(
                        "--output takes FORMAT=PATH (sarif=eventlint.sarif, github=-), not \"\(value)\"",
                        command: parsed.command)
                }
                let name = String(value[..<equals])
                let path = String(value[value.index(after: equals)...])
                let outputFormat: ReportFormat
                do throws(ReportFormatError) {
                    outputFormat = try ReportFormat(parsing: name)
                } catch {
                    throw UsageError("--output \(value): \(error.description)", command: parsed.command)
                }
                if path == "-" {
                    if stdoutTaken {
                        throw UsageError("--output gives standard output (-) twice", command: parsed.command)
                    }
                    if parsed.value("--format") != nil && outputFormat != format {
                        throw UsageError(
                            "--format \(format.rawValue) and --output \(value) both write standard output",
                            command: parsed.command)
                    }
                    stdoutTaken = true
                    stdoutFormat = outputFormat
                    continue
                }
                if files.contains(where: { $0.path == path }) {
                    throw UsageError("--output writes \(path) twice", command: parsed.command)
                }
                files.append((outputFormat, path))
            }
            var limits = GitHubReporter.AnnotationLimits(includeInfo: annotateInfo || parsed.has("--annotate-info"))
            if let total = try parsed.integer("--max-annotations", range: 1...100_000) {
                limits.total = total
                limits.perLevel = nil
            }
            return ReportOutputs(stdoutFormat: stdoutFormat, files: files, annotationLimits: limits)
        } catch {
            throw .usage(error)
        }
    }

    /// Renders the report for standard output and for every file. With `failed`, the report
    /// stands for a failure whose text already goes to standard error, so a `text` report is
    /// not repeated on standard output.
    func deliver(
        _ report: CommandReport, environment: CommandEnvironment, stderr: String = "",
        failed: Bool = false
    ) -> CommandResult {
        func render(_ format: ReportFormat, color: Bool) -> String {
            var options = ReportOptions(
                format: format, color: color, maxExamples: report.maxExamples,
                sourceLine: report.sourceLine)
            options.annotationLimits = annotationLimits
            options.compactInfo = report.compactInfo
            options.jobs = report.jobs
            if format == .xcode { options.workingDirectory = SystemFiles.realPath(".") }
            return report.document.rendered(options)
        }
        let stdoutRendered = !(failed && stdoutFormat == .text)
        let stdout =
            stdoutRendered ? render(stdoutFormat, color: EventLintCLI.useColor(environment, format: stdoutFormat)) : ""
        let reports = files.map { OutputFile(path: $0.path, contents: render($0.format, color: false)) }
        var result = CommandResult(
            stdout: stdout, stderr: report.stderr + stderr, status: report.status,
            files: report.files + reports)
        result.timings = report.timings
        // Rendering ran on every job when each report rendered was cut into one slice of
        // findings per job.
        let formats = (stdoutRendered ? [stdoutFormat] : []) + files.map(\.format)
        let sliced =
            formats.allSatisfy(\.rendersInSlices)
            && report.document.findings.count >= Slices.minimumPerJob * max(report.jobs, 1)
        result.timings?.timings.lap(.rendering, parallel: sliced)
        return result
    }
}
