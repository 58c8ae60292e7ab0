import EventLintKit

/// The fixed findings every golden report is rendered from. They cover what reporters must
/// escape or lay out: notes with and without a location, non-ASCII text, `%`, `:`, `,`, a
/// newline, `<&>`, a space and non-ASCII in a file name, several files and all severities.
public enum ReportFixture {
    public static let tool = ReportTool(version: "0.1.0-test", informationURI: "https://example.com/eventlint")

    public static let nameTooLong = Rule(
        id: "ga4/event-name-too-long", stage: .plan, severity: .error,
        summary: "event names must be at most 40 characters",
        documentation: "GA4 drops events whose name is longer than **40** characters.\n\nShorten the name.",
        ga4ValidationCode: "NAME_INVALID")
    public static let unknownParam = Rule(
        id: "plan/unknown-param-ref", stage: .plan, severity: .warning,
        summary: "an event refers to a param that is not declared",
        documentation: "Every param an event lists must be declared under `params`.")
    public static let enumValue = Rule(
        id: "stream/enum-value", stage: .stream, severity: .error,
        summary: "a param value is not one of the allowed values",
        documentation: "The plan lists the allowed values; anything else breaks reports that group by the param.")
    public static let unclosed = Rule(
        id: "pair/unclosed", stage: .pair, severity: .warning,
        summary: "a pair was opened and never closed",
        documentation: "An opening event needs a closing event within the pair's window.")
    /// Referenced by a finding but left out of `rules`, so SARIF must describe it by id alone.
    public static let accents = Rule(
        id: "plan/non-ascii-name", stage: .plan, severity: .info,
        summary: "a name holds non-ASCII letters", documentation: "Some tools mangle them.")

    public static let findings: [Finding] = [
        Finding(
            rule: nameTooLong,
            message:
                "event name \"very_long_event_name_that_is_way_too_long_for_ga4\" is 49 characters, over GA4's limit of 40",
            at: SourceLocation(file: "schema/events.json5", line: 12, column: 5),
            event: "very_long_event_name_that_is_way_too_long_for_ga4",
            notes: [
                FindingNote("first declared here", at: SourceLocation(file: "schema/other.json5", line: 3, column: 1))
            ]),
        Finding(
            rule: unknownParam,
            message: "event \"purchase\" lists param \"discount_%\", which is not declared: see params, e.g. \"value\"",
            at: SourceLocation(file: "schema/events.json5", line: 40, column: 23),
            event: "purchase", param: "discount_%"),
        Finding(
            rule: accents, message: "event name \"achat_été_🎉\" holds non-ASCII letters",
            at: SourceLocation(file: "schema/events.json5", line: 7, column: 24), event: "achat_été_🎉"),
        Finding(
            rule: enumValue,
            message:
                "param \"screen\" of event \"screen_view\" has value \"a<b & c>d\", not one of \"home\", \"paywall\"",
            at: SourceLocation(file: "exports/día 1.ndjson", line: 1204, column: 1, byteOffset: 98_765),
            event: "screen_view", param: "screen"),
        Finding(
            rule: enumValue,
            message:
                "param \"screen\" of event \"screen_view\" has value \"line one\nline two\", not one of \"home\", \"paywall\"",
            at: SourceLocation(file: "exports/día 1.ndjson", line: 1310, column: 1, byteOffset: 120_001),
            event: "screen_view", param: "screen",
            notes: [FindingNote("allowed values come from schema/params.json5")]),
        Finding(
            rule: unclosed,
            message: "pair \"checkout\" opened by \"begin_checkout\" was never closed: 100% of the window passed",
            at: SourceLocation(file: "exports/a,b:c.ndjson", line: 9, column: 1, byteOffset: 2_048),
            event: "begin_checkout",
            notes: [
                FindingNote(
                    "the user's next event, \"app_remove\", came 3 days later",
                    at: SourceLocation(file: "exports/a,b:c.ndjson", line: 14, column: 1))
            ]),
    ].sortedForReport()

    /// The rules a command would pass: all but `accents`.
    public static let rules = [nameTooLong, unknownParam, enumValue, unclosed]

    public static let sourceLines: [String: [Int: String]] = [
        "schema/events.json5": [
            7: "  \"achat_été_🎉\": { params: [\"prix\"] },",
            12: "    very_long_event_name_that_is_way_too_long_for_ga4: {",
            40: "\tpurchase: { params: [\"discount_%\", \"value\"] },",
        ],
        "exports/día 1.ndjson": [
            1204: "{\"event_name\":\"screen_view\",\"screen\":\"a<b & c>d\"}"
        ],
    ]

    public static func sourceLine(file: String, line: Int) -> String? { sourceLines[file]?[line] }

    public static func document(
        findings: [Finding] = findings, command: ReportCommand = .lint, summary: ReportSummary? = fixtureSummary
    ) -> ReportDocument {
        ReportDocument(tool: tool, command: command, findings: findings, rules: rules, summary: summary)
    }

    public static func rendered(_ format: ReportFormat, document: ReportDocument = document()) -> String {
        document.rendered(ReportOptions(format: format, sourceLine: sourceLine))
    }
}

/// A summary that uses every kind of block and value, with data that needs escaping
/// (`<&>`, `|`, a newline, `%`, non-ASCII), as a command's summary would.
public let fixtureSummary = ReportSummary([
    SummarySection([
        .sentence(
            SummaryText([
                .words("lines read: "), .value(.integer(2000), key: "linesRead"), .words(" = events checked: "),
                .value(.integer(1990), key: "eventsChecked"), .words(" + not JSON: "),
                .value(.integer(4), key: "notJSON"),
                .words(" + blank: "), .value(.integer(6), key: "blank"), .data(.integer(1_048_576), key: "bytes"),
            ]))
    ]),
    SummarySection(
        title: "pairs",
        [
            .table(
                SummaryTable(
                    key: "pairs",
                    columns: [
                        SummaryColumn("pair", key: "name", role: .label), SummaryColumn("opened", key: "opened"),
                        SummaryColumn("closed", key: "closed"),
                        SummaryColumn("outcomes", key: "closedByOutcome", role: .aside),
                        SummaryColumn("median", key: "durationMedianMs"),
                    ],
                    rows: [
                        [
                            .text("checkout"), .integer(12), .integer(11),
                            .tally([SummaryTally("purchase", 9), SummaryTally("a<b & c>d", 2)]),
                            .milliseconds(42_000),
                        ],
                        [.text("été|1"), .integer(0), .integer(0), .tally([]), .milliseconds(nil)],
                    ],
                    layout: .lines))
        ]),
    SummarySection(
        title: "quotas",
        [
            .table(
                SummaryTable(
                    key: "scopes",
                    columns: [
                        SummaryColumn("scope", key: "scope"), SummaryColumn("used", key: "used"),
                        SummaryColumn("share", key: "share"), SummaryColumn("", audience: .people),
                        SummaryColumn("declared at", key: "location"),
                        SummaryColumn("names", key: "names", audience: .machines),
                    ],
                    rows: [
                        [
                            .text("event"), .integer(49), .percent(part: 49, total: 50), .bar(used: 49, capacity: 50),
                            .location(SourceLocation(file: "schema/params.json5", line: 3, column: 5)),
                            .names(["a", "b"]),
                        ],
                        [
                            .text("line one\nline two"), .integer(3), .percent(part: 3, total: 2),
                            .bar(used: 3, capacity: 2),
                            .none, .names([]),
                        ],
                    ])),
            .list(
                SummaryList(
                    key: "notes",
                    [
                        SummaryText([
                            .words("missing in "), .value(.percent(part: 1, total: 29), key: "rate"), .words(" of 29"),
                        ])
                    ])),
        ]),
])
