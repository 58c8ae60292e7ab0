import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every byte of data is escaped in every format: hostile strings put where data goes (event
/// names, param and outcome values, pair and rule names, registered dimension names, file names,
/// notes, summary cells and titles) must not forge a workflow command in `github`, add structure
/// to `markdown`, send a raw control to a terminal in `text`, or break JSON, SARIF or XML.
@Suite struct ReportHostileDataTests {
    // MARK: - github

    /// What the Actions runner would treat as a workflow command: after trimming leading
    /// whitespace a line starting with `::`, or a line holding `##[`; both checked with
    /// invisible characters removed, as a culture-aware comparison might.
    static func isCommand(_ line: Substring) -> Bool {
        let seen = String(String.UnicodeScalarView(line.unicodeScalars.filter { !EscapedScalars.contains($0) }))
        return seen.drop(while: \.isWhitespace).hasPrefix("::") || seen.contains("##[")
    }

    @Test func githubOutputHasOneCommandPerFindingAndNoOther() throws {
        for (name, document) in try HostileReports.documents() {
            let output = HostileReports.render(document, .github)
            // The runner also splits lines at a lone CR.
            let lines = output.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            let commands = lines.filter(Self.isCommand)
            #expect(
                commands.count == document.findings.count,
                "\(name): \(commands.count) commands for \(document.findings.count) findings")
            for (command, finding) in zip(commands, document.findings) {
                #expect(
                    command.hasPrefix("::\(GitHubReporter.name(of: finding.severity)) file="), "\(name): \(command)")
                // The properties end at the first `::`; the file property decodes to the file.
                let body = command.dropFirst(2)
                let end = try #require(body.range(of: "::"))
                let properties = body[body.startIndex..<end.lowerBound].split(separator: " ", maxSplits: 1)[1]
                    .split(separator: ",").map { $0.split(separator: "=", maxSplits: 1) }
                #expect(properties.map { String($0[0]) }.allSatisfy { ["file", "line", "col", "title"].contains($0) })
                let file = try #require(properties.first { $0[0] == "file" }?.last)
                #expect(String(file).removingPercentEncoding == GitHubReporter.shown(finding.location.file), "\(name)")
            }
            for scalar in output.unicodeScalars where scalar != "\n" {
                #expect(
                    !TextReporter.mustEscape(scalar),
                    "\(name): raw U+\(String(scalar.value, radix: 16)) in github output")
            }
        }
    }

    @Test(arguments: HostileReports.hostile)
    func githubPlainLineIsNeverACommand(text: String) {
        for line in [text, "  " + text, "\t" + text + "\t"] {
            let plain = GitHubReporter.plain(line)
            #expect(!Self.isCommand(Substring(plain)), "\(plain)")
            #expect(!plain.contains("\n") && !plain.contains("\r"))
        }
    }

    // MARK: - markdown

    // MARK: - html

    /// The element names the HTML report writes; data must not add any other, nor a second script.
    static let htmlElements: Set<String> = [
        "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "p", "div", "section",
        "form",
        "label", "select", "option", "table", "thead", "tbody", "tr", "th", "td", "code", "br", "small", "ul", "li",
        "figure", "figcaption", "svg", "rect", "text", "footer", "script",
    ]

    @Test func htmlDataAddsNoMarkup() throws {
        for (name, document) in try [("synthetic", HostileReports.syntheticDocument)] + HostileReports.documents() {
            let html = HostileReports.render(document, .html)
            let tags = html.matches(of: /<\/?([A-Za-z!][A-Za-z0-9]*)/).map { String($0.output.1) }
            #expect(Set(tags).isSubset(of: Self.htmlElements), "\(name): \(Set(tags).subtracting(Self.htmlElements))")
            #expect(tags.filter { $0 == "script" }.count == 2, "\(name): one script element")
            // Outside the one script, no '<' that is not a tag of the report.
            #expect(html.matches(of: /<[^A-Za-z!\/]/).isEmpty, "\(name)")
            // Data stays text: no element, handler or attribute that could load anything.
            for needle in ["<img", "</td></tr><script>", "url(", "@import", "\u{1B}", "\u{202E}", "\u{2028}", "\u{9B}"]
            {
                #expect(!html.contains(needle), "\(name): \(needle.debugDescription) in html")
            }
            // Attribute names only: a quoted value cannot end early, since data's quotes are entities.
            for tag in html.matches(of: /<[A-Za-z][^>]*>/).map({ String($0.output).replacing(/"[^"]*"/, with: "\"\"") })
            {
                #expect(!tag.contains(" src=") && !tag.contains(" href=") && !tag.contains(" on"), "\(name): \(tag)")
            }
            #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;") || name != "synthetic")
        }
    }

    @Test func markdownDataAddsNoStructure() throws {
        let hostile = HostileReports.render(HostileReports.syntheticDocument, .markdown).split(
            separator: "\n", omittingEmptySubsequences: false)
        let benign = HostileReports.render(HostileReports.benignDocument, .markdown).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(hostile.count == benign.count, "data added or removed lines")
        for (line, shape) in zip(hostile, benign) {
            // Every line starts the way the benign one does: no new heading, list, quote or row.
            #expect(line.first == shape.first && line.prefix(2) == shape.prefix(2), "\(line)")
            #expect(Self.unescapedPipes(line) == Self.unescapedPipes(shape), "a cell was added: \(line)")
        }
        for (name, document) in try HostileReports.documents() {
            Self.expectInertMarkdown(HostileReports.render(document, .markdown), name)
        }
    }

    static func unescapedPipes(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }

    static func expectInertMarkdown(_ output: String, _ name: String) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let headings = lines.filter { $0.hasPrefix("#") }
        #expect(headings.count == 1, "\(name): headings \(headings)")
        // The only HTML is eventlint's own line breaks and dollar spans.
        let html = output.replacingOccurrences(of: "<br>", with: "").replacingOccurrences(
            of: "<span>$</span>", with: ""
        )
        .replacingOccurrences(of: "<span>@</span>", with: "")
        let rawHTML = html.contains("<")
        let bareDollar = html.contains("$")
        #expect(!rawHTML, "\(name): raw HTML")
        #expect(!bareDollar, "\(name): a bare $ can open math")
        for needle in ["https://", "http://", "www.", "WWW.", "](", "![", "\u{1B}", "\u{202E}", "\u{2028}", "\u{85}"] {
            let found = output.contains(needle)
            #expect(!found, "\(name): \(needle.debugDescription) in markdown")
        }
        // Markup characters from data are all escaped; the unescaped ones left are eventlint's
        // own (bold markers, rule-id code spans, the table grid).
        var previous: Character = " "
        for character in output {
            if "[]~_".contains(character) { #expect(previous == "\\", "\(name): unescaped \(character)") }
            previous = previous == "\\" && character == "\\" ? " " : character
        }
    }

    // MARK: - text

    @Test func textShowsNoRawControl() throws {
        for (name, document) in try HostileReports.documents() {
            for color in [false, true] {
                let output = document.rendered(
                    ReportOptions(
                        format: .text, color: color,
                        sourceLine: { _, line in
                            HostileReports.hostile[(line - 1) % HostileReports.hostile.count]
                        }))
                let stripped = color ? Self.strippingOwnColours(output) : output
                for scalar in stripped.unicodeScalars where scalar != "\n" {
                    #expect(
                        !TextReporter.mustEscape(scalar),
                        "\(name): raw U+\(String(scalar.value, radix: 16)) in text output")
                }
            }
        }
        let hostile = HostileReports.render(HostileReports.syntheticDocument, .text).split(
            separator: "\n", omittingEmptySubsequences: false)
        let benign = HostileReports.render(HostileReports.benignDocument, .text).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(hostile.count == benign.count, "data added or removed lines")
    }

    /// The text reporter's own ANSI styles, removed so what is left is data and layout.
    static func strippingOwnColours(_ text: String) -> String {
        var result = text
        for style in ["\u{1B}[1m", "\u{1B}[1;34m", "\u{1B}[0m", "\u{1B}[1;31m", "\u{1B}[1;33m"] {
            result = result.replacingOccurrences(of: style, with: "")
        }
        return result
    }

    @Test func invalidUTF8InAPlanLineIsShownAsByteEscapes() {
        let bytes: [UInt8] = Array("  bad: '".utf8) + [0xFF, 0xC3, 0x28, 0x1B] + Array("',".utf8)
        let index = LineIndex(bytes)
        let source = bytes.withUnsafeBytes { index.lineText(1, in: $0) }
        let finding = Finding(
            rule: ReportFixture.unknownParam, message: "m", at: SourceLocation(file: "p.json5", line: 1, column: 3))
        let text = TextReporter(sourceLine: { _, _ in source }).render(
            ReportFixture.document(findings: [finding], summary: nil))
        #expect(text.contains("1 |   bad: '\\xFF\\xC3(\\u{1b}',"))
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{FFFD}" })
    }

    // MARK: - json, sarif, junit

    @Test func jsonAndSARIFParseAndKeepEveryString() throws {
        for (name, document) in try HostileReports.documents() {
            for format in [ReportFormat.json, .sarif] {
                let output = HostileReports.render(document, format)
                let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8))
                var strings: [String] = []
                Self.collectStrings(parsed, into: &strings)
                for text in HostileReports.hostile where name == "synthetic" {
                    let kept = strings.contains(text)
                    #expect(kept, "\(name) \(format): \(text.debugDescription) not kept as is")
                }
                #expect(
                    !output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(name) \(format): raw control")
            }
        }
    }

    static func collectStrings(_ value: Any, into strings: inout [String]) {
        switch value {
        case let text as String: strings.append(text)
        case let array as [Any]: for element in array { collectStrings(element, into: &strings) }
        case let object as [String: Any]:
            for (key, element) in object {
                strings.append(key)
                collectStrings(element, into: &strings)
            }
        default: break
        }
    }

    #if canImport(FoundationXML)
        @Test func junitIsWellFormedXML() throws {
            for (name, document) in try HostileReports.documents() {
                let xml = HostileReports.render(document, .junit)
                let parser = XMLParser(data: Data(xml.utf8))
                #expect(parser.parse(), "\(name): JUnit XML does not parse: \(String(describing: parser.parserError))")
                // XML 1.0 forbids these even as character references.
                #expect(
                    !xml.unicodeScalars.contains {
                        ($0.value < 0x20 && !["\t", "\n"].contains($0)) || $0.value == 0xFFFE || $0.value == 0xFFFF
                    })
            }
        }
    #endif
}
