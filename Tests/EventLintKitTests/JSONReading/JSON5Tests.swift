import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

@Suite struct JSON5Tests {
    /// Each JSON5 convenience: accepted as JSON5, rejected as strict JSON.
    @Test(arguments: [
        "// line comment\n{}",
        "{} // trailing comment",
        "/* block */ {}",
        "{\"a\": /* inside */ 1}",
        "[1, 2,]",
        "{\"a\": 1,}",
        "{a: 1}",
        "{_a$1: 1, $b: 2}",
        "['single']",
        "{'key': 'it\\'s'}",
        "[\"it\\'s\"]",
    ])
    func json5FeatureAcceptedOnlyInJSON5Mode(text: String) {
        #expect(parseError(text, mode: .json5) == nil, "\(text)")
        #expect(parseError(text, mode: .strict) != nil, "\(text)")
    }

    @Test(arguments: [
        ("{1a: 1}", JSONErrorKind.unexpectedCharacter),
        ("[1,,]", .unexpectedCharacter),
        ("{,}", .unexpectedCharacter),
        ("/* open", .unexpectedEnd),
        ("[1] /", .unexpectedEnd),
        ("[1 / 2]", .unexpectedCharacter),
        ("{a: 1, a: 2}", .duplicateKey),
        ("['a\\x']", .invalidEscape),
        ("[NaN]", .invalidLiteral),
        ("[+1]", .invalidNumber),
        ("'unterminated", .unexpectedEnd),
    ])
    func json5StillRejects(text: String, kind: JSONErrorKind) {
        #expect(
            parseError(text, mode: .json5)?.kind == kind,
            "\(text): \(String(describing: parseError(text, mode: .json5)))")
    }

    @Test func singleQuotedStringsDecode() throws {
        let node = try JSONParser.parse(Array(#"{'k': 'a"b\'c'}"#.utf8), mode: .json5)
        #expect(
            node.value == .object([JSONMember(key: "k", keyOffset: 1, value: JSONNode(.string("a\"b'c"), offset: 6))]))
    }

    /// Offsets of keys and values in a multi-line plan map to the right `line:column`.
    @Test func planOffsetsMapToLinesAndColumns() throws {
        let url = Repository.fixtures.appendingPathComponent("json/plan.json5")
        let bytes = [UInt8](try Data(contentsOf: url))
        let node = try JSONParser.parse(bytes, mode: .json5)
        let index = LineIndex(bytes)
        func position(_ offset: Int) -> String {
            let location = index.location(of: offset)
            return "\(location.line):\(location.column)"
        }
        guard case .object(let top) = node.value, case .array(let events) = top[1].value.value,
            case .object(let event) = events[0].value, case .object(let params) = event[1].value.value,
            case .object(let step) = params[0].value.value
        else {
            Issue.record("unexpected shape: \(node)")
            return
        }
        #expect(position(node.offset) == "2:1")
        #expect(top.map(\.key) == ["version", "events"])
        #expect(position(top[0].keyOffset) == "3:3")
        #expect(position(top[0].value.offset) == "3:12")
        #expect(position(top[1].keyOffset) == "5:3")
        #expect(position(event[0].value.offset) == "7:13")
        #expect(event[0].value.value == .string("checkout_step"))
        #expect(params.map(\.key) == ["step", "plan_id"])
        #expect(position(params[1].keyOffset) == "10:9")
        #expect(position(step[1].value.offset) == "9:35")
        #expect(position(step[2].value.offset) == "9:43")
        #expect(step[2].value.value == .number("5"))
        #expect(
            bytes.withUnsafeBytes { index.lineText(10, in: $0) }
                == "        'plan_id': { type: 'string', pattern: 'it\\'s ok' },")
    }

    @Test func errorOffsetsMapToLinesAndColumns() throws {
        let text = "{\n  a: 1,\n  b: [1, 2,, 3],\n}\n"
        let error = try #require(parseError(text, mode: .json5))
        let bytes = Array(text.utf8)
        #expect(LineIndex(bytes).location(of: error.offset) == (3, 12))
        let scanned = bytes.withUnsafeBytes { LineIndex.location(of: error.offset, in: $0) }
        #expect(scanned == (3, 12))
    }
}

@Suite struct LineIndexTests {
    @Test func mapsOffsetsToOneBasedLineAndByteColumn() {
        let bytes = Array("ab\ncé\r\n\nx".utf8)
        let index = LineIndex(bytes)
        #expect(index.lineCount == 4)
        #expect(index.location(of: 0) == (1, 1))
        #expect(index.location(of: 2) == (1, 3))
        #expect(index.location(of: 3) == (2, 1))
        #expect(index.location(of: 6) == (2, 4))  // the CR after the two-byte é
        #expect(index.location(of: 8) == (3, 1))
        #expect(index.location(of: 9) == (4, 1))
        #expect(index.location(of: 10) == (4, 2))  // end of input
        #expect(index.location(of: 99) == (4, 2))  // clamped
        #expect(LineIndex.column(ofOffset: 0) == 1)
        #expect(LineIndex.column(ofOffset: 41) == 42)
    }

    @Test func lineTextStripsTerminatorsAndEscapesInvalidBytes() {
        let bytes: [UInt8] = Array("first\r\n".utf8) + [0x61, 0xFF, 0x62, 0xC3, 0xA9] + [0x0A]
        let index = LineIndex(bytes)
        bytes.withUnsafeBytes { raw in
            #expect(index.lineText(1, in: raw) == "first")
            #expect(index.lineText(2, in: raw) == "a\\xFFbé")
            #expect(index.lineText(3, in: raw) == "")
            #expect(index.lineText(4, in: raw) == nil)
            #expect(index.lineText(0, in: raw) == nil)
        }
    }
}

@Suite struct JSONRulesTests {
    @Test func everyErrorKindHasItsOwnDocumentedRule() {
        let rules = JSONErrorKind.allCases.map { JSONRules.rule(for: $0) }
        #expect(Set(rules.map(\.id)).count == JSONErrorKind.allCases.count)
        #expect(JSONRules.all.count == JSONErrorKind.allCases.count)
        for rule in rules {
            #expect(rule.id.hasPrefix("json/") && rule.stage == .json && rule.defaultSeverity == .error)
            #expect(!rule.summary.isEmpty && rule.summary.first!.isLowercase && !rule.summary.hasSuffix("."))
            #expect(rule.documentation.contains("Fix:"), "\(rule.id)")
            #expect(RuleCatalog.rule(id: rule.id) == rule)
        }
    }

    @Test(arguments: [
        (JSONErrorKind.controlCharacterInString, "json/control-character-in-string"),
        (.invalidUTF8, "json/invalid-utf8"),
        (.notUTF8, "json/not-utf8"),
        (.misplacedBOM, "json/misplaced-bom"),
        (.duplicateKey, "json/duplicate-key"),
        (.depthExceeded, "json/depth-exceeded"),
    ])
    func ruleIDsAreStable(kind: JSONErrorKind, id: String) {
        #expect(JSONError(kind, at: 0, "x").rule.id == id)
    }
}
