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
