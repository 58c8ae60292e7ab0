import EventLintKit
/// `eventlint check [--schema DIR] [--format text|json|github|sarif|junit|markdown] [--fail-on SEV]
/// [--base REF|DIR]`: lints the plan itself, and with `--base` classifies its changes.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments, environment: CommandEnvironment) throws(CommandError) -> CommandResult {
        let format = try EventLintCLI.format(parsed)
        let failOn = try EventLintCLI.failOn(parsed)
        let schema = parsed.value("--schema") ?? "schema"
        // --base: classify every difference from the plan at a git ref or in a directory.
        let session = try PlanSession.open(schema: schema, base: parsed.value("--base"))
        let findings = session.findings
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .check, findings: findings,
            rules: ReportDocument.rulesReferenced(by: findings),
            summary: CheckSummary.summary(of: session.plan))
        let lines = SourceLines(session.allSources)
        let options = ReportOptions(format: format, color: EventLintCLI.useColor(environment, format: format),
                                    sourceLine: { file, line in lines.line(line, of: file) })
        return CommandResult(stdout: document.rendered(options), status: exitStatus(for: findings, failOn: failOn))
    }
}
