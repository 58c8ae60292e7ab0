import EventLintKit
/// `eventlint check [--schema DIR] [--format text|json|github|sarif|junit|markdown] [--fail-on SEV]
/// [--base REF|DIR]`: lints the plan itself, and with `--base` classifies its changes.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandReport {
        let failOn = try EventLintCLI.failOn(parsed)
        let schema = parsed.value("--schema") ?? "schema"
        // --base: classify every difference from the plan at a git ref or in a directory.
        let session = try PlanSession.open(schema: schema, base: parsed.value("--base"))
        let findings = session.findings
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .check, findings: findings,
            rules: ReportDocument.rulesReferenced(by: findings),
            summary: CheckSummary(plan: session.plan))
        let lines = SourceLines(session.allSources)
        return CommandReport(document: document, status: exitStatus(for: findings, failOn: failOn),
                             sourceLine: { file, line in lines.line(line, of: file) })
    }
}

/// What the plan holds, printed after `check`'s findings.
struct CheckSummary: ReportSummary {
    let files: Int
    let events: Int
    let params: Int
    let userProperties: Int
    let pairs: Int
    let rules: Int

    init(plan: Plan) {
        files = plan.files.count
        events = plan.events.count
        params = plan.params.count
        userProperties = plan.userProperties.count
        pairs = plan.pairs.count
        rules = plan.rules.count
    }

    var sentence: String {
        "plan: \(files) \(files == 1 ? "file" : "files"), \(events) events, \(params) params, \(userProperties) user properties, \(pairs) pairs, \(rules) rules"
    }

    var textLines: [String] { [sentence] }
    var markdown: String { sentence + "\n" }
    var json: JSONOutput {
        .object([
            ("files", .int(Int64(files))), ("events", .int(Int64(events))), ("params", .int(Int64(params))),
            ("userProperties", .int(Int64(userProperties))), ("pairs", .int(Int64(pairs))),
            ("rules", .int(Int64(rules))),
        ])
    }
}
