import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `EventScanner.readCompactElement` reads `event_params` and `user_properties` elements as
/// `bq extract` writes them, and `JSONCursor.skipCompactFlatObject` skips the flat objects no
/// check reads (`device`, `geo`…). Each must give exactly what the generic cursor calls give, or
/// leave the value to them: the same fields, shape problems and errors, on every line.
@Suite struct CompactElementTests {
    /// Everything a scan of `line` yields, or the error it throws, as text to compare.
    static func outcome(of line: [UInt8], compact: Bool, maxDepth: Int = 512) -> String {
        let scanner = EventScanner(maxDepth: maxDepth)
        scanner.readsCompactElements = compact
        return outcome(scanner, line)
    }

    /// What `scanner` yields for `line` (it may have read lines before), as text to compare.
    static func outcome(_ scanner: EventScanner, _ line: [UInt8]) -> String {
        line.withUnsafeBytes { raw in
            do throws(JSONError) {
                try scanner.scanLine(raw)
            } catch {
                return errorText(error)
            }
            let scan = scanner.scan
            func fields(_ list: Slice<ScanBuffer<ScannedField>>) -> String {
                list.map { field in
                    let value = field.value
                    return "\(field.key.content) \(field.key.hasEscapes) \(field.keyHash) \(value.kind) \(value.slot) "
                        + "\(value.range) \(value.hasEscapes) \(value.boolValue) \(value.offset)"
                }.joined(separator: "; ")
            }
            return scan.events.map { event in
                "params [\(fields(scan.params[event.params]))] properties "
                    + "[\(fields(scan.userProperties[event.userProperties]))] shape \(scan.shapeProblem(of: event).map { "\($0)" } ?? "-") "
                    + "at \(event.shapeProblemOffset)"
            }.joined(separator: "\n")
        }
    }

    /// An error as text to compare: kind, offset, message and the related offset.
    static func errorText(_ error: JSONError) -> String {
        "error \(error.kind) at \(error.offset): \(error.message) "
            + "\(error.related.map { "\($0.words) \($0.offset)" } ?? "")"
    }

    static func expectSameOutcome(
        _ line: [UInt8], maxDepth: Int = 512, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let compact = outcome(of: line, compact: true, maxDepth: maxDepth)
        let generic = outcome(of: line, compact: false, maxDepth: maxDepth)
        #expect(compact == generic, "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    static func row(_ params: String, _ properties: String = "[]", skipped: String = #"{"a":"b"}"#) -> String {
        #"{"event_name":"e","event_timestamp":"1741974281512815","user_pseudo_id":"u","event_params":"#
            + params + #","user_properties":"# + properties + #","device":"# + skipped + "}"
    }

    static let elements = [
        #"{"key":"phase","value":{"string_value":"guideStart"}}"#,
        #"{"key":"n","value":{"int_value":"1741974206"}}"#,
        #"{"key":"n","value":{"int_value":-12}}"#,
        #"{"key":"d","value":{"double_value":1.5e-3}}"#,
        #"{"key":"f","value":{"float_value":null}}"#,
        #"{"key":"f","value":{"float_value":2.5}}"#,
        #"{"key":"f","value":{"int_value":null,"float_value":0,"double_value":1}}"#,
        #"{"key":"s","value":{"string_value":"x","int_value":null,"float_value":null,"double_value":null}}"#,
        #"{"key":"s","value":{"string_value":null,"int_value":"5","float_value":null,"double_value":null}}"#,
        #"{"key":"s","value":{"string_value":"a","int_value":"5"}}"#,
        #"{"key":"s","value":{"string_value":null,"int_value":null,"float_value":null,"double_value":null}}"#,
        #"{"key":"a","value":{"string_value":"offer","set_timestamp_micros":"1741974206008495"}}"#,
        #"{"key":"a","value":{"set_timestamp_micros":1741974206008495,"int_value":"3"}}"#,
        #"{"key":"e","value":{}}"#,
        #"{"key":"k\u0065y","value":{"string_value":"esc\"aped\\ \ud83c\udf89"}}"#,
        #"{"key":"caf\#u{E9}","value":{"string_value":"\#u{1F389} ok"}}"#,
        // Not compact: the generic calls read them, and must say the same.
        #"{"key":"w", "value":{"string_value":"x"}}"#,
        #"{ "key":"w","value":{"string_value":"x"}}"#,
        #"{"key":"w","value":{"string_value": "x"}}"#,
        #"{"value":{"string_value":"x"},"key":"r"}"#,
        #"{"key":"t","value":{"string_value":true}}"#,
        #"{"key":"o","value":{"string_value":{"nested":1}}}"#,
        #"{"key":"u","value":{"other":"x"}}"#,
        #"{"key":"u","value":{"string_value":"x","other":"y"}}"#,
        #"{"key":"u","value":{"string_value":"x"},"extra":1}"#,
        #"{"key":3,"value":{"string_value":"x"}}"#,
        #"{"key":"v","value":"plain"}"#,
        #"{"key":"nokey"}"#,
        // Errors: the compact reading must leave each to the generic one.
        #"{"key":"d","value":{"string_value":"x","string_value":"y"}}"#,
        #"{"key":"d","value":{"int_value":null,"int_value":"1"}}"#,
        #"{"key":"d","value":{"set_timestamp_micros":"1","set_timestamp_micros":"2"}}"#,
        #"{"key":"d","key":"e","value":{"string_value":"x"}}"#,
        #"{"key":"b","value":{"int_value":01}}"#,
        #"{"key":"b","value":{"int_value":-}}"#,
        #"{"key":"b","value":{"int_value":1.}}"#,
        #"{"key":"b","value":{"int_value":nul}}"#,
        #"{"key":"b","value":{"int_value":nullx}}"#,
        #"{"key":"b","value":{"string_value":"bad \u12"}}"#,
        #"{"key":"b","value":{"string_value":"lone \ud800"}}"#,
        #"{"key":"b","value":{"string_value":"x",}}"#,
        #"{"key":"b","value":{"string_value":"x"}"#,
        #"{"key":"b","value":{"string_value":"x"}}}"#,
        #"{"key":"b","value":{"string_value":"x"]]"#,
        #"{"key":"b\#u{01}","value":{"string_value":"x"}}"#,
    ]

    @Test(arguments: elements)
    func anElementReadsAsTheGenericCallsReadIt(element: String) {
        Self.expectSameOutcome(Array(Self.row("[" + element + "]").utf8))
        Self.expectSameOutcome(Array(Self.row("[" + element + "," + Self.elements[0] + "]", "[" + element + "]").utf8))
        // Cut short anywhere: every prefix of the line.
        let line = Array(Self.row("[" + element + "]").utf8)
        for cut in 60..<line.count { Self.expectSameOutcome(Array(line[..<cut])) }
    }

    /// Objects no check reads, skipped whole: the compact flat ones by one routine.
    static let skippedObjects = [
        #"{}"#,
        #"{"category":"mobile","mobile_brand_name":"Apple","is_limited_ad_tracking":"Yes","n":-1.5e3}"#,
        #"{"revenue":0,"currency":"USD","t":true,"f":false,"z":null}"#,
        #"{"k\u0061":"escaped key","ka":"same key"}"#,
        #"{"a":"1","b":"2","a":"3"}"#,
        #"{"a":1,"b":{"nested":true}}"#,
        #"{"a":[1,2]}"#,
        #"{ "a":1}"#,
        #"{"a": 1}"#,
        #"{"a":1 }"#,
        #"{"a":tru}"#,
        #"{"a":01}"#,
        #"{"a":"\ud800"}"#,
        #"{"a":1,}"#,
        #"{"a":1"#,
        #"{"a"}"#,
        #"{"a":}"#,
        "{" + (0..<30).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}",
        "{" + (0..<30).map { "\"k\($0 % 29)\":\($0)" }.joined(separator: ",") + "}",
    ]

    @Test(arguments: skippedObjects)
    func aSkippedObjectReadsAsTheGenericCallsReadIt(object: String) {
        let line = Array(Self.row("[]", skipped: object).utf8)
        Self.expectSameOutcome(line)
        for cut in 100..<line.count { Self.expectSameOutcome(Array(line[..<cut])) }
        for depth in 1...3 { Self.expectSameOutcome(line, maxDepth: depth) }
    }

    /// At the depth limit the generic calls report the depth; the compact reading steps aside.
    @Test func theDepthLimitIsTheGenericOne() {
        let line = Array(Self.row("[" + Self.elements[0] + "]").utf8)
        for depth in 1...5 { Self.expectSameOutcome(line, maxDepth: depth) }
    }

    /// Random byte edits of a row of compact elements and objects: each outcome is the generic one.
    @Test func editedRowsReadAsTheGenericCallsReadThem() {
        let base = Array(
            Self.row(
                "[" + Self.elements[0...13].joined(separator: ",") + "]", "[" + Self.elements[11] + "]",
                skipped: Self.skippedObjects[2]
            ).utf8)
        let alphabet = Array(#"{}[]":,\ nul0123456789-.eE"sxkeyvalue_"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        var generator = SeededGenerator(seed: 0xE1E)
        for _ in 0..<4000 {
            var line = base
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let position = 40 + Int(generator.next() % UInt64(line.count - 40))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: line[position] = byte
                case 1: line.insert(byte, at: position)
                default: line.remove(at: position)
                }
            }
            Self.expectSameOutcome(line)
        }
    }

    /// Duplicate keys are found however each key is registered (inline or out of line, plain or
    /// escaped, in a small object, in one that grows large, or skipped whole): the verdict and the
    /// first key's offset agree with a plain dictionary of the decoded keys.
    @Test func duplicateKeysAreFoundAsADictionaryFindsThem() throws {
        var generator = SeededGenerator(seed: 0xD0B)
        let letters = Array("abk_".utf8)
        for round in 0..<3000 {
            let keyCount = 1 + Int(generator.next() % (round % 3 == 0 ? 40 : 12))
            var text = "{"
            var seen: [String: Int] = [:]
            var expected: (first: Int, duplicateAt: Int)?
            for index in 0..<keyCount {
                let length = Int(generator.next() % 10)
                let key = String(decoding: (0..<length).map { _ in letters[Int(generator.next() % 4)] }, as: UTF8.self)
                let escaped = generator.next() % 5 == 0
                let written = escaped ? key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined() : key
                if index > 0 { text += "," }
                let start = text.utf8.count
                if expected == nil, let first = seen[key] { expected = (first, start) }
                if seen[key] == nil { seen[key] = start }
                text += "\"" + written + "\":" + (generator.next() % 2 == 0 ? "1" : "\"v\"")
            }
            text += "}"
            let bytes = Array(text.utf8)
            for skipped in [false, true] {
                let outcome: JSONError? = bytes.withUnsafeBytes { raw in
                    var cursor = JSONCursor(bytes: raw, scratch: JSONScratch())
                    do throws(JSONError) {
                        if skipped {
                            try cursor.skipValue()
                        } else {
                            try cursor.enterObject()
                            while try cursor.nextKey() != nil { try cursor.skipValue() }
                        }
                        return nil
                    } catch {
                        return error
                    }
                }
                if let expected {
                    let error = try #require(outcome, "\(text)")
                    #expect(error.kind == .duplicateKey && error.offset == expected.duplicateAt, "\(text)")
                    #expect(error.related?.offset == expected.first, "\(text)")
                } else {
                    #expect(outcome == nil, "\(text)")
                }
            }
        }
    }

    /// The words the compact reading compares are the bytes they stand for.
    @Test func itsWordsAreItsBytes() {
        func word(_ text: String) -> UInt64 {
            Array(text.utf8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        }
        #expect(EventScanner.elementHead == word(#"{"key":""#))
        #expect(EventScanner.valueHead == word(#","value""#))
        let null = Array("null".utf8).withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        #expect(EventScanner.nullWord == null)
    }
}
