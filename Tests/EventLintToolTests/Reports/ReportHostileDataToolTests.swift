import EventLintKit
import EventLintTestSupport
import Foundation
import Testing

/// Reports holding hostile data read by Python: Markdown rendered by cmarkgfm as GitHub does,
/// SARIF validated against its schema by jsonschema.
@Suite struct ReportHostileDataToolTests {
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
            [("benign", HostileReports.benignDocument), ("synthetic", HostileReports.syntheticDocument)]
            + (try HostileReports.documents().dropFirst())
        for (name, document) in documents {
            let url = directory.appendingPathComponent(name + ".md")
            try Data(HostileReports.render(document, .markdown).utf8).write(to: url)
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

    @Test(
        .enabled(if: SARIFSchema.validatorAvailable, "needs python3 with jsonschema and ../shared/testdata/sarif")
    )
    func sarifWithHostileDataValidates() throws {
        for (name, document) in try HostileReports.documents() {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "eventlint-\(UUID().uuidString).sarif")
            try Data(HostileReports.render(document, .sarif).utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try Python.run([
                "-c", SARIFSchema.validator, SARIFSchema.url.path, file.path,
            ])
            #expect(result.status == 0, "\(name): \(result.output)")
        }
    }
}
