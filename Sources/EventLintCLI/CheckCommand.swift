import EventLintKit

/// `eventlint check [--schema DIR] [--format text|json|github|sarif|junit|markdown] [--fail-on SEV]
/// [--base REF|DIR]`: lints the plan itself, and with `--base` classifies its changes.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandReport {
        let failOn = try EventLintCLI.failOn(parsed)
        let location = try PlanLocator.locate(parsed)
        // --base: classify every difference from the plan at a git ref or in a directory.
        let base = parsed.value("--base")
        let session = try PlanSession.open(location, base: base)
        var findings = session.findings
        var verdict: DiffVerdict?
        if let base {
            // Breaking changes first; the additive ones are one line each after them.
            findings = findings.enumerated().sorted { a, b in
                a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
            }.map(\.element)
            verdict = DiffVerdict(base: base, diff: session.diffFindings, suppressed: session.suppressedBreaking)
        }
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .check, findings: findings,
            rules: ReportDocument.rulesReferenced(by: findings),
            summary: CheckSummary.summary(of: session.plan, verdict: verdict.map { ($0.breaking, $0.additive) }),
            headline: verdict?.sentence)
        let lines = SourceLines(session.allSources)
        return CommandReport(
            document: document, status: exitStatus(for: findings, failOn: failOn),
            sourceLine: { file, line in lines.line(line, of: file) }, compactInfo: base != nil)
    }
}

/// What `check --base` found, in one line: breaking changes (errors and warnings of the diff)
/// and additive ones.
struct DiffVerdict {
    let base: String
    let breaking: Int
    let additive: Int

    /// Breaking changes a reviewed suppression let through.
    let suppressed: Int

    init(base: String, diff: [Finding], suppressed: Int = 0) {
        self.base = base
        // A suppression left after its change landed is no change of the plan.
        let changes = diff.filter { $0.ruleID != DiffRules.suppressionLanded.id }
        breaking = changes.filter { $0.severity > .info }.count
        additive = changes.count - breaking
        self.suppressed = suppressed
    }

    var sentence: String {
        let through =
            suppressed == 0
            ? "" : " (\(suppressed) breaking \(suppressed == 1 ? "change" : "changes") let through by a suppression)"
        if breaking == 0 && additive == 0 && suppressed == 0 { return "against \(base): no changes" }
        let head =
            breaking == 0 ? "no breaking changes" : "\(breaking) breaking \(breaking == 1 ? "change" : "changes")"
        return "against \(base): \(head)\(through), \(additive) additive"
    }
}
