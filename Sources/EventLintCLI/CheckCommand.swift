import EventLintKit
/// `eventlint check [--schema DIR] [--format text|json|github|sarif|junit|markdown] [--fail-on SEV]
/// [--base REF|DIR]`: lints the plan itself, and with `--base` classifies its changes.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandReport {
        let failOn = try EventLintCLI.failOn(parsed)
        let schema = parsed.value("--schema") ?? "schema"
        // --base: classify every difference from the plan at a git ref or in a directory.
        let base = parsed.value("--base")
        let session = try PlanSession.open(schema: schema, base: base)
        var findings = session.findings
        var verdict: DiffVerdict?
        if let base {
            // Breaking changes first; the additive ones are one line each after them.
            findings = findings.enumerated().sorted { a, b in
                a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
            }.map(\.element)
            verdict = DiffVerdict(base: base, diff: session.diffFindings)
        }
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .check, findings: findings,
            rules: ReportDocument.rulesReferenced(by: findings),
            summary: CheckSummary(plan: session.plan, verdict: verdict), headline: verdict?.sentence)
        let lines = SourceLines(session.allSources)
        return CommandReport(document: document, status: exitStatus(for: findings, failOn: failOn),
                             sourceLine: { file, line in lines.line(line, of: file) }, compactInfo: base != nil)
    }
}

/// What `check --base` found, in one line: breaking changes (errors and warnings of the diff)
/// and additive ones.
struct DiffVerdict {
    let base: String
    let breaking: Int
    let additive: Int

    init(base: String, diff: [Finding]) {
        self.base = base
        breaking = diff.filter { $0.severity > .info }.count
        additive = diff.count - breaking
    }

    var sentence: String {
        if breaking == 0 && additive == 0 { return "against \(base): no changes" }
        let head = breaking == 0 ? "no breaking changes" : "\(breaking) breaking \(breaking == 1 ? "change" : "changes")"
        return "against \(base): \(head), \(additive) additive"
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
    let verdict: DiffVerdict?

    init(plan: Plan, verdict: DiffVerdict? = nil) {
        self.verdict = verdict
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
    var markdown: String { (verdict.map { "**" + MarkdownReporter.inline($0.sentence) + "**\n\n" } ?? "") + sentence + "\n" }
    var json: JSONOutput {
        .object(omittingNil: [
            ("files", .int(Int64(files))), ("events", .int(Int64(events))), ("params", .int(Int64(params))),
            ("userProperties", .int(Int64(userProperties))), ("pairs", .int(Int64(pairs))),
            ("rules", .int(Int64(rules))),
            ("breakingChanges", verdict.map { .int(Int64($0.breaking)) }),
            ("additiveChanges", verdict.map { .int(Int64($0.additive)) }),
        ])
    }
}
