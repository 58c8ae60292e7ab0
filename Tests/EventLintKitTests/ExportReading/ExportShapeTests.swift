import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The shapes an export takes besides NDJSON (docs/input.md, "Multi-line JSON"): each is read
/// row by row, with findings at the rows' own lines, on standard input as from a file; rows of
/// other tables are recognised and reported once.
@Suite struct ExportShapeTests {
    /// Two rows of the engine plan: a clean one, and one missing its required `phase`.
    static var rows: [[String: Any]] {
        [
            [
                "event_name": "tour_step_complete", "user_pseudo_id": "p1", "event_timestamp": "1705312800123456",
                "event_params": [["key": "phase", "value": ["string_value": "intro"]]],
            ],
            [
                "event_name": "tour_step_complete", "user_pseudo_id": "p2", "event_timestamp": "1705312800223456",
                "event_params": [["key": "phase_typo", "value": ["string_value": "intro"]]],
            ],
        ]
    }

    static func json(_ value: Any, pretty: Bool) throws -> String {
        let options: JSONSerialization.WritingOptions = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: options), as: UTF8.self)
    }

    /// `rule line:column` of each finding, and the line accounting.
    static func shown(_ text: String) -> (findings: [String], valid: Int, invalid: Int, events: Int) {
        let outcome = AdversarialLint.lint(Array(text.utf8))
        #expect(outcome.accountingAddsUp, "\(text.prefix(80))")
        return (outcome.findings.map(\.position), outcome.validLines, outcome.invalidLines, outcome.eventsChecked)
    }

    /// The line and column of the first byte of `needle`'s `occurrence`-th match in `text`.
    static func position(of needle: String, in text: String, occurrence: Int = 1) -> String {
        var seen = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = Substring(line)
            while let range = rest.range(of: needle) {
                seen += 1
                if seen == occurrence {
                    return "\(index + 1):\(line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)"
                }
                rest = rest[range.upperBound...]
            }
        }
        return "not found"
    }

    @Test(arguments: ["pretty stream", "array", "pretty array", "unindented"])
    func multiLineShapesGiveTheNDJSONFindingsAtTheirOwnLines(shape: String) throws {
        let text: String
        switch shape {
        case "pretty stream":
            text = try Self.rows.map { try Self.json($0, pretty: true) }.joined(separator: "\n") + "\n"
        case "array":
            text = "[\n" + (try Self.rows.map { try Self.json($0, pretty: false) }.joined(separator: ",\n")) + "\n]\n"
        case "pretty array": text = try Self.json(Self.rows, pretty: true) + "\n"
        default:
            // As some tools write it: every line starts at column 1.
            text =
                try Self.rows.map { try Self.json($0, pretty: true) }.joined(separator: "\n")
                .split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n") + "\n"
        }
        let result = Self.shown(text)
        // At the second row's name, and at the unknown param's key.
        let missing = Self.position(of: "\"tour_step_complete\"", in: text, occurrence: 2)
        let unknown = Self.position(of: "\"phase_typo\"", in: text)
        #expect(
            result.findings.sorted()
                == ["stream/missing-required-param \(missing)", "stream/unknown-param \(unknown)"].sorted(),
            "\(shape): \(result.findings)")
        #expect(result.events == 2 && result.invalid == 0, "\(shape)")
    }

    /// A first row cut in the middle does not swallow the rows after it: the next row starts
    /// where JSON allows no value, so the cut row is broken there.
    @Test(arguments: [
        #"{"event_name":"tour_step_complete","event_params":[{"key":"phase","value":{"string_value":"a"}},"#,
        #"{"event_name":"tour_step_complete","user_pseudo_id":"p1","#,
        #"{"event_name":"tour_step_complete","user_pseudo_id":"#,
        #"{"event_name":"tour_step_compl"#,
    ])
    func aCutFirstRowLosesNoOtherRow(first: String) {
        let good = String(decoding: AdversarialInput.good, as: UTF8.self)
        let result = Self.shown(first + "\n" + good + "\n" + good + "\n" + good + "\n")
        #expect(result.findings.count == 1 && result.findings.first?.hasPrefix("json/") == true, "\(result.findings)")
        #expect(result.valid >= 2 && result.invalid <= 2 && result.events >= 2, "\(first): \(result)")
    }

    /// `text` with each line's leading spaces, two a level, written as `unit` a level (two
    /// spaces, four, a tab).
    static func indented(_ text: String, by unit: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { (line: Substring) -> String in
            let spaces = line.prefix { $0 == " " }.count
            return String(repeating: unit, count: spaces / 2) + line.dropFirst(spaces)
        }.joined(separator: "\n")
    }

    /// Documents whose object values start on the line after their key, indented deeper
    /// (hand-formatted, Allman style), as a public tracking spec writes a Measurement Protocol
    /// request and as a BigQuery console array holds a param's `value`.
    static let objectValuesOnTheirOwnLines = [
        "request": """
        {
          "client_id": "c1",
          "events": [{
            "name": "login",
            "params":
            {
              "method": "x"
            }
          }]
        }
        """,
        "console array": """
        [
          {
            "event_name": "tour_step_complete",
            "user_pseudo_id": "p1",
            "event_timestamp": "1705312800123456",
            "event_params": [{"key": "phase", "value":
              {"string_value": "intro"}}]
          },
          {
            "event_name": "tour_step_complete",
            "user_pseudo_id": "p2",
            "event_timestamp": "1705312800223456",
            "event_params": [
              {
                "key": "phase_typo",
                "value":
                {
                  "string_value": "intro"
                }
              }
            ]
          }
        ]
        """,
        // The value's `{` is less deep than the element's own `{`, which follows the element
        // before it: the element's line starts at the `}`.
        "console array, `}, {`": """
        [{
          "event_name": "tour_step_complete",
          "user_pseudo_id": "p1",
          "event_timestamp": "1705312800123456",
          "event_params": [{"key": "phase", "value": {"string_value": "intro"}}]
        }, {
          "event_name": "tour_step_complete",
          "user_pseudo_id": "p2",
          "event_timestamp": "1705312800223456",
          "app_info":
          {"version": "3.2.1"},
          "event_params": [{"key": "phase_typo", "value": {"string_value": "intro"}}]
        }]
        """,
    ]

    /// An object value on the line after its key is the key's value: the record is read whole,
    /// with its findings where they are, however the lines are indented.
    @Test(arguments: ["request", "console array", "console array, `}, {`"], ["  ", "    ", "\t"])
    func anObjectValueMayStartOnTheLineAfterItsKey(shape: String, unit: String) throws {
        let text = Self.indented(try #require(Self.objectValuesOnTheirOwnLines[shape]), by: unit) + "\n"
        let result = Self.shown(text)
        let expected =
            shape == "request"
            ? ["stream/unknown-event \(Self.position(of: "\"login\"", in: text))"]
            : [
                "stream/missing-required-param \(Self.position(of: "\"tour_step_complete\"", in: text, occurrence: 2))",
                "stream/unknown-param \(Self.position(of: "\"phase_typo\"", in: text))",
            ]
        #expect(result.findings.sorted() == expected.sorted(), "\(shape) \(unit.debugDescription)")
        #expect(result.events == (shape == "request" ? 1 : 2) && result.invalid == 0, "\(shape): \(result)")
        // Documents are read in one stream, whatever the jobs.
        let across = AdversarialLint.lint(Array(text.utf8), ["--jobs", "3"])
        #expect(across.findings.map(\.position).sorted() == expected.sorted() && across.eventsChecked == result.events)
    }

    /// A record cut after a key's `:` still ends at a `{` at its own indentation or less, which
    /// is the next record, in a stream (records at column 1) and in an array (at the elements'
    /// indentation); the record before it, with an object value on its own line, is read whole.
    @Test(arguments: ["stream", "array"], ["  ", "    ", "\t"])
    func aCutRecordStillEndsAtARecordAtItsOwnIndentation(shape: String, unit: String) {
        let whole = """
            {
              "event_name": "tour_step_complete",
              "user_pseudo_id": "p1",
              "event_timestamp": 1705312800123456,
              "params":
              {
                "phase": "intro"
              }
            }
            """
        let cut = """
            {
              "event_name": "tour_step_complete",
              "user_pseudo_id": "p2",
              "params":
            """
        let next = #"{"event_name":"tour_step_complete","user_pseudo_id":"p3","params":{"phase":"intro"}}"#
        let records = [whole, cut, next].map { record in
            shape == "stream" ? record : record.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }
        // The cut record ends at its `:`, without the `,` after it.
        let body =
            shape == "stream"
            ? records.joined(separator: "\n") : "[\n" + records[0] + ",\n" + records[1] + "\n" + records[2] + "\n]"
        let text = Self.indented(body, by: unit) + "\n"
        let cutLine = text.split(separator: "\n")[shape == "stream" ? 12 : 13]
        let result = AdversarialLint.lint(Array(text.utf8))
        #expect(
            result.inputFindings == ["json/unexpected-end \(shape == "stream" ? 13 : 14):\(cutLine.utf8.count + 1)"])
        #expect(!result.findings.contains { $0.rule == "stream/not-an-event" }, "\(shape): \(result.findings)")
        #expect(result.eventsChecked == 2 && result.invalidLines == 4, "\(shape) \(unit.debugDescription)")
        #expect(result.rejects.count == result.invalidLines && result.accountingAddsUp)
    }

    /// A broken row in an array takes only its own lines; a missing comma and an array that
    /// never closes are reported at their byte.
    @Test func brokenElementsAndSeparators() {
        let good = String(decoding: AdversarialInput.good, as: UTF8.self)
        let missingComma = Self.shown("[\n" + good + "\n" + good + "\n]\n")
        #expect(missingComma.findings == ["json/unexpected-character 3:1"])
        #expect(missingComma.events == 2)
        let unclosed = Self.shown("[\n" + good + ",\n" + good + "\n")
        #expect(unclosed.findings == ["json/unexpected-end 3:\(good.utf8.count + 1)"])
        #expect(unclosed.events == 2)
        let rawLineFeedInString = Self.shown("[\n{\"event_name\":\"tour\n_step\"},\n" + good + "\n]\n")
        #expect(rawLineFeedInString.findings.first?.hasPrefix("json/") == true)
        #expect(rawLineFeedInString.events == 1, "\(rawLineFeedInString)")
    }

    /// The test rows written in one of the shapes a file of rows takes: a pretty-printed stream,
    /// an array with a row a line, a pretty-printed array, or NDJSON lines (no final LF).
    static func document(_ shape: String) throws -> String {
        switch shape {
        case "pretty stream": return try rows.map { try json($0, pretty: true) }.joined(separator: "\n")
        case "array":
            return "[\n" + (try rows.map { try json($0, pretty: false) }.joined(separator: ",\n")) + "\n]"
        case "pretty array": return try json(rows, pretty: true)
        default: return try rows.map { try json($0, pretty: false) }.joined(separator: "\n")
        }
    }

    /// A file saved from an issue or a chat keeps the Markdown fence around the JSON: the fence
    /// lines are "not analytics", the first line inside decides the shape, and every finding is
    /// where it is without the fence, one line down, for any `--jobs`.
    @Test(arguments: ["pretty stream", "array", "pretty array", "lines"], ["```json", "~~~", "  ````jsonc"])
    func markdownFencesAroundAnExportAreSkipped(shape: String, fence: String) throws {
        let body = try Self.document(shape)
        let closing = String(fence.drop { $0 == " " }.prefix { $0 == "`" || $0 == "~" })
        let plain = AdversarialLint.lint(Array((body + "\n").utf8))
        for jobs in ["1", "3"] {
            let fenced = AdversarialLint.lint(
                Array(("\n" + fence + "\n" + body + "\n" + closing + "\n").utf8), ["--jobs", jobs])
            #expect(fenced.accountingAddsUp)
            #expect(fenced.notAnalyticsLines == 2 && fenced.invalidLines == 0, "\(shape) \(fence): \(fenced.findings)")
            #expect(fenced.eventsChecked == 2)
            let moved = plain.findings.map { "\($0.rule) \($0.line + 2):\($0.column)" }
            #expect(fenced.findings.map(\.position) == moved, "\(shape) \(fence) --jobs \(jobs)")
        }
    }

    /// A record still open at a fence was cut there: it is reported once, and the rows after the
    /// fence are read.
    @Test func aFenceCutsTheRecordStillOpen() {
        let good = String(decoding: AdversarialInput.good, as: UTF8.self)
        let result = AdversarialLint.lint(Array("```\n{\n\"event_name\":\n```\n```\n\(good)\n```\n".utf8))
        #expect(result.inputFindings == ["json/unexpected-end 3:14"], "\(result.findings)")
        #expect(result.invalidLines == 2 && result.notAnalyticsLines == 4 && result.eventsChecked == 1)
        #expect(result.rejects.count == 2)
        // Not fences: a run of two, and backticks in a backtick fence's info string.
        let notFences = AdversarialLint.lint(Array("``\n```a`b\n".utf8))
        #expect(notFences.invalidLines == 2 && notFences.notAnalyticsLines == 0)
    }

    /// A row whose long line was wrapped inside a string breaks at the raw line feed, and its
    /// rest is its own: one finding, its lines invalid with a reject record each, no line of it
    /// read as a row of its own, and the next row read as usual.
    @Test(arguments: ["pretty stream", "array", "pretty array", "unindented"])
    func aRowWrappedInsideAStringIsOneFinding(shape: String) throws {
        let first = try Self.json(Self.rows[0], pretty: true)
        let rowLines = shape == "array" ? 1 : first.split(separator: "\n").count
        let body: String
        switch shape {
        case "pretty stream": body = try Self.rows.map { try Self.json($0, pretty: true) }.joined(separator: "\n")
        case "array":
            body = "[\n" + (try Self.rows.map { try Self.json($0, pretty: false) }.joined(separator: ",\n")) + "\n]"
        case "pretty array": body = try Self.json(Self.rows, pretty: true)
        default:
            body =
                try Self.rows.map { try Self.json($0, pretty: true) }.joined(separator: "\n")
                .split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
        }
        // The first row's `intro`, wrapped as a terminal or an editor wraps a long line.
        let input = Self.wrapFirst(body)
        let result = AdversarialLint.lint(Array((input + "\n").utf8))
        let json = result.findings.filter { $0.rule.hasPrefix("json/") }
        #expect(json.count == 1, "\(shape): \(result.findings)")
        #expect(!result.findings.contains { $0.rule == "stream/not-an-event" }, "\(shape): \(result.findings)")
        #expect(result.eventsChecked == 1, "\(shape)")
        #expect(result.invalidLines == rowLines + 1, "\(shape): \(result.invalidLines) of \(rowLines + 1)")
        #expect(result.rejects.count == result.invalidLines)
        #expect(result.accountingAddsUp)
    }

    /// The rest of a row broken by a raw line feed is followed past an object value on the line
    /// after its key, indented deeper: none of it is a record of its own. A row cut after a
    /// key's `:` still ends at the next row, at the row's own indentation.
    @Test(arguments: ["stream", "array"], ["  ", "\t"])
    func aWrappedRowsRestKeepsItsObjectValues(shape: String, unit: String) {
        let wrapped = """
            {
              "event_name": "tour_step_complete",
              "user_pseudo_id": "p1",
              "page_title": "in
            tro",
              "params":
              {
                "phase": "intro"
              }
            }
            """
        // Wrapped too, and cut after a key's `:`: the next row ends it.
        let cut = """
            {
              "event_name": "tour_step_complete",
              "page_title": "in
            tro",
              "params":
            """
        let good = String(decoding: AdversarialInput.good, as: UTF8.self)
        let records = [wrapped, cut, good].map { record in
            shape == "stream" ? record : record.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }
        let body =
            shape == "stream"
            ? records.joined(separator: "\n") : "[\n" + records[0] + ",\n" + records[1] + "\n" + records[2] + "\n]"
        let text = Self.indented(body, by: unit) + "\n"
        let result = AdversarialLint.lint(Array(text.utf8))
        #expect(result.inputFindings.count == 2 && result.inputFindings.allSatisfy { $0.hasPrefix("json/") })
        #expect(!result.findings.contains { $0.rule == "stream/not-an-event" }, "\(shape): \(result.findings)")
        #expect(result.eventsChecked == 1 && result.invalidLines == 15, "\(shape) \(unit.debugDescription): \(result)")
        #expect(result.rejects.count == result.invalidLines && result.accountingAddsUp)
    }

    /// Documents without a final LF say so as a line of NDJSON does: after the last byte.
    @Test(arguments: ["pretty stream", "array", "pretty array", "lines"])
    func aDocumentWithoutAFinalNewlineSaysSo(shape: String) throws {
        let body = try Self.document(shape)
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let end = "export/missing-final-newline \(lines.count):\(lines[lines.count - 1].utf8.count + 1)"
        let result = AdversarialLint.lint(Array(body.utf8))
        #expect(result.inputFindings == [end], "\(shape): \(result.findings)")
        #expect(result.eventsChecked == 2 && result.invalidLines == 0)
        #expect(AdversarialLint.lint(Array((body + "\n").utf8)).inputFindings.isEmpty)
    }

    /// `text` with the first `intro"` wrapped after `in`.
    static func wrapFirst(_ text: String) -> String {
        guard let range = text.range(of: "intro\"") else { return text }
        return text.replacingCharacters(in: range, with: "in\ntro\"")
    }

    /// Rows of a query with UNNEST(event_params): one finding for the input, no event checked,
    /// so no row is a false "missing required param".
    @Test(arguments: [
        (#"{"event_name":"tour_step_complete","event_timestamp":"1705312800123456","key":"phase","string_value":"intro"}"#),
        (#"{"event_name":"tour_step_complete","event_param_key":"phase","event_param_string":"intro"}"#),
        (#"{"event_name":"tour_step_complete","param":{"key":"phase","value":{"string_value":"intro"}}}"#),
    ])
    func unnestedRowsAreOneFinding(row: String) throws {
        let result = try Lint.run([row, row, row])
        #expect(result.lineRules == ["1 export/unnested-query-result"])
        #expect(result.findings.first?.message.contains("3 rows") == true)
        #expect(result.counters.eventsChecked == 0 && result.counters.notEvents == 3)
    }

    /// A flat event's own params are columns too: `value` (GA4's param of purchases and leads),
    /// `order_value` or a `key` alone make no UNNEST result, which names the param beside its
    /// value. Each of these rows is an event, checked as one.
    @Test(arguments: [
        #"{"event_name":"purchase","client_id":"123456.7890","value":199.9,"currency":"BRL"}"#,
        #"{"event_name":"page_view","value":"x"}"#,
        #"{"event_name":"purchase","user_pseudo_id":"u","order_value":5,"api_key":"k"}"#,
        #"{"event_name":"keyboard_press","key":"enter"}"#,
    ])
    func flatRowsWithValueColumnsAreEvents(row: String) throws {
        let result = try Lint.run([row])
        #expect(!result.lineRules.contains("1 export/unnested-query-result"), "\(result.lineRules)")
        #expect(result.counters.eventsChecked == 1 && result.counters.notEvents == 0)
    }

    /// What the Measurement Protocol's validation server answers is saved in place of the
    /// request often enough to be told apart: not an event, with what to lint instead.
    @Test func aValidationServerResponseSaysSo() throws {
        for response in [
            #"{"validationMessages": []}"#,
            #"{"validationMessages":[{"fieldPath":"events","description":"Event at index: [0] has invalid name [_badEventName]. Names must start with an alphabetic character.","validationCode":"NAME_INVALID"}]}"#,
        ] {
            let result = try Lint.run([response])
            #expect(result.lineRules == ["1 stream/not-an-event"])
            #expect(result.findings.first?.message.contains("validation server") == true)
        }
    }

    @Test func legacyRowsAreOneFindingWhateverTheJobs() throws {
        let row = #"{"user_dim":{"app_info":{"app_id":"a"}},"event_dim":[{"name":"screen_view","params":[]}]}"#
        let good = String(decoding: AdversarialInput.good, as: UTF8.self)
        let lines = (0..<400).map { $0 % 2 == 0 ? row : good }
        var reports: [[String]] = []
        for jobs in [1, 2, 7] {
            let result = try Lint.run(lines) { $0.jobs = jobs }
            reports.append(
                result.findings.map { "\($0.location.line):\($0.location.column) \($0.ruleID) \($0.message)" })
        }
        #expect(reports[0].count == 1 && reports[0].first?.contains("200 rows") == true, "\(reports[0])")
        #expect(reports[1] == reports[0] && reports[2] == reports[0])
    }
}

/// A param's `value` that is not the export's object, and the context of pair and rule findings.
@Suite struct ExportValueShapeTests {
    /// Found at the value's own byte, whether the plan declares the param (and its type) or not.
    @Test(arguments: [
        (#""phase","value":"intro""#, "a string"), (#""phase","value":5"#, "a number"),
        (#""undeclared_x","value":["a"]"#, "an array"), (#""undeclared_x","value":true"#, "a bool"),
    ])
    func aValueThatIsNotAnObjectIsFoundAtItsByte(element: String, kind: String) throws {
        let line =
            #"{"event_name":"tour_step_complete","user_pseudo_id":"u","event_timestamp":"1705312800123456","event_params":[{"key":"#
            + element + "}]}"
        let result = try Lint.run([line])
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.ruleID == "stream/not-an-event" && finding.message.hasSuffix("not \(kind)"))
        let valueOffset = try #require(line.range(of: "\"value\":")).upperBound
        #expect(finding.location.column == line.utf8.distance(from: line.startIndex, to: valueOffset) + 1)
    }

    /// A rule's finding shows the row's platform and app version, as the row's own findings do.
    @Test func ruleFindingsCarryThePlatformAndAppVersion() throws {
        // The engine plan's rule: the offerStep phase only for users in the offer arm.
        let line =
            #"{"event_name":"tour_step_complete","user_pseudo_id":"u","event_timestamp":"1705312800123456","platform":"ANDROID","app_info":{"version":"3.2.1"},"user_properties":[{"key":"offer_arm","value":{"string_value":"control"}}],"event_params":[{"key":"phase","value":{"string_value":"offerStep"}}]}"#
        let result = try Lint.run([line])
        let finding = try #require(result.findings.first { $0.ruleID.hasPrefix("rule/") })
        #expect(finding.context.platform == "ANDROID" && finding.context.appVersion == "3.2.1")
    }
}

/// Every invalid line of a document input has its reject record, as an NDJSON line does: the
/// lines of a broken row, a line with a stray byte, the last line of an array that never closes.
@Suite struct DocumentRejectTests {
    @Test(arguments: [
        "[\n{\"event_name\":\n\"x\",\n]\n",
        "{\n  \"event_name\": \"tour\n_step\"\n}\n" + String(decoding: AdversarialInput.good, as: UTF8.self) + "\n",
        "[\n" + String(decoding: AdversarialInput.good, as: UTF8.self) + "\n"
            + String(decoding: AdversarialInput.good, as: UTF8.self) + "\n",
        "[\n,\n]\n}\n",
        "{\n\"a\":\n{\n\n",
        // Found by FuzzLineFraming: a row cut off by a blank-line run after a BOM.
        "\u{FEFF}{\n\"event_ncme\":\"on}\n\n  UnsafeBu\n\n\n",
    ])
    func everyInvalidLineHasItsReject(text: String) {
        let outcome = AdversarialLint.lint(Array(text.utf8))
        #expect(outcome.accountingAddsUp, "\(text)")
        #expect(outcome.invalidLines > 0, "\(text)")
        #expect(outcome.rejects.count == outcome.invalidLines, "\(text): \(outcome.rejects.count) rejects")
    }
}

/// Lines that wait for the input's kind (no log prefix, not JSON) keep their rejects records in
/// file order with the lines rejected while they wait (FuzzLint found them written last).
@Suite struct WaitingLineRejectTests {
    @Test func rejectsStayInLineOrder() {
        let text = "$$$$ not json\n" + String(repeating: "x", count: 400) + "\nstill not json\n"
        let outcome = AdversarialLint.lint(Array(text.utf8), ["--max-line-bytes", "300"])
        let lines = outcome.rejects.compactMap { $0["line"] as? Int }
        #expect(lines == [1, 2, 3], "\(lines)")
        #expect(outcome.invalidLines == 3)
    }
}
