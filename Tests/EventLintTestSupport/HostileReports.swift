import EventLintKit

/// Reports holding hostile strings where data goes (event names, param and outcome values, pair
/// and rule names, registered dimension names, file names, notes, summary cells and titles),
/// and a benign document of the same shape: what every format must escape.
public enum HostileReports {
    public static let hostile: [String] = [
        "::error file=src/Pay.swift,line=42::forged",
        "  \t::warning title=x::leading whitespace",
        "x\n::error::after a newline",
        "x\r::error::after a CR",
        "x\r\n::notice::after CRLF",
        "x\u{2028}::error::after U+2028",
        "x\u{85}::error::after NEL",
        "##[error]old syntax",
        "text ##[add-mask]anywhere",
        "::stop-commands::token",
        "::add-mask::secret",
        ":\u{AD}:error::soft hyphen between",
        "\u{FEFF}::error::after a BOM",
        "\u{200B}::error::after a zero width space",
        "#\u{200D}#[error]joined",
        ":::::",
        "\u{1B}[31mred\u{1B}]0;title\u{07}\u{1B}[0m",
        "\u{9B}31mCSI \u{90}DCS",
        "\u{202E}reversed\u{202C} \u{2066}isolate\u{2069} \u{200F}rlm",
        "para\u{2029}graph",
        "| a | b |\n|---|---|\n| c | d |",
        "# heading",
        "\n## heading after a newline",
        "[link](https://evil.example/x)",
        "![image](https://evil.example/x.png)",
        "<img src=x onerror=alert(1)>",
        "</td></tr><script>x</script>",
        "https://evil.example www.evil.example WWW.EVIL.EXAMPLE mail@evil.example",
        "$x^2$ and $$y$$ and $`z`$",
        "`code` *em* _em_ **b** ~~s~~ \\ back\\slash",
        "- list\n1. item\n> quote\n===\n---",
        "&lt; entity &amp; &#60;",
        "nul\u{0} soh\u{1} bs\u{8} vt\u{B} ff\u{C} us\u{1F} del\u{7F} \u{FFFE}\u{FFFF}",
        "]]> <![CDATA[ x ]]>",
        "\"quote\" 'apos' \\\" \\u0000",
        "%0A%0D%25%3A%2C already encoded",
        "a,b:c=d;e",
        "été 🎉 日本 👨‍👩‍👧",
    ]

    // MARK: - Documents holding the strings

    /// A finding per hostile string, with it in the message, file, event, param and a note, and
    /// a summary with it in every kind of slot.
    public static let syntheticDocument: ReportDocument = document(hostile)

    /// The same document shape with every string replaced by `x`: it has the structure the
    /// hostile one must keep.
    public static let benignDocument: ReportDocument = document(hostile.map { _ in "x" })

    public static func document(_ strings: [String]) -> ReportDocument {
        let findings = strings.enumerated().map { index, text in
            Finding(
                rule: ReportFixture.enumValue, message: "param \"screen\" has value \"\(text)\"",
                at: SourceLocation(
                    file: "exports/\(text).ndjson", line: index + 1, column: 1, byteOffset: Int64(index)),
                event: text, param: text,
                notes: [
                    FindingNote("note \(text)", at: SourceLocation(file: text, line: 2, column: 3)), FindingNote(text),
                ])
        }
        var sentence: SummaryText = "value: "
        sentence.add(.text(strings.joined(separator: " ")), key: "value")
        var title: SummaryText = "title "
        title.add(.text(strings[0]), key: "base")
        let tally = strings.enumerated().map { SummaryTally($0.element, $0.offset) }
        let summary = ReportSummary([
            SummarySection([.sentence(sentence)]),
            SummarySection(
                key: "change", title: title,
                [
                    .table(
                        SummaryTable(
                            key: "pairs",
                            columns: [
                                SummaryColumn("pair", key: "name", role: .label),
                                SummaryColumn("opened", key: "opened"),
                                SummaryColumn("outcomes", key: "outcomes", role: .aside),
                                SummaryColumn("names", key: "names"),
                            ],
                            rows: strings.map { [.text($0), .integer(1), .tally(tally), .names(strings)] },
                            layout: .lines)),
                    .table(
                        SummaryTable(
                            key: "scopes",
                            columns: [
                                SummaryColumn("name", key: "name"), SummaryColumn("share", key: "share"),
                                SummaryColumn("at", key: "location"),
                            ],
                            rows: strings.map {
                                [.text($0), .shares(tally), .location(SourceLocation(file: $0, line: 1))]
                            })),
                    .list(
                        SummaryList(
                            key: "items",
                            strings.map { text in
                                var item: SummaryText = "item "
                                item.add(.text(text), key: "text")
                                return item
                            })),
                ]),
        ])
        return ReportDocument(
            tool: ReportFixture.tool, command: .lint, findings: findings.sortedForReport(),
            rules: [ReportFixture.enumValue],
            summary: summary)
    }

    /// A small plan whose pair and rule names are hostile, and an export whose event names,
    /// param values and outcome values are, linted for real.
    public static func lintedDocument() throws -> ReportDocument {
        let pairName = JSONOutput.escaped("pair\n::error file=a.swift::x ##[error]")
        let ruleName = JSONOutput.escaped("rule | # [l](https://e.example) $x$ \u{1B}[2J")
        let planText = """
            {
              params: {
                screen: { type: 'string', values: ['home', 'paywall'] },
                outcome: { type: 'string' },
              },
              events: {
                shown: { params: { screen: 'required' } },
                closed: { params: { outcome: 'required' } },
              },
              pairs: {
                "\(pairName)": { open: 'shown', close: { events: ['closed'] }, outcome: 'outcome' },
              },
              rules: {
                "\(ruleName)": { on: 'closed', require: { outcome: 'never' } },
              },
            }
            """
        let loaded = try PlanText.check(planText, path: "plan.json5")
        var lines: [String] = []
        for (index, text) in hostile.enumerated() {
            let user = "user\(index)"
            lines.append(
                Export.flat(
                    "shown", at: Double(index * 10), user: user, params: [("screen", .string(text))], userProperties: []
                ))
            lines.append(
                Export.flat(
                    "closed", at: Double(index * 10 + 1), user: user, params: [("outcome", .string(text))],
                    userProperties: []))
            lines.append(Export.flat(text, at: Double(index * 10 + 2), user: user, userProperties: []))
        }
        // Invalid UTF-8 and a raw ESC inside an event name and a param value.
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        bytes +=
            Array("{\"name\":\"bad".utf8) + [0xFF, 0xC3, 0x28, 0x1B] + Array("\",\"params\":{\"screen\":\"".utf8)
            + [0xED, 0xA0, 0x80] + Array("\"},\"timestamp_micros\":1741950000000000,\"user_pseudo_id\":\"u\"}\n".utf8)
        let directory = TemporaryDirectory()
        let request = LintRequest(inputs: [directory.write("export.ndjson", bytes)])
        let result = LintRunner.run(plan: CompiledPlan(loaded.plan), request: request)
        try expect(result.findings.contains { $0.ruleID == "stream/unknown-event" }, "no stream/unknown-event")
        try expect(result.findings.contains { $0.ruleID == "json/invalid-utf8" }, "no json/invalid-utf8")
        try expect(
            result.pairs.first?.closedByOutcome.keys.contains(hostile[0]) == true, "the pair's outcome is not hostile")
        return ReportDocument(
            tool: ReportFixture.tool, command: .lint, findings: result.findings,
            rules: ReportDocument.rulesReferenced(by: result.findings), summary: LintSummary.summary(of: result))
    }

    /// Registered dimensions with hostile names: archive candidates in the budget summary.
    public static func budgetDocument() throws -> ReportDocument {
        let plan = try PlanText.check(
            "{ params: { screen: { type: 'string', values: ['a'], register: 'event' } }, events: { e: { params: { screen: 'required' } } } }"
        ).plan
        let items = hostile.map { "{\"parameterName\": \(Export.quoted($0)), \"scope\": \"EVENT\"}" }
        let registered = try RegisteredDefinitionsReader.read(
            path: "registered \u{1B}[31m.json",
            bytes: Array("{\"customDimensions\": [\(items.joined(separator: ","))]}".utf8))
        let report = BudgetCounter.count(plan: plan, registered: registered, quotas: BudgetQuotas(tier: .standard))
        try expect(report.archiveCandidates.count == hostile.count, "not every dimension is an archive candidate")
        return ReportDocument(
            tool: ReportFixture.tool, command: .budget, findings: report.findings,
            rules: ReportDocument.rulesReferenced(by: report.findings), summary: BudgetSummary.summary(of: report))
    }

    public static func documents() throws -> [(String, ReportDocument)] {
        [("synthetic", syntheticDocument), ("lint", try lintedDocument()), ("budget", try budgetDocument())]
    }

    public static func render(_ document: ReportDocument, _ format: ReportFormat) -> String {
        var options = ReportOptions(format: format, sourceLine: { _, line in hostile[(line - 1) % hostile.count] })
        // Every finding annotated, so each hostile value reaches a command.
        options.annotationLimits = GitHubReporter.AnnotationLimits(perLevel: nil)
        return document.rendered(options)
    }

    /// A document that does not hold what it was built to hold.
    public struct Unexpected: Error, CustomStringConvertible {
        public var description: String
    }

    static func expect(_ condition: Bool, _ description: String) throws {
        if !condition { throw Unexpected(description: description) }
    }
}
