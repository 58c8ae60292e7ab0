import Foundation
import Testing

@testable import EventLintKit

/// Parses `text` strictly or as JSON5, returning the error if it fails.
func parseError(_ text: String, mode: JSONMode = .strict, maxDepth: Int = 512) -> JSONError? {
    do {
        _ = try JSONParser.parse(Array(text.utf8), mode: mode, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

@Suite struct JSONParserTests {
    // MARK: Depth

    @Test func hundredThousandOpeningBracketsFailFastWithDepthError() {
        let bytes = [UInt8](repeating: ASCII.openBracket, count: 100_000)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: JSONError(.depthExceeded, at: 512, "nesting deeper than the limit of 512 levels")) {
            _ = try JSONParser.parse(bytes, mode: .strict)
        }
        #expect(clock.now - started < .seconds(1))
    }

    @Test(arguments: [(512, true), (513, false)])
    func defaultDepthLimitIsInclusive(depth: Int, accepted: Bool) {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = parseError(text)
        #expect((error == nil) == accepted, "\(String(describing: error))")
        if !accepted { #expect(error?.kind == .depthExceeded && error?.offset == 512) }
    }

    @Test func nestedObjectsInArraysHitTheDepthLimit() {
        let text = String(repeating: "[{\"\":", count: 50_000)
        #expect(parseError(text)?.kind == .depthExceeded)
        // Each `[{` pair is two levels: 256 pairs is exactly 512 levels.
        let fits = String(repeating: "[{\"\":", count: 256) + "1" + String(repeating: "}]", count: 256)
        #expect(parseError(fits) == nil)
    }

    /// The cursor keeps nesting in scratch frames, so even a huge raised limit cannot overflow
    /// the stack. (Only the reader is tested this deep: a `JSONNode` tree that deep would be
    /// freed recursively by Swift; see `JSONParser`.)
    @Test func aRaisedDepthLimitDoesNotOverflowTheStack() throws {
        let depth = 200_000
        let bytes = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let scratch = JSONScratch()
        bytes.withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, maxDepth: depth, scratch: scratch)
            #expect(throws: Never.self) {
                try cursor.skipValue()
                try cursor.expectEnd()
            }
        }
        let tooDeep = String(repeating: "[", count: 2_001) + String(repeating: "]", count: 2_001)
        #expect(parseError(tooDeep, maxDepth: 2_000)?.kind == .depthExceeded)
        #expect(parseError(String(tooDeep.dropFirst().dropLast()), maxDepth: 2_000) == nil)
    }

    /// A compact flat object (`{"k":1,…}`, read by the cursor's fast path) exactly at the depth
    /// limit is read, and one level deeper is the depth error, as for any other value.
    @Test(arguments: 1...4) func aFlatObjectAtTheDepthLimitIsReadAndOneDeeperIsNot(limit: Int) {
        for depth in 1...(limit + 1) {
            let text =
                String(repeating: "[", count: depth - 1) + #"{"a":1,"b":"x"}"#
                + String(repeating: "]", count: depth - 1)
            let bytes = Array(text.utf8)
            let scratch = JSONScratch()
            let error: JSONError? = bytes.withUnsafeBytes { raw in
                var cursor = JSONCursor(bytes: raw, maxDepth: limit, scratch: scratch)
                do throws(JSONError) {
                    try cursor.skipValue()
                    try cursor.expectEnd()
                    return nil
                } catch {
                    return error
                }
            }
            #expect(error?.kind == (depth > limit ? .depthExceeded : nil), "depth \(depth), limit \(limit)")
            #expect(parseError(text, maxDepth: limit)?.kind == error?.kind, "depth \(depth), limit \(limit)")
        }
    }

    @Test func skipValueIsDepthLimitedToo() {
        let bytes = [UInt8](repeating: ASCII.openBracket, count: 100_000)
        let scratch = JSONScratch()
        bytes.withUnsafeBytes { raw in
            var cursor = JSONCursor(bytes: raw, scratch: scratch)
            #expect(throws: JSONError.self) { try cursor.skipValue() }
            #expect(cursor.depth == 512)
        }
    }

    // MARK: Duplicate keys

    @Test(arguments: [
        (#"{"a":1,"a":2}"#, JSONMode.strict, 7),
        (#"{"a":1,"\u0061":2}"#, .strict, 7),
        (#"{"\u0061":1,"a":2}"#, .strict, 12),
        (#"{"é":1,"\u00e9":2}"#, .strict, 8),
        (#"{"x":{"k":1,"k":2}}"#, .strict, 12),
        (#"[{"a":1},{"b":{"c":[1,{"d":1,"d":2}]}}]"#, .strict, 29),
        (#"{a:1,"a":2}"#, .json5, 5),
        (#"{"a":1,a:2}"#, .json5, 7),
        (#"{'a':1,a:2}"#, .json5, 7),
    ])
    func duplicateKeysAreRejectedAfterUnescaping(text: String, mode: JSONMode, offset: Int) {
        let error = parseError(text, mode: mode)
        #expect(error?.kind == .duplicateKey, "\(text): \(String(describing: error))")
        #expect(error?.offset == offset, "\(text): \(String(describing: error))")
        #expect(error?.message.hasPrefix("duplicate key \"") == true)
    }

    @Test func sameKeyInSiblingObjectsIsFine() {
        #expect(parseError(#"[{"a":1},{"a":2},{"x":{"a":1},"a":{"a":2}}]"#) == nil)
    }

    @Test func duplicateMessageQuotesTheKey() {
        #expect(
            parseError(#"{"step":1,"step":2}"#)?.message { "\(1):\($0 + 1)" } == #"duplicate key "step" (first at 1:2)"#
        )
    }

    /// Objects beyond the linear-scan threshold go through the hash table; nested large objects
    /// and stale table slots from earlier objects must not confuse it.
    @Test func largeObjectsDetectDuplicatesThroughTheTable() {
        func object(_ count: Int, prefix: String, extra: String = "") -> String {
            "{" + (0..<count).map { "\"\(prefix)\($0)\":\($0)" }.joined(separator: ",") + extra + "}"
        }
        let scratch = JSONScratch()
        func verdict(_ text: String) -> JSONError? {
            Array(text.utf8).withUnsafeBytes { raw -> JSONError? in
                var cursor = JSONCursor(bytes: raw, scratch: scratch)
                do throws(JSONError) {
                    try cursor.skipValue()
                    try cursor.expectEnd()
                    return nil
                } catch { return error }
            }
        }
        for round in 0..<3 {
            #expect(verdict(object(5_000, prefix: "k\(round)")) == nil)
            #expect(verdict(object(5_000, prefix: "k", extra: ",\"k4321\":0"))?.kind == .duplicateKey)
            let nested =
                "{\"inner\":" + object(300, prefix: "a") + "," + object(100, prefix: "b").dropFirst().dropLast() + "}"
            #expect(verdict(nested) == nil)
            let nestedDuplicate =
                "{\"inner\":" + object(300, prefix: "a") + ","
                + object(100, prefix: "b").dropFirst().dropLast() + ",\"b99\":1}"
            #expect(verdict(nestedDuplicate)?.kind == .duplicateKey)
            #expect(verdict(object(40, prefix: "\\u0061")) == nil)
            #expect(verdict(object(40, prefix: "a", extra: ",\"\\u00611\":1"))?.kind == .duplicateKey)
        }
    }

    // MARK: Numbers

    @Test(arguments: ["1e400", "-0", "12345678901234567890123", "-1.5E-300", "0.000001", "1E+2"])
    func numbersAreKeptAsLexemes(lexeme: String) throws {
        let node = try JSONParser.parse(Array("[\(lexeme)]".utf8), mode: .strict)
        #expect(node.value == .array([JSONNode(.number(lexeme), offset: 1)]))
    }

    @Test(arguments: ["01", "-", "1.", ".5", "+1", "1e", "1e+", "-01", "0x10", "NaN", "-Infinity", "Infinity"])
    func invalidNumbersAreRejected(text: String) {
        let error = parseError("[\(text)]")
        #expect(
            error?.kind == .invalidNumber || error?.kind == .invalidLiteral || error?.kind == .unexpectedCharacter,
            "\(text): \(String(describing: error))")
    }

    // MARK: Tree and offsets

    @Test func treeKeepsOffsetsOfValuesAndKeys() throws {
        let node = try JSONParser.parse(Array(#" {"a": [true, null], "b" : "x\ny"}"#.utf8), mode: .strict)
        #expect(node.offset == 1)
        guard case .object(let members) = node.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members.map(\.keyOffset) == [2, 21])
        #expect(
            members[0].value
                == JSONNode(.array([JSONNode(.bool(true), offset: 8), JSONNode(.null, offset: 14)]), offset: 7))
        #expect(members[1].value == JSONNode(.string("x\ny"), offset: 27))
    }

    @Test func stringsAreUnescaped() throws {
        let node = try JSONParser.parse(Array(#"["\"\\\/\b\f\n\r\t\u00e9\ud834\udd1e"]"#.utf8), mode: .strict)
        #expect(node.value == .array([JSONNode(.string("\"\\/\u{8}\u{C}\n\r\té𝄞"), offset: 1)]))
    }

    // MARK: BOM and encodings

    @Test func leadingBOMIsSkippedOnlyWhenAllowed() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        let node = try JSONParser.parse(bytes, mode: .strict)
        #expect(node == JSONNode(.object([]), offset: 3))
        #expect(throws: JSONError.self) { _ = try JSONParser.parse(bytes, mode: .strict, allowLeadingBOM: false) }
        do {
            _ = try JSONParser.parse(bytes, mode: .strict, allowLeadingBOM: false)
        } catch {
            #expect(error.kind == .misplacedBOM && error.offset == 0)
        }
    }

    @Test func bomElsewhereIsMisplaced() {
        #expect(parseError(" \u{FEFF}{}")?.kind == .misplacedBOM)
        #expect(parseError("[1,\u{FEFF}2]")?.kind == .misplacedBOM)
        #expect(parseError("{}\u{FEFF}")?.kind == .misplacedBOM)
        #expect(parseError("[\"\u{FEFF}\"]") == nil)  // inside a string it is just a character
    }

    @Test func utf16InputIsNotUTF8WithAHint() throws {
        let utf16 = Array("{\"a\":1}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [utf16, [0xFF, 0xFE] + utf16] {
            do {
                _ = try JSONParser.parse(bytes, mode: .strict)
                Issue.record("UTF-16 accepted")
            } catch {
                #expect(error.kind == .notUTF8 && error.offset == 0 && error.message.contains("UTF-16"))
            }
        }
    }

    @Test(
        arguments: [
            ([0x22, 0xC0, 0xAF, 0x22], JSONErrorKind.invalidUTF8, 1),  // overlong '/'
            ([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1),  // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 1),  // above U+10FFFF
            ([0x22, 0xE2, 0x82, 0x22], .invalidUTF8, 1),  // truncated
            ([0x22, 0x41, 0x80, 0x22], .invalidUTF8, 2),  // lone continuation
            ([0x22, 0x41, 0x09, 0x22], .controlCharacterInString, 2),
            ([0x22, 0x5C, 0x75, 0x44, 0x38, 0x30, 0x30, 0x22], .loneSurrogate, 1),
            ([0x22, 0x5C, 0x75, 0x44, 0x43, 0x30, 0x30, 0x22], .loneSurrogate, 1),
            ([0x22, 0x5C, 0x78, 0x22], .invalidEscape, 1),
        ] as [([UInt8], JSONErrorKind, Int)])
    func stringValidation(bytes: [UInt8], kind: JSONErrorKind, offset: Int) {
        do {
            _ = try JSONParser.parse(bytes, mode: .strict)
            Issue.record("accepted \(bytes)")
        } catch {
            #expect(error.kind == kind && error.offset == offset, "\(error)")
        }
    }

    @Test func errorsAtTheEndPointAtTheEnd() {
        for text in ["[1,", "{\"a\":", "\"abc", "[tru", "{\"a\"", "[1.", ""] {
            let error = parseError(text)
            #expect(error?.offset == text.utf8.count, "\(text): \(String(describing: error))")
        }
        #expect(parseError("   ")?.kind == .emptyInput)
    }

    @Test func trailingContentIsRejected() {
        #expect(parseError("{} {}")?.kind == .trailingContent)
        #expect(parseError("[1]]")?.offset == 3)
        #expect(parseError("1 \n\t\r ") == nil)
    }

    @Test func messagesFollowTheStyle() {
        let texts = [
            "[1,]", "{\"a\" 1}", "[01]", "\"\\q\"", "[NaN]", "{\"a\":1,\"a\":1}", "[1 2]", "{,}", "[\"\u{1}\"]",
        ]
        for text in texts {
            guard let error = parseError(text) else {
                Issue.record("\(text) accepted")
                continue
            }
            #expect(error.message.first?.isLowercase == true && !error.message.hasSuffix("."), "\(error.message)")
        }
        #expect(parseError(#"{"a":1 x}"#)?.message == "expected ',' or '}' after object member, found 'x'")
    }
}
