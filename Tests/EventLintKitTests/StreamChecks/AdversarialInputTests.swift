import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// One hostile input of RELIABILITY.md §4 and what `eventlint lint` must make of it.
struct AdversarialCase: CustomTestStringConvertible, Sendable {
    /// `A12`, `A4 overlong C0 80`…
    var name: String
    var input: [UInt8]
    var arguments: [String] = []
    /// Every finding of the reading stages (`json/…`, `export/…`) as `rule line:column`, exactly.
    var expected: [String]
    var valid: Int
    var invalid: Int
    var blank = 0
    var status: Int32
    /// A note (hint) the first error must carry, or a word its message must hold.
    var hint: String?

    var testDescription: String { name }
}

/// The adversarial suite, small inputs: every case is one table row, checked for the findings'
/// rule ids and positions, that the good line after a broken one is still read (`valid`), the
/// summary adding up, the rejects file, and the exit status. Large inputs live in
/// `AdversarialLargeInputTests`.
@Suite struct AdversarialInputTests {
    static let good = AdversarialInput.good
    /// Column just past the good line.
    static let afterGood = good.count + 1
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static let cases: [AdversarialCase] = {
        let g = good
        var list: [AdversarialCase] = [
            AdversarialCase(
                name: "A1 broken line between good lines", input: .lines([g, b(#"{"a":1,}"#), g]),
                expected: ["json/unexpected-character 2:7"], valid: 2, invalid: 1, status: 1),
            AdversarialCase(
                name: "A2 unfinished object then a good line", input: .lines([b(#"{"a":"#), g]),
                expected: ["json/unexpected-end 1:6"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A3 invalid UTF-8 in a string",
                input: .lines([[0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], g]),
                expected: ["json/invalid-utf8 1:7"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A5 invalid UTF-8 in a key",
                input: .lines([[0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D], g]),
                expected: ["json/invalid-utf8 1:3"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A5 invalid UTF-8 outside strings", input: .lines([[0x7B, 0xFF, 0x7D], g]),
                expected: ["json/unexpected-character 1:2"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A6 valid surrogate pair", input: .lines([b(#"{"a":"\uD834\uDD1E"}"#), g]),
                expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A8 depth exactly the limit",
                input: .lines([
                    b(#"{"a":"# + String(repeating: "[", count: 3) + String(repeating: "]", count: 3) + "}"), g,
                ]),
                arguments: ["--max-depth", "4"], expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A8 depth one past the limit",
                input: .lines([
                    b(#"{"a":"# + String(repeating: "[", count: 4) + String(repeating: "]", count: 4) + "}"), g,
                ]),
                arguments: ["--max-depth", "4"], expected: ["json/depth-exceeded 1:9"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A8 default limit 512 accepted",
                input: .lines([b(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)), g]),
                expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A8 default limit 513 rejected",
                input: .lines([b(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)), g]),
                expected: ["json/depth-exceeded 1:513"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A11 valid last line without LF", input: g + [0x0A] + g,
                expected: ["export/missing-final-newline 2:\(afterGood)"], valid: 2, invalid: 0, status: 0),
            AdversarialCase(
                name: "A12 truncated last line", input: g + [0x0A] + b(#"{"a":1,"b"#),
                expected: ["json/unexpected-end 2:10", "export/missing-final-newline 2:10"], valid: 1, invalid: 1,
                status: 1, hint: "truncated"),
            AdversarialCase(
                name: "A13 CRLF everywhere", input: .lines([g, b(#"{"a":1,}"#), g], terminator: [0x0D, 0x0A]),
                expected: ["json/unexpected-character 2:7"], valid: 2, invalid: 1, status: 1),
            AdversarialCase(
                name: "A13 mixed LF and CRLF",
                input: g + [0x0D, 0x0A] + g + [0x0A] + b(#"{"a":1,}"#) + [0x0D, 0x0A] + g + [0x0A],
                expected: ["json/unexpected-character 3:7"], valid: 3, invalid: 1, status: 1),
            AdversarialCase(
                name: "A14 lone CR outside strings is whitespace",
                input: .lines([Array(g.dropLast()) + [0x0D, 0x7D], g]),
                expected: [], valid: 2, invalid: 0, status: 0),
            AdversarialCase(
                name: "A14 raw CR inside a string", input: .lines([b("{\"a\":\"x\ry\"}"), g]),
                expected: ["json/control-character-in-string 1:8"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A15 CR-only line endings", input: g + [0x0D] + g + [0x0D] + g + [0x0D],
                expected: [
                    "json/trailing-content 1:\(afterGood + 1)", "export/missing-final-newline 1:\(3 * afterGood + 1)",
                ],
                valid: 0, invalid: 1, status: 1, hint: "CR-only"),
            AdversarialCase(
                name: "A15 CR-only line endings past the line limit",
                input: [UInt8](repeating: 0, count: 0) + Array(repeating: g + [0x0D], count: 10).flatMap { $0 } + [
                    0x0A
                ],
                arguments: ["--max-line-bytes", "1000"],
                expected: ["export/line-too-long 1:1"], valid: 0, invalid: 1, status: 1, hint: "CR-only"),
            AdversarialCase(
                name: "A16 BOM at byte 0 skipped with a warning", input: bom + .lines([g, g]),
                expected: ["export/leading-bom 1:1"], valid: 2, invalid: 0, status: 0),
            AdversarialCase(
                name: "A16 columns on line 1 count the BOM", input: bom + .lines([b(#"{"a":1,}"#), g]),
                expected: ["export/leading-bom 1:1", "json/unexpected-character 1:10"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A17 BOM at the start of a later line", input: .lines([g, bom + g, g]),
                expected: ["json/misplaced-bom 2:1"], valid: 2, invalid: 1, status: 1, hint: "concatenated files?"),
            AdversarialCase(
                name: "A18 UTF-16LE with BOM", input: [0xFF, 0xFE] + utf16LE("{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n"),
                expected: ["json/not-utf8 1:1"], valid: 0, invalid: 4, status: 1, hint: "UTF-16"),
            AdversarialCase(
                name: "A18 UTF-16LE without BOM", input: utf16LE("{\"a\":1}\n{\"b\":2}\n"),
                expected: ["json/not-utf8 1:1"], valid: 0, invalid: 3, status: 1, hint: "UTF-16"),
            AdversarialCase(
                name: "A18 UTF-16BE with BOM", input: [0xFE, 0xFF] + utf16BE("{\"a\":1}\n{\"b\":2}\n"),
                expected: ["json/not-utf8 1:1"], valid: 0, invalid: 2, status: 1, hint: "UTF-16"),
            AdversarialCase(
                name: "A19 NUL after a value", input: .lines([b("123") + [0], g]),
                expected: ["json/trailing-content 1:4"], valid: 1, invalid: 1, status: 1, hint: "NUL"),
            AdversarialCase(
                name: "A19 NUL inside a string", input: .lines([b(#"{"a":""#) + [0] + b(#""}"#), g]),
                expected: ["json/control-character-in-string 1:7"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A19 NUL padding at the end of the file", input: .lines([g]) + [UInt8](repeating: 0, count: 64),
                expected: ["json/unexpected-character 2:1", "export/missing-final-newline 2:65"], valid: 1, invalid: 1,
                status: 1, hint: "preallocated"),
            AdversarialCase(
                name: "A20 raw TAB in a string", input: .lines([b("{\"a\":\"x\ty\"}"), g]),
                expected: ["json/control-character-in-string 1:8"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A20 raw form feed in a string", input: .lines([b("{\"a\":\"\u{0C}\"}"), g]),
                expected: ["json/control-character-in-string 1:7"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A20 escaped controls are fine", input: .lines([b(#"{"a":"\t\u0000\u001f\n"}"#), g]),
                expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A22 big numbers are valid JSON",
                input: .lines([
                    b(
                        #"{"a":[1e400,-1e400,1e-400,18446744073709551616,-9223372036854775809,123456789012345678901234567890,-0]}"#
                    ), g,
                ]),
                expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A23 number of exactly 1000 characters",
                input: .lines([b("{\"a\":" + String(repeating: "7", count: 1000) + "}"), g]),
                expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A23 number of 1001 characters",
                input: .lines([b("{\"a\":-" + String(repeating: "7", count: 1000) + "}"), g]),
                expected: ["json/number-too-long 1:6"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A23 100,000-digit number",
                input: .lines([b("{\"a\":" + String(repeating: "9", count: 100_000) + "}"), g]),
                expected: ["json/number-too-long 1:6"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A25 duplicate key", input: .lines([b(#"{"a":1,"a":2}"#), g]),
                expected: ["json/duplicate-key 1:8"], valid: 1, invalid: 1, status: 1, hint: "first at column 2"),
            AdversarialCase(
                name: "A25 escaped duplicate key", input: .lines([b(#"{"a":1,"\u0061":2}"#), g]),
                expected: ["json/duplicate-key 1:8"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A25 nested duplicate key", input: .lines([b(#"{"b":{"a":1,"a":2}}"#), g]),
                expected: ["json/duplicate-key 1:13"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A25 NFC and NFD keys differ", input: .lines([b("{\"\u{E9}\":1,\"e\u{301}\":2}"), g]),
                expected: [], valid: 2, invalid: 0, status: 1),
            AdversarialCase(
                name: "A27 blank lines are counted, not errors", input: .lines([g, [], b(" \t "), g, []]),
                expected: [], valid: 2, invalid: 0, blank: 3, status: 0),
            AdversarialCase(
                name: "A27 --strict makes blank lines errors", input: .lines([g, [], b(" \t "), g, []]),
                arguments: ["--strict"],
                expected: ["export/blank-line 2:1", "export/blank-line 3:1", "export/blank-line 5:1"],
                valid: 2, invalid: 0, blank: 3, status: 1),
            AdversarialCase(
                name: "A27 CRLF blank line", input: g + [0x0D, 0x0A, 0x0D, 0x0A] + g + [0x0A],
                expected: [], valid: 2, invalid: 0, blank: 1, status: 0),
            AdversarialCase(
                name: "A28 two values on one line", input: .lines([b(#"{"a":1}{"b":2}"#), g]),
                expected: ["json/trailing-content 1:8"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A28 two values separated by a space", input: .lines([b(#"{"a":1} {"b":2}"#), g]),
                expected: ["json/trailing-content 1:9"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A29 trailing garbage", input: .lines([b(#"{"a":1} x"#), g]),
                expected: ["json/trailing-content 1:9"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A29 trailing comma in an array", input: .lines([b(#"{"a":[1,]}"#), g]),
                expected: ["json/unexpected-character 1:8"], valid: 1, invalid: 1, status: 1),
            AdversarialCase(
                name: "A31 RS byte at line start", input: .lines([[0x1E] + g, g]),
                expected: ["json/unexpected-character 1:1"], valid: 1, invalid: 1, status: 1, hint: "json-seq"),
            AdversarialCase(
                name: "A33 file of only LFs", input: [0x0A, 0x0A, 0x0A],
                expected: [], valid: 0, invalid: 0, blank: 3, status: 0),
        ]
        // A4: ill-formed UTF-8 per Unicode Table 3-7, each inside a string at column 7.
        let sequences: [(String, [UInt8])] = [
            ("overlong C0 80", [0xC0, 0x80]), ("overlong E0 80 80", [0xE0, 0x80, 0x80]),
            ("CESU surrogate ED A0 80", [0xED, 0xA0, 0x80]), ("above U+10FFFF F4 90 80 80", [0xF4, 0x90, 0x80, 0x80]),
            ("F5", [0xF5, 0x80, 0x80, 0x80]), ("FF", [0xFF]), ("lone continuation 80", [0x80]),
            ("truncated E2 82", [0xE2, 0x82]), ("Latin-1 E9", [0xE9, 0x74, 0xE9]),
        ]
        for (label, sequence) in sequences {
            list.append(
                AdversarialCase(
                    name: "A4 \(label)", input: .lines([b(#"{"a":""#) + sequence + b(#""}"#), g]),
                    expected: ["json/invalid-utf8 1:7"], valid: 1, invalid: 1, status: 1))
        }
        list.append(
            AdversarialCase(
                name: "A4 truncated E2 82 at end of file", input: .lines([g]) + b(#"{"a":""#) + [0xE2, 0x82],
                expected: ["json/invalid-utf8 2:7", "export/missing-final-newline 2:9"], valid: 1, invalid: 1, status: 1
            ))
        // A6: escaped lone surrogates (I-JSON), each at the backslash, column 7.
        for escape in [#"\uD800"#, #"\uDC00"#, #"\uD800\u0041"#, #"\uDD1E\uD834"#] {
            list.append(
                AdversarialCase(
                    name: "A6 \(escape)", input: .lines([b(#"{"a":""# + escape + #""}"#), g]),
                    expected: ["json/lone-surrogate 1:7"], valid: 1, invalid: 1, status: 1))
        }
        // A21: non-finite numbers name their likely producer.
        for word in ["NaN", "Infinity", "-Infinity", "nan", "inf", "-NaN"] {
            list.append(
                AdversarialCase(
                    name: "A21 \(word)", input: .lines([b(#"{"a":"# + word + "}"), g]),
                    expected: ["json/invalid-literal 1:6"], valid: 1, invalid: 1, status: 1,
                    hint: "allow_nan=True"))
        }
        // A24: grammar edge numbers.
        for (number, rule, column) in [
            ("01", "json/invalid-number", 6), ("+1", "json/invalid-number", 6), (".5", "json/invalid-number", 6),
            ("1.", "json/invalid-number", 8), ("1e", "json/invalid-number", 8), ("-", "json/invalid-number", 7),
            ("1e+", "json/invalid-number", 9), ("-01", "json/invalid-number", 7),
            // `0` is a complete number; the `x` is what does not fit.
            ("0x10", "json/unexpected-character", 7),
        ] {
            list.append(
                AdversarialCase(
                    name: "A24 \(number)", input: .lines([b(#"{"a":"# + number + "}"), g]),
                    expected: ["\(rule) 1:\(column)"], valid: 1, invalid: 1, status: 1))
        }
        // A30: valid JSON that is not an event is a finding on a valid line (the rule is
        // stream/not-an-event); a root array of objects is a BigQuery-console array of rows.
        for value in [#""s""#, "42", "null", "true", "[1,2]"] {
            list.append(
                AdversarialCase(
                    name: "A30 \(value)", input: .lines([b(value), g]),
                    expected: [], valid: 2, invalid: 0, status: 1))
        }
        return list
    }()

    @Test(arguments: cases)
    func hostileInput(_ testCase: AdversarialCase) {
        let outcome = AdversarialLint.lint(testCase.input, testCase.arguments)
        #expect(outcome.inputFindings.sorted() == testCase.expected.sorted(), "\(outcome.findings)")
        #expect(outcome.validLines == testCase.valid)
        #expect(outcome.invalidLines == testCase.invalid)
        #expect(outcome.blankLines == testCase.blank)
        #expect(
            outcome.accountingAddsUp,
            "lines read \(outcome.linesRead) != \(outcome.validLines) + \(outcome.invalidLines) + \(outcome.blankLines)"
        )
        #expect(outcome.status == testCase.status, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        // Every invalid line is in the rejects file, with the same rule and position as its finding.
        #expect(outcome.rejects.count == testCase.invalid)
        if let hint = testCase.hint {
            let first = outcome.findings.first { $0.rule.hasPrefix("json/") || $0.rule == "export/line-too-long" }
            let text = ((first?.notes ?? []) + [first?.message ?? ""]).joined(separator: "\n")
            #expect(text.contains(hint), "\(String(describing: first))")
        }
    }

    /// A30: a line that is a JSON value but no object is reported by the plan stage, not the
    /// reader; the line itself is valid JSON.
    @Test func scalarLineIsNotAnEvent() {
        let outcome = AdversarialLint.lint(.lines([b("42"), Self.good]))
        #expect(outcome.findings.map(\.position) == ["stream/not-an-event 1:1"])
        #expect(outcome.status == 1)
    }

    /// The project's decision, deliberately unlike A30: a root array of objects on one line is
    /// read as a BigQuery-console array of rows, each checked as an event.
    @Test func rootArrayOfObjectsIsReadAsRows() {
        let outcome = AdversarialLint.lint(.lines([b("[") + Self.good + b(",") + Self.good + b("]")]))
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(outcome.eventsChecked == 2)
        #expect(outcome.validLines == 1)
        #expect(outcome.status == 0)
    }

    /// A file that is one pretty-printed JSON array (BigQuery console) is read element by
    /// element: lines are counted as NDJSON framing would count them (a broken element makes
    /// its own lines invalid, not the others'), a leading BOM is skipped with a warning, and an
    /// error points at its own line.
    @Test(arguments: [
        (
            "valid", "[\n" + AdversarialLintStrings.good + ",\n" + AdversarialLintStrings.good + "\n]\n", [String](), 4,
            0, 0
        ),
        (
            "broken row", "[\n" + AdversarialLintStrings.good + ",\n{\"a\":\n]\n", ["json/unexpected-character 4:1"], 2,
            2, 0
        ),
        ("unclosed", "[\n\n\n", ["json/unexpected-end 3:1"], 0, 1, 2),
        (
            "with BOM", "\u{FEFF}[\n" + AdversarialLintStrings.good + "\n]",
            ["export/leading-bom 1:1", "export/missing-final-newline 3:2"], 3, 0, 0
        ),
    ])
    func multiLineDocument(
        _ label: String, _ text: String, _ expected: [String], _ valid: Int, _ invalid: Int, _ blank: Int
    ) {
        let outcome = AdversarialLint.lint(b(text))
        #expect(outcome.inputFindings == expected, "\(label): \(outcome.findings)")
        #expect(
            outcome.validLines == valid && outcome.invalidLines == invalid && outcome.blankLines == blank, "\(label)")
        #expect(outcome.accountingAddsUp, "\(label)")
    }

    /// A18: one finding for the whole UTF-16 file, however many lines it has, and every line
    /// still accounted for and kept in the rejects file.
    @Test func utf16IsOneFileLevelFinding() {
        let text = String(repeating: "{\"event_name\":\"x\"}\n", count: 50)
        let outcome = AdversarialLint.lint([0xFF, 0xFE] + utf16LE(text))
        #expect(outcome.findings.count == 1)
        #expect(outcome.findings.first?.message.contains("iconv") == true)
        #expect(outcome.invalidLines == outcome.linesRead)
        #expect(outcome.rejects.count == outcome.linesRead)
    }

    /// The rejects file: one NDJSON record per invalid line with file, line, column, byte
    /// offset, rule, message, the raw bytes (base64) and the real size.
    @Test func rejectsFileKeepsEveryInvalidLine() throws {
        let bad: [UInt8] = [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]
        let outcome = AdversarialLint.lint(.lines([Self.good, bad, Self.good, b("{")]))
        #expect(outcome.rejects.count == 2)
        let first = try #require(outcome.rejects.first)
        #expect(first["line"] as? Int == 2)
        #expect(first["column"] as? Int == 7)
        #expect(first["byteOffset"] as? Int == Self.good.count + 1)
        #expect(first["rule"] as? String == "json/invalid-utf8")
        #expect(first["size"] as? Int == bad.count)
        #expect(first["truncated"] as? Bool == false)
        let raw = Data(base64Encoded: first["bytesBase64"] as? String ?? "").map { [UInt8]($0) }
        #expect(raw == bad)
        #expect((first["file"] as? String)?.hasSuffix("export.ndjson") == true)
        #expect(outcome.rejects.last?["rule"] as? String == "json/unexpected-end")
    }

    /// A32: gzip is read natively; other compressed formats stop the file with one message and
    /// exit status 2 instead of a flood of bogus per-line findings.
    @Test func gzipIsReadNatively() {
        let outcome = AdversarialLint.lint(gzipCompress(.lines([Self.good, b("{"), Self.good])))
        #expect(outcome.inputFindings == ["json/unexpected-end 2:2"])
        #expect(outcome.validLines == 2 && outcome.invalidLines == 1)
        #expect(outcome.status == 1)
    }

    @Test(arguments: [
        ("zstd", [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00] as [UInt8]), ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),
        ("bzip2", [0x42, 0x5A, 0x68, 0x39]), ("zip", [0x50, 0x4B, 0x03, 0x04]),
    ])
    func otherCompressionStopsWithExit2(format: String, magic: [UInt8]) {
        let outcome = AdversarialLint.lint(magic + [UInt8](repeating: 0x41, count: 100) + [0x0A])
        #expect(outcome.status == 2)
        // The JSON report carries the one failure; the text goes to standard error.
        #expect(outcome.stdout.contains("\"export/cannot-read\"") && outcome.stdout.contains("\(format)-compressed"))
        #expect(outcome.stderr.contains("\(format)-compressed"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    /// A33: an empty file is not an error; the text summary says the input is empty.
    @Test func emptyFileSaysSo() {
        let outcome = AdversarialLint.lint([])
        #expect(outcome.status == 0)
        #expect(outcome.linesRead == 0 && outcome.accountingAddsUp)
        let directory = TemporaryDirectory()
        let path = directory.write("empty.ndjson", [])
        let text = EventLintCLI.run(["lint", "--schema", Repository.enginePlan.path, path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("lines read: 0 (the input is empty)"))
    }

    /// A36: counters are 64-bit, so more than 2³² lines cannot wrap (the full-size run is in
    /// `AdversarialLargeInputTests`, behind EVENTLINT_BIG_TESTS).
    @Test func countersAre64Bit() {
        #expect(MemoryLayout<Int>.size == 8)
        var total = StreamCounters(eventCount: 0, paramCount: 0)
        var part = StreamCounters(eventCount: 0, paramCount: 0)
        part.linesRead = Int(UInt32.max)
        part.validLines = Int(UInt32.max)
        total.add(part)
        total.add(part)
        #expect(total.linesRead == 2 * Int(UInt32.max))
        #expect(total.linesRead == total.validLines + total.invalidLines + total.blankLines)
        var stats = FramingStats()
        stats.lines = Int(UInt32.max) + 1
        stats.bytes = Int64(UInt32.max) * 3
        #expect(stats.lines > Int(UInt32.max))
    }

    /// A38: random bytes never crash the lint and always add up (the fuzz targets go further).
    @Test func randomBytesAddUp() {
        var generator = SeededGenerator(seed: 38)
        let alphabet = b("{}[]\":,\\u0aeE.-+ \t\r\n") + [0x00, 0x1E, 0xEF, 0xBB, 0xBF, 0xFF, 0xC3, 0xA9]
        for round in 0..<40 {
            let count = Int.random(in: 0...600, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                round % 2 == 0
                    ? UInt8.random(in: 0...255, using: &generator) : alphabet.randomElement(using: &generator)!
            }
            let outcome = AdversarialLint.lint(bytes)
            #expect(outcome.accountingAddsUp, "round \(round)")
            #expect(outcome.status == 0 || outcome.status == 1, "round \(round): \(outcome.stderr)")
            #expect(outcome.rejects.count == outcome.invalidLines, "round \(round)")
        }
    }
}

enum AdversarialLintStrings {
    static let good = String(decoding: AdversarialInput.good, as: UTF8.self)
}

func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
func utf16BE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
