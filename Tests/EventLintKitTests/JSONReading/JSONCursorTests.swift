import EventLintTestSupport
import Testing

@testable import EventLintKit

/// A GA4 BigQuery-export-like row, trimmed.
let ga4Row = #"""
    {"event_date":"20240115","event_timestamp":"1705312800123456","event_name":"checkout_step","event_params":[{"key":"step","value":{"string_value":null,"int_value":"2","float_value":null,"double_value":null}},{"key":"plan_\u0069d","value":{"string_value":"pro \"annual\"","int_value":null}}],"user_id":"u-42","user_pseudo_id":"A1B2","device":{"category":"mobile","language":"en-us"},"app_info":{"id":"com.example","version":"3.2.1"},"items":[],"event_value_in_usd":1.5e2}
    """#

@Suite struct JSONCursorTests {
    /// Walks a row as the export scanner will: picks a few members, skips the rest.
    @Test func walksAGA4RowPickingOnlyWhatItNeeds() throws {
        let bytes = Array(ga4Row.utf8)
        let scratch = JSONScratch()
        var eventName = ""
        var userID = ""
        var params: [String: String] = [:]
        var value: Range<Int>?
        try bytes.withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            try cursor.enterObject()
            while let key = try cursor.nextKey() {
                if key.equals("event_name", in: raw) {
                    eventName = try cursor.readString().decodedString(in: raw)
                } else if key.equals("user_id", in: raw) {
                    userID = try cursor.readString().decodedString(in: raw)
                } else if key.equals("event_value_in_usd", in: raw) {
                    value = try cursor.readNumber()
                } else if key.equals("event_params", in: raw) {
                    try cursor.enterArray()
                    while try cursor.nextElement() {
                        try cursor.enterObject()
                        var name = ""
                        var text = ""
                        while let paramKey = try cursor.nextKey() {
                            if paramKey.equals("key", in: raw) {
                                name = try cursor.readString().decodedString(in: raw)
                            } else if paramKey.equals("value", in: raw) {
                                try cursor.enterObject()
                                while let valueKey = try cursor.nextKey() {
                                    switch try cursor.peekKind() {
                                    case .string:
                                        let token = try cursor.readString()
                                        text = "\(valueKey.decodedString(in: raw))=\(token.decodedString(in: raw))"
                                    case .null:
                                        try cursor.readNull()
                                    default:
                                        try cursor.skipValue()
                                    }
                                }
                            } else {
                                try cursor.skipValue()
                            }
                        }
                        params[name] = text
                    }
                } else {
                    try cursor.skipValue()
                }
            }
            try cursor.expectEnd()
            #expect(cursor.depth == 0)
        }
        #expect(eventName == "checkout_step")
        #expect(userID == "u-42")
        #expect(params == ["step": "int_value=2", "plan_id": "string_value=pro \"annual\""])
        #expect(value.map { String(decoding: bytes[$0], as: UTF8.self) } == "1.5e2")
    }

    @Test func skipValueOverTheWholeRowMatchesTheParser() throws {
        let bytes = Array(ga4Row.utf8)
        let scratch = JSONScratch()
        try bytes.withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            try cursor.skipValue()
            try cursor.expectEnd()
        }
        #expect(throws: Never.self) { _ = try JSONParser.parse(bytes, mode: .strict) }
    }

    /// `scanString`'s word scan, with its last word read backwards from the buffer's end, reads
    /// every string as the byte-by-byte scan does: the same token and end, or the same error, for
    /// strings of any length ending anywhere near the end of the buffer, with quotes, escapes,
    /// controls and UTF-8 at any place.
    @Test func wordScanOfStringsMatchesTheByteScan() {
        var generator = SeededGenerator(seed: 0x5CA7)
        let pieces: [[UInt8]] = [
            [0x61], [0x61], [0x61], [0x22], [0x5C, 0x6E], [0x5C], [0x1F], [0x00], [0xC3, 0xA9], [0x80], [0x7F], [0x20],
        ]
        for _ in 0..<30_000 {
            var bytes: [UInt8] = [0x22]
            for _ in 0..<Int(generator.next() % 20) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let text = bytes.map { String($0, radix: 16) }.joined(separator: " ")
            func outcome(_ general: Bool) -> String {
                bytes.withUnsafeBytes { raw in
                    var cursor = JSONCursor(bytes: raw, scratch: JSONScratch())
                    do throws(JSONError) {
                        let token = general ? try cursor.scanStringInGeneral() : try cursor.scanString()
                        return "\(token.content) \(token.hasEscapes) \(cursor.offset)"
                    } catch {
                        return "\(error.kind) \(error.offset)"
                    }
                }
            }
            #expect(outcome(false) == outcome(true), "\(text)")
        }
    }

    /// `peekKind`'s table of first bytes says what its long way says (reached here through a
    /// space before the value): for every first byte, in both modes, the same kind or the same
    /// error one byte further on.
    @Test func peekKindByTableMatchesTheLongWay() {
        for mode in [JSONMode.strict, .json5] {
            for first in 0...255 {
                for tail: [UInt8] in [[], [0x31], [0x22], [0x2F, 0x2F]] {
                    let value = [UInt8(first)] + tail
                    func outcome(_ bytes: [UInt8]) -> String {
                        bytes.withUnsafeBytes { raw in
                            var cursor = JSONCursor(bytes: raw, mode: mode, scratch: JSONScratch())
                            do throws(JSONError) {
                                return "\(try cursor.peekKind()) at \(cursor.offset - bytes.count)"
                            } catch {
                                return "\(error.kind) at \(error.offset - bytes.count)"
                            }
                        }
                    }
                    #expect(outcome(value) == outcome([0x20] + value), "\(mode) \(value)")
                }
            }
        }
    }

    @Test func skipValueFindsDuplicatesItSkipsOver() {
        let text = #"{"a":{"b":[1,{"c":1,"\u0063":2}]}}"#
        let scratch = JSONScratch()
        Array(text.utf8).withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            do throws(JSONError) {
                try cursor.enterObject()
                _ = try cursor.nextKey()
                try cursor.skipValue()
                Issue.record("duplicate not found")
            } catch {
                #expect(error.kind == .duplicateKey && error.offset == 20)
            }
        }
    }

    @Test func nextKeyFindsDuplicatesAtTopLevel() {
        let text = #"{"event_name":"a","x":1,"event_name":"b"}"#
        let scratch = JSONScratch()
        Array(text.utf8).withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            var keys = 0
            do throws(JSONError) {
                try cursor.enterObject()
                while try cursor.nextKey() != nil {
                    keys += 1
                    try cursor.skipValue()
                }
                Issue.record("duplicate not found")
            } catch {
                #expect(error.kind == .duplicateKey && error.offset == 24 && keys == 2)
            }
        }
    }

    @Test(arguments: [
        (#""event_name""#, "event_name", true),
        (#""event\u005fname""#, "event_name", true),
        (#""\u0065vent_nam\u0065""#, "event_name", true),
        (#""event_name\n""#, "event_name", false),
        (#""event_nam""#, "event_name", false),
        (#""caf\u00e9""#, "café", true),
        (#""\ud83d\ude00""#, "😀", true),
        (#""a\/b""#, "a/b", true),
    ])
    func stringTokenEqualityComparesUnescapedContent(json: String, literal: String, equal: Bool) throws {
        let scratch = JSONScratch()
        try Array(json.utf8).withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            let token = try cursor.readString()
            #expect(token.hasEscapes == json.contains("\\"))
            #expect(token.equals(Array(literal.utf8), in: raw) == equal)
            #expect((token.decodedString(in: raw) == literal) == equal)
            #expect((token.decodedBytes(in: raw) == Array(literal.utf8)) == equal)
        }
    }

    @Test func staticStringEquality() throws {
        let scratch = JSONScratch()
        try Array(#""us\u0065r_id""#.utf8).withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            let token = try cursor.readString()
            #expect(token.equals("user_id", in: raw))
            #expect(!token.equals("user", in: raw))
        }
    }

    @Test func readersRejectTheWrongKind() {
        let scratch = JSONScratch()
        Array("[\"x\", 1, true]".utf8).withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            #expect(throws: JSONError.self) { try cursor.readNull() }
            #expect(throws: Never.self) { try cursor.enterArray() }
            #expect(throws: Never.self) { _ = try cursor.nextElement() }
            #expect(throws: JSONError.self) { _ = try cursor.readNumber() }
            #expect(throws: JSONError.self) { _ = try cursor.readBool() }
        }
    }

    @Test func scratchIsReusableAcrossLinesAndErrors() throws {
        let scratch = JSONScratch()
        let lines = [#"{"a":{"b":1,"#, #"{"a":1,"b":{"a":2}}"#, #"{"b":1,"a":1}"#]
        var verdicts: [Bool] = []
        for line in lines {
            verdicts.append(
                Array(line.utf8).withUnsafeBytes { raw in
                    var cursor = JSONCursor(bytes: raw, scratch: scratch)
                    do {
                        try cursor.skipValue()
                        try cursor.expectEnd()
                        return true
                    } catch { return false }
                })
        }
        #expect(verdicts == [false, true, true])
    }
}
