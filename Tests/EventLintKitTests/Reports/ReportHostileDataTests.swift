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
    static let hostile: [String] = [
        "::error file=src/Pay.swift,line=42::forged",
        "  \t::warning title=x::leading whitespace",
        "x\n::error::after a newline",
        "x\r::error::after a CR",
        "x\r\n::notice::after CRLF",
        "x\u{2028}::error::after U+2028",
        "x\u{85}::error::after NEL",
        "##[error]old syntax",
        "text ##[add-mask]anywhere",
        "::stop-commands::token",
        "::add-mask::secret",
        ":\u{AD}:error::soft hyphen between",
        "\u{FEFF}::error::after a BOM",
        "\u{200B}::error::after a zero width space",
        "#\u{200D}#[error]joined",
        ":::::",
        "\u{1B}[31mred\u{1B}]0;title\u{07}\u{1B}[0m",
        "\u{9B}31mCSI \u{90}DCS",
        "\u{202E}reversed\u{202C} \u{2066}isolate\u{2069} \u{200F}rlm",
        "para\u{2029}graph",
        "| a | b |\n|---|---|\n| c | d |",
        "# heading",
        "\n## heading after a newline",
        "[link](https://evil.example/x)",
        "![image](https://evil.example/x.png)",
        "<img src=x onerror=alert(1)>",
        "</td></tr><script>x</script>",
        "https://evil.example www.evil.example WWW.EVIL.EXAMPLE mail@evil.example",
        "$x^2$ and $$y$$ and $`z`$",
        "`code` *em* _em_ **b** ~~s~~ \\ back\\slash",
        "- list\n1. item\n> quote\n===\n---",
        "&lt; entity &amp; &#60;",
        "nul\u{0} soh\u{1} bs\u{8} vt\u{B} ff\u{C} us\u{1F} del\u{7F} \u{FFFE}\u{FFFF}",
        "]]> <![CDATA[ x ]]>",
        "\"quote\" 'apos' \\\" \\u0000",
        "%0A%0D%25%3A%2C already encoded",
        "a,b:c=d;e",
        "été 🎉 日本 👨‍👩‍👧",
    ]

    // MARK: - Documents holding the strings

    /// A finding per hostile string, with it in the message, file, event, param and a note, and
    /// a summary with it in every kind of slot.
    static let syntheticDocument: ReportDocument = document(hostile)

    /// The same document shape with every string replaced by `x`: it has the structure the
    /// hostile one must keep.
    static let benignDocument: ReportDocument = document(hostile.map { _ in "x" })

    static func document(_ strings: [String]) -> ReportDocument {
        let findings = strings.enumerated().map { index, text in
            Finding(
                rule: ReportFixture.enumValue, message: "param \"screen\" has value \"\(text)\"",
                at: SourceLocation(
                    file: "exports/\(text).ndjson", line: index + 1, column: 1, byteOffset: Int64(index)),
                event: text, param: text,
                notes: [
                    FindingNote("note \(text)", at: SourceLocation(file: text, line: 2, column: 3)), FindingNote(text),
                ])
        }
        var sentence: SummaryText = "value: "
        sentence.add(.text(strings.joined(separator: " ")), key: "value")
        var title: SummaryText = "title "
        title.add(.text(strings[0]), key: "base")
        let tally = strings.enumerated().map { SummaryTally($0.element, $0.offset) }
        let summary = ReportSummary([
            SummarySection([.sentence(sentence)]),
            SummarySection(
                key: "change", title: title,
                [
                    .table(
                        SummaryTable(
                            key: "pairs",
                            columns: [
                                SummaryColumn("pair", key: "name", role: .label),
                                SummaryColumn("opened", key: "opened"),
                                SummaryColumn("outcomes", key: "outcomes", role: .aside),
                                SummaryColumn("names", key: "names"),
                            ],
                            rows: strings.map { [.text($0), .integer(1), .tally(tally), .names(strings)] },
                            layout: .lines)),
                    .table(
                        SummaryTable(
                            key: "scopes",
                            columns: [
                                SummaryColumn("name", key: "name"), SummaryColumn("share", key: "share"),
                                SummaryColumn("at", key: "location"),
                            ],
                            rows: strings.map {
                                [.text($0), .shares(tally), .location(SourceLocation(file: $0, line: 1))]
                            })),
                    .list(
                        SummaryList(
                            key: "items",
                            strings.map { text in
                                var item: SummaryText = "item "
                                item.add(.text(text), key: "text")
                                return item
                            })),
                ]),
        ])
        return ReportDocument(
            tool: ReportFixture.tool, command: .lint, findings: findings.sortedForReport(),
            rules: [ReportFixture.enumValue],
            summary: summary)
    }

    /// A small plan whose pair and rule names are hostile, and an export whose event names,
    /// param values and outcome values are, linted for real.
    static func lintedDocument() throws -> ReportDocument {
        let pairName = JSONOutput.escaped("pair\n::error file=a.swift::x ##[error]")
        let ruleName = JSONOutput.escaped("rule | # [l](https://e.example) $x$ \u{1B}[2J")
        let planText = """
            {
              params: {
                screen: { type: 'string', values: ['home', 'paywall'] },
                outcome: { type: 'string' },
              },
              events: {
                shown: { params: { screen: 'required' } },
                closed: { params: { outcome: 'required' } },
              },
              pairs: {
                "\(pairName)": { open: 'shown', close: { events: ['closed'] }, outcome: 'outcome' },
              },
              rules: {
                "\(ruleName)": { on: 'closed', require: { outcome: 'never' } },
              },
            }
            """
        let loaded = try PlanText.check(planText, path: "plan.json5")
        var lines: [String] = []
        for (index, text) in hostile.enumerated() {
            let user = "user\(index)"
            lines.append(
                Export.flat(
                    "shown", at: Double(index * 10), user: user, params: [("screen", .string(text))], userProperties: []
                ))
            lines.append(
                Export.flat(
                    "closed", at: Double(index * 10 + 1), user: user, params: [("outcome", .string(text))],
                    userProperties: []))
            lines.append(Export.flat(text, at: Double(index * 10 + 2), user: user, userProperties: []))
        }
        // Invalid UTF-8 and a raw ESC inside an event name and a param value.
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        bytes +=
            Array("{\"name\":\"bad".utf8) + [0xFF, 0xC3, 0x28, 0x1B] + Array("\",\"params\":{\"screen\":\"".utf8)
            + [0xED, 0xA0, 0x80] + Array("\"},\"timestamp_micros\":1741950000000000,\"user_pseudo_id\":\"u\"}\n".utf8)
        let result = try Lint.run(bytes: bytes, plan: CompiledPlan(loaded.plan))
        #expect(result.findings.contains { $0.ruleID == "stream/unknown-event" })
        #expect(result.findings.contains { $0.ruleID == "json/invalid-utf8" })
        #expect(result.pairs.first?.closedByOutcome.keys.contains(hostile[0]) == true)
        return ReportDocument(
            tool: ReportFixture.tool, command: .lint, findings: result.findings,
            rules: ReportDocument.rulesReferenced(by: result.findings), summary: LintSummary.summary(of: result))
    }

    /// Registered dimensions with hostile names: archive candidates in the budget summary.
    static func budgetDocument() throws -> ReportDocument {
        let plan = try PlanText.check(
            "{ params: { screen: { type: 'string', values: ['a'], register: 'event' } }, events: { e: { params: { screen: 'required' } } } }"
        ).plan
        let items = hostile.map { "{\"parameterName\": \(Export.quoted($0)), \"scope\": \"EVENT\"}" }
        let registered = try RegisteredDefinitionsReader.read(
            path: "registered \u{1B}[31m.json",
            bytes: Array("{\"customDimensions\": [\(items.joined(separator: ","))]}".utf8))
        let report = BudgetCounter.count(plan: plan, registered: registered, quotas: BudgetQuotas(tier: .standard))
        #expect(report.archiveCandidates.count == hostile.count)
        return ReportDocument(
            tool: ReportFixture.tool, command: .budget, findings: report.findings,
            rules: ReportDocument.rulesReferenced(by: report.findings), summary: BudgetSummary.summary(of: report))
    }

    static func documents() throws -> [(String, ReportDocument)] {
        [("synthetic", syntheticDocument), ("lint", try lintedDocument()), ("budget", try budgetDocument())]
    }

    static func render(_ document: ReportDocument, _ format: ReportFormat) -> String {
        var options = ReportOptions(format: format, sourceLine: { _, line in hostile[(line - 1) % hostile.count] })
        // Every finding annotated, so each hostile value reaches a command.
        options.annotationLimits = GitHubReporter.AnnotationLimits(perLevel: nil)
        return document.rendered(options)
    }

    // MARK: - github

    /// What the Actions runner would treat as a workflow command: after trimming leading
    /// whitespace a line starting with `::`, or a line holding `##[`; both checked with
    /// invisible characters removed, as a culture-aware comparison might.
    static func isCommand(_ line: Substring) -> Bool {
        let seen = String(String.UnicodeScalarView(line.unicodeScalars.filter { !EscapedScalars.contains($0) }))
        return seen.drop(while: \.isWhitespace).hasPrefix("::") || seen.contains("##[")
    }

    @Test func githubOutputHasOneCommandPerFindingAndNoOther() throws {
        for (name, document) in try Self.documents() {
            let output = Self.render(document, .github)
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

    @Test(arguments: hostile)
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
        for (name, document) in try [("synthetic", Self.syntheticDocument)] + Self.documents() {
            let html = Self.render(document, .html)
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
        let hostile = Self.render(Self.syntheticDocument, .markdown).split(
            separator: "\n", omittingEmptySubsequences: false)
        let benign = Self.render(Self.benignDocument, .markdown).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(hostile.count == benign.count, "data added or removed lines")
        for (line, shape) in zip(hostile, benign) {
            // Every line starts the way the benign one does: no new heading, list, quote or row.
            #expect(line.first == shape.first && line.prefix(2) == shape.prefix(2), "\(line)")
            #expect(Self.unescapedPipes(line) == Self.unescapedPipes(shape), "a cell was added: \(line)")
        }
        for (name, document) in try Self.documents() {
            Self.expectInertMarkdown(Self.render(document, .markdown), name)
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

    /// `python3` with `cmarkgfm`, GitHub's own Markdown renderer (CI installs it).
    static let cmarkAvailable: Bool = (try? Python.run(["-c", "import cmarkgfm"]).status) == 0

    /// Renders each file as GitHub does (tables, autolinks, strikethrough; raw HTML kept, so any
    /// that got through shows) and prints the count of each HTML tag, one `tag count` a line.
    static let tagCounter = """
        import re, sys, collections, cmarkgfm
        from cmarkgfm.cmark import Options
        for path in sys.argv[1:]:
            html = cmarkgfm.github_flavored_markdown_to_html(open(path, encoding="utf-8").read(), options=Options.CMARK_OPT_UNSAFE)
            counts = collections.Counter(m.group(1).lower() for m in re.finditer(r"<([a-zA-Z][a-zA-Z0-9]*)", html))
            print(" ".join(f"{tag}={counts[tag]}" for tag in sorted(counts)))
        """

    @Test(.enabled(if: cmarkAvailable, "needs python3 with cmarkgfm (pip install cmarkgfm)"))
    func githubRendersHostileMarkdownLikeBenignMarkdown() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eventlint-md-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        let documents =
            [("benign", Self.benignDocument), ("synthetic", Self.syntheticDocument)]
            + (try Self.documents().dropFirst())
        for (name, document) in documents {
            let url = directory.appendingPathComponent(name + ".md")
            try Data(Self.render(document, .markdown).utf8).write(to: url)
            paths.append(url.path)
        }
        let result = try Python.run(["-c", Self.tagCounter] + paths)
        #expect(result.status == 0, "\(result.output)")
        // Line breaks and the spans around `$` and `@` are eventlint's own and vary with the data.
        let counts = result.output.split(separator: "\n").map { line in
            line.split(separator: " ").filter { !$0.hasPrefix("br=") && !$0.hasPrefix("span=") }.joined(separator: " ")
        }
        try #require(counts.count == 4)
        // Hostile data renders to the same elements as `x` does: no link, image, heading, row,
        // cell, list, emphasis, code or HTML of its own.
        #expect(counts[1] == counts[0], "hostile: \(counts[1])\nbenign:  \(counts[0])")
        for (name, line) in zip(["lint", "budget"], counts[2...]) {
            for tag in ["a=", "img=", "script=", "h1=", "h3=", "del=", "em=", "input="] {
                #expect(!line.split(separator: " ").contains { $0.hasPrefix(tag) }, "\(name): \(line)")
            }
        }
    }

    // MARK: - text

    @Test func textShowsNoRawControl() throws {
        for (name, document) in try Self.documents() {
            for color in [false, true] {
                let output = document.rendered(
                    ReportOptions(
                        format: .text, color: color,
                        sourceLine: { _, line in
                            Self.hostile[(line - 1) % Self.hostile.count]
                        }))
                let stripped = color ? Self.strippingOwnColours(output) : output
                for scalar in stripped.unicodeScalars where scalar != "\n" {
                    #expect(
                        !TextReporter.mustEscape(scalar),
                        "\(name): raw U+\(String(scalar.value, radix: 16)) in text output")
                }
            }
        }
        let hostile = Self.render(Self.syntheticDocument, .text).split(
            separator: "\n", omittingEmptySubsequences: false)
        let benign = Self.render(Self.benignDocument, .text).split(separator: "\n", omittingEmptySubsequences: false)
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
        for (name, document) in try Self.documents() {
            for format in [ReportFormat.json, .sarif] {
                let output = Self.render(document, format)
                let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8))
                var strings: [String] = []
                Self.collectStrings(parsed, into: &strings)
                for text in Self.hostile where name == "synthetic" {
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
            for (name, document) in try Self.documents() {
                let xml = Self.render(document, .junit)
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

    @Test(
        .enabled(if: SARIFSchema.validatorAvailable, "needs python3 with jsonschema and ../shared/testdata/sarif")
    )
    func sarifWithHostileDataValidates() throws {
        for (name, document) in try Self.documents() {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "eventlint-\(UUID().uuidString).sarif")
            try Data(Self.render(document, .sarif).utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try Python.run([
                "-c", SARIFSchema.validator, SARIFSchema.url.path, file.path,
            ])
            #expect(result.status == 0, "\(name): \(result.output)")
        }
    }
}
