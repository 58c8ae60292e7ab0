import EventLintTestSupport
import Testing

@testable import EventLintKit

/// The reader throws the errors its rules' message factories make, and a lint finding carries
/// their text: a few rules of each kind of problem, not every factory.
@Suite struct JSONRuleMessageTests {
    static let cases: [(String, JSONError)] = [
        ("  ", JSONRules.emptyInput(at: 2)),
        (#"{"a":1,"a":2}"#, JSONRules.duplicateKey("a", at: 7, first: 1)),
        ("[1,]", JSONRules.trailingComma(before: "]", at: 2)),
        (#"{"a":1"#, JSONRules.unterminatedObject(at: 6)),
        ("[1.x]", JSONRules.notADigit(UInt8(ascii: "x"), after: "'.'", at: 3)),
        ("[NaN]", JSONRules.nonFiniteLiteral("NaN", at: 1)),
        (#"["\ud800"]"#, JSONRules.unpairedHighSurrogate(0xD800, at: 2)),
        (#"["\q"]"#, JSONRules.invalidEscape(UInt8(ascii: "q"), at: 2)),
        ("[\"a\tb\"]", JSONRules.controlCharacterInString(0x09, at: 3)),
        ("[1] x", JSONRules.trailingContent(UInt8(ascii: "x"), at: 4)),
    ]

    @Test(arguments: cases)
    func theReaderThrowsTheFactorysError(text: String, expected: JSONError) {
        #expect(parseError(text) == expected)
    }

    @Test func theFactoriesSpellTheirMessages() {
        #expect(JSONRules.duplicateKey("a\"b", at: 9, first: 1).message == #"duplicate key "a\"b""#)
        #expect(
            JSONRules.trailingComma(before: "}", at: 0).message
                == "trailing comma before '}' is not allowed in strict JSON")
        #expect(JSONRules.invalidEscape(0x01, at: 0).message == "invalid escape: backslash followed by byte 0x01")
        #expect(
            JSONRules.highSurrogateWithoutLow(0xD83D, next: 0x0041, at: 0).message
                == #"lone surrogate \uD83D is followed by \u0041, not a low surrogate"#)
        #expect(JSONRules.depthExceeded(limit: 512, at: 0).message == "nesting deeper than the limit of 512 levels")
    }

    @Test func anIllFormedSequenceIsWordedByItsFactory() {
        let bytes: [UInt8] = Array(#"["a"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8)
        #expect(throws: JSONRules.invalidUTF8(.cutShort(0xC3), at: 3)) {
            _ = try JSONParser.parse(bytes, mode: .strict)
        }
        #expect(
            JSONRules.invalidUTF8(.cutShort(0xC3), at: 3).message
                == "invalid UTF-8: sequence starting with 0xC3 is cut short (Latin-1 text?)")
        #expect(JSONRules.invalidUTF8(.aboveMaximum, at: 0).message == "invalid UTF-8: code point above U+10FFFF")
    }

    @Test func aLintFindingCarriesTheFactorysMessage() throws {
        let result = try Lint.run([#"{"name":"offer_shown","name":"offer_shown"}"#])
        let expected = JSONRules.duplicateKey("name", at: 22, first: 1).message { "column \($0 + 1)" }
        #expect(result.findings.map(\.message) == [expected])
    }

    @Test func anArrayOfRowsThatNeverClosesIsReportedByItsFactory() throws {
        let row = Export.flat("offer_shown", at: 1, params: [("limit_arm", .string("capped"))])
        let result = try Lint.run(["[", row + ","])
        let found = result.findings(JSONRules.unexpectedEnd.id)
        #expect(found.map(\.message) == [JSONRules.unterminatedTopLevelArray(at: 0).message])
    }
}
