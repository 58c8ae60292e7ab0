import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The escaping each format needs, checked character by character: a missed case here turns
/// user data into markup or commands.
@Suite struct ReportEscapingTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("100%", "100%25"),
        ("%0A is not a newline", "%250A is not a newline"),
        ("one\ntwo", "one%0Atwo"),
        ("one\r\ntwo", "one%0D%0Atwo"),
        ("a: b, c", "a: b, c"),
        ("été 🎉", "été 🎉"),
    ])
    func githubDataEscapesPercentCRAndLF(input: String, expected: String) {
        #expect(GitHubReporter.escapeData(input) == expected)
    }

    @Test(arguments: [
        ("schema/events.json5", "schema/events.json5"),
        ("a,b:c.ndjson", "a%2Cb%3Ac.ndjson"),
        ("C:\\x", "C%3A\\x"),
        ("50%\n", "50%25%0A"),
        ("title::x", "title%3A%3Ax"),
    ])
    func githubPropertyAlsoEscapesColonAndComma(input: String, expected: String) {
        #expect(GitHubReporter.escapeProperty(input) == expected)
    }

    @Test func githubCommandHasOneLineAndEscapedParts() {
        let finding = Finding(
            rule: ReportFixture.unknownParam, severity: .info, message: "bad\nvalue 5%",
            at: SourceLocation(file: "dir,x/f:1.json", line: 3, column: 0))
        let command = GitHubReporter.command(for: finding)
        #expect(command == "::notice file=dir%2Cx/f%3A1.json,line=3,title=plan/unknown-param-ref::bad%0Avalue 5%25")
        #expect(!command.contains("\n"))
    }

    @Test func githubSummaryLineCannotBecomeACommand() {
        #expect(GitHubReporter.plain("::error::x") == ":\\u{3a}error:\\u{3a}x")
        #expect(GitHubReporter.plain("lines read: 3") == "lines read: 3")
    }

    @Test(arguments: [
        ("a & b", "a &amp; b"),
        ("<tag attr='x'>\"q\"</tag>", "&lt;tag attr=&apos;x&apos;&gt;&quot;q&quot;&lt;/tag&gt;"),
        ("tab\tnew\nline\rcr", "tab&#9;new&#10;line&#13;cr"),
        ("bell\u{07}nul\u{00}esc\u{1B}", "bell\\u{7}nul\\u{0}esc\\u{1b}"),
        ("rlo\u{202E} zwsp\u{200B} tag\u{E0041}", "rlo\\u{202e} zwsp\\u{200b} tag\\u{e0041}"),
        ("no\u{FFFF}char", "no\u{FFFD}char"),
        ("été 🎉", "été 🎉"),
    ])
    func xmlAttributeEscaping(input: String, expected: String) {
        #expect(JUnitReporter.escape(input) == expected)
    }

    @Test func xmlTextKeepsTabAndNewlineButEncodesCR() {
        #expect(JUnitReporter.escape("a\tb\nc\rd<", inAttribute: false) == "a\tb\nc&#13;d&lt;")
    }

    @Test(arguments: [
        ("quote \" and backslash \\", "quote \\\" and backslash \\\\"),
        ("line\nfeed\rtab\t", "line\\nfeed\\rtab\\t"),
        ("nul\u{00} bell\u{07} esc\u{1B} us\u{1F}", "nul\\u0000 bell\\u0007 esc\\u001b us\\u001f"),
        ("del\u{7F} and C1\u{9B} escaped", "del\\u007f and C1\\u009b escaped"),
        ("bidi\u{202E} ls\u{2028} bom\u{FEFF}", "bidi\\u202e ls\\u2028 bom\\ufeff"),
        ("zwsp\u{200B} alm\u{061C} tag\u{E0041}", "zwsp\\u200b alm\\u061c tag\\udb40\\udc41"),
        ("été 🎉 日本", "été 🎉 日本"),
        ("slash / stays", "slash / stays"),
    ])
    func jsonStringEscaping(input: String, expected: String) {
        #expect(JSONOutput.escaped(input) == expected)
    }

    /// The escaper works on bytes; it must spell every scalar as the scalar-by-scalar rules do:
    /// each scalar of the first planes alone and between text, and 20,000 random strings of
    /// the scalars that matter (every escaped one, their neighbours, 2-, 3- and 4-byte ones).
    @Test func jsonEscapingOfBytesMatchesTheScalarRules() {
        func reference(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: result += "\\\""
                case 0x5C: result += "\\\\"
                case 0x0A: result += "\\n"
                case 0x0D: result += "\\r"
                case 0x09: result += "\\t"
                case _ where EscapedScalars.contains(scalar):
                    for unit in String(scalar).utf16 {
                        let digits = String(unit, radix: 16)
                        result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                    }
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        var wrong: [String] = []
        for value in UInt32(0)...0x3_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)b", "\"\(scalar)é"]
            where JSONOutput.escaped(text) != reference(text) {
                wrong.append(text)
            }
        }
        let pool: [UInt32] = [
            0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xE9, 0x061B, 0x061C,
            0x061D, 0x200D, 0x200E, 0x200F, 0x2010, 0x2027, 0x2028, 0x2029, 0x202A, 0x202E, 0x202F, 0x2065, 0x2066,
            0x2069, 0x206A, 0x65E5, 0xFEFE, 0xFEFF, 0xFFFD, 0x1F389, 0xE0001, 0xE0041, 0x10FFFF,
        ]
        var generator = SeededGenerator(seed: 2028)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.unicodeScalars.append(Unicode.Scalar(pool.randomElement(using: &generator)!)!)
            }
            if JSONOutput.escaped(text) != reference(text) { wrong.append(text) }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(5).map { Array($0.unicodeScalars.map(\.value)) })")
    }

    @Test func markdownCellEscaping() {
        #expect(MarkdownReporter.inline("a|b") == "a\\|b")
        #expect(MarkdownReporter.inline("one\ntwo\r\nthree\rfour") == "one<br>two<br>three<br>four")
        #expect(MarkdownReporter.inline("<script>&") == "&lt;script&gt;&amp;")
        #expect(MarkdownReporter.inline("https://e.x www.e.x a@e.x") == "https\\://e.x www\\.e.x a<span>@</span>e.x")
        #expect(MarkdownReporter.inline("$x$ # h ~s~ !i ^f") == "<span>$</span>x<span>$</span> \\# h \\~s\\~ \\!i \\^f")
        #expect(MarkdownReporter.inline("esc\u{1B} rlo\u{202E}") == "esc\\\\u{1b} rlo\\\\u{202e}")
        #expect(
            MarkdownReporter.inline("*bold* _it_ `code` [link](x)")
                == "\\*bold\\* \\_it\\_ \\`code\\` \\[link\\]\\(x\\)")
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(SARIFReporter.uriEncoded("exports/día 1.ndjson") == "exports/d%C3%ADa%201.ndjson")
        #expect(SARIFReporter.uriEncoded("a:b/c#d?e%") == "a%3Ab/c%23d%3Fe%25")
        #expect(SARIFReporter.uriEncoded("dir\\file.json") == "dir%5Cfile.json")
    }
}
