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
        ("bell\u{07}nul\u{00}esc\u{1B}", "bell\u{FFFD}nul\u{FFFD}esc\u{FFFD}"),
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
        ("été 🎉 日本", "été 🎉 日本"),
        ("slash / stays", "slash / stays"),
    ])
    func jsonStringEscaping(input: String, expected: String) {
        #expect(JSONOutput.escaped(input) == expected)
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
        #expect(SARIFReporter.uriEncoded("dir\\file.json") == "dir/file.json")
    }
}
