/// `eventlint check [--schema DIR] [--format text|json|github|sarif|junit|markdown] [--fail-on SEV]
/// [--base REF|DIR]`: lints the plan itself, and with `--base` classifies its changes.
enum CheckCommand {
    static let spec = OptionSpec(valued: ["--schema", "--format", "--fail-on", "--base"], flags: [])
    static let formats: [ReportFormat] = ReportFormat.allCases

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(UsageError) -> CommandResult {
        if let help = EventLintCLI.helpRequested(arguments, command: "check") { return help }
        let parsed = try ArgumentParser.parse(arguments, spec: spec, command: "check")
        let format = try EventLintCLI.format(parsed.value("--format"), allowed: formats, command: "check")
        let failOn = try EventLintCLI.failOn(parsed.value("--fail-on"), command: "check")
        let directory = parsed.value("--schema") ?? "schema"

        let sources: [PlanSource]
        let loaded: LoadedPlan
        do {
            sources = try PlanLoader.readSources(directory: directory)
            loaded = try PlanLoader.load(sources: sources)
        } catch {
            return planFailure(error)
        }
        var findings = loaded.findings + PlanChecker.check(loaded.plan)
        // --base: classify every difference from the plan at a git ref or in a directory.
        var baseSources: [PlanSource] = []
        if let reference = parsed.value("--base") {
            do {
                baseSources = try BaseLoader.readSources(base: reference, schemaDirectory: directory)
                findings += PlanDiff.compare(base: try PlanLoader.load(sources: baseSources).plan, current: loaded.plan)
            } catch {
                return planFailure(error, what: "the base plan")
            }
        }
        findings = loaded.plan.adjust(findings).sortedForReport()
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .check, findings: findings,
            rules: ReportDocument.rulesReferenced(by: findings),
            summary: CheckSummary.summary(of: loaded.plan))
        let lines = SourceLines(sources + baseSources)
        let options = ReportOptions(format: format, color: EventLintCLI.useColor(environment, format: format),
                                    sourceLine: { file, line in lines.line(line, of: file) })
        return CommandResult(stdout: document.rendered(options), status: exitStatus(for: findings, failOn: failOn))
    }

    /// An unreadable or unparsable plan: `file:line:column: error[rule]: message`, exit 2.
    static func planFailure(_ error: PlanLoadError, what: String = "the plan") -> CommandResult {
        var text = "error"
        if let rule = error.ruleID { text += "[\(rule)]" }
        text += ": \(error.message)\n"
        if let location = error.location { text += "  --> \(location.file):\(location.line):\(location.column)\n" }
        return CommandResult(stderr: text + "\(what) cannot be loaded\n", status: 2)
    }
}

/// Source lines of plan files for the text report's excerpts.
struct SourceLines {
    let indexes: [String: ([UInt8], LineIndex)]

    init(_ sources: [PlanSource]) {
        var indexes: [String: ([UInt8], LineIndex)] = [:]
        for source in sources { indexes[source.path] = (source.bytes, LineIndex(source.bytes)) }
        self.indexes = indexes
    }

    func line(_ number: Int, of file: String) -> String? {
        guard let (bytes, index) = indexes[file] else { return nil }
        return bytes.withUnsafeBytes { index.lineText(number, in: $0) }
    }
}
