import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The HTML report in a real browser: headless Chromium renders the report of the bundled sample
/// to its DOM and to a PNG, with every name resolving nowhere and a proxy on a closed port, and
/// its network log must show no request but the file itself.
@Suite struct HTMLBrowserTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs the browser with `arguments` on the page; returns its standard output (nil on timeout).
    static func browse(_ page: String, _ arguments: [String], in directory: TemporaryDirectory) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=\(directory.path)/profile",
                // Nothing can leave: no name resolves and every connection goes to a closed port.
                "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
            ] + arguments + ["file://" + page]
        let out = directory.path + "/browser-\(UUID().uuidString).out"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning, Date() < deadline { usleep(100_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// URLs requested by the page (not by the browser itself) in a Chromium net log.
    static func pageRequests(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = log["events"] as? [[String: Any]] ?? []
        return Array(
            Set(
                events.compactMap { event -> String? in
                    guard let params = event["params"] as? [String: Any], let url = params["url"] as? String,
                        let initiator = params["initiator"] as? String, initiator != "not an origin"
                    else { return nil }
                    return url
                })
        ).sorted()
    }

    @Test(.enabled(if: chromium != nil, "needs Chromium (Debian: apt-get install -y chromium)"))
    func sampleReportRendersWithFunnelsAndGroupsAndNoRequest() throws {
        let directory = TemporaryDirectory()
        let result = EventLintCLI.run(
            [
                "lint", "--schema", Repository.schema.path, "--format", "html",
                Repository.root.appendingPathComponent("samples/exports/focusity-events.ndjson").path,
            ],
            environment: CommandEnvironment())
        let page = directory.write("report.html", Array(result.stdout.utf8))
        let netLog = directory.path + "/net-log.json"
        let dom = try #require(
            try Self.browse(page, ["--dump-dom", "--log-net-log=\(netLog)"], in: directory),
            "chromium timed out")
        // The DOM after the script ran: every pair's funnel chart, per arm too, and every finding group.
        #expect(dom.components(separatedBy: "class=\"funnel-chart\"").count - 1 >= 5 + 4 * 5)
        #expect(dom.contains("aria-label=\"funnel block_offer · onboarding_block_arm=offer × block_cap_arm=cap4\""))
        #expect(dom.components(separatedBy: "<tr class=\"group ").count - 1 >= 40)
        #expect(dom.contains("data-rule=\"stream/unknown-param\""))
        #expect(dom.contains("fails: "))
        #expect(dom.range(of: #"(src|href)="(?!#)"#, options: .regularExpression) == nil, "the page names a resource")
        // The network log lists every request; the page's own (initiator: the file's opaque
        // origin, "null") must be none. The browser's background requests say "not an origin".
        let requests = try Self.pageRequests(netLog)
        #expect(requests.isEmpty, "the page made requests: \(requests)")

        // The check can fail: a page with one external image makes one page request.
        let control = directory.write(
            "control.html", Array(#"<!DOCTYPE html><img src="http://example.invalid/x.png">"#.utf8))
        let controlLog = directory.path + "/control-net-log.json"
        _ = try #require(try Self.browse(control, ["--dump-dom", "--log-net-log=\(controlLog)"], in: directory))
        #expect(try Self.pageRequests(controlLog) == ["http://example.invalid/x.png"])

        let png = directory.path + "/report.png"
        _ = try #require(try Self.browse(page, ["--window-size=1200,1600", "--screenshot=\(png)"], in: directory))
        let bytes = try #require(FileManager.default.contents(atPath: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(bytes.count > 20_000)
    }

    /// Event names that differ only in white space, of every kind: leading, trailing, doubled,
    /// tab, the escaped line breaks, and the Unicode spaces a browser keeps or collapses.
    static let whitespaceNames = [
        "screen_shown", " screen_shown", "screen_shown ", "screen  shown", "screen\tshown", "\tscreen_shown",
        "screen\nshown", "screen\r\nshown", "screen\u{0B}shown", "screen\u{0C}shown", "screen\u{85}shown",
        "screen\u{A0}shown", "screen\u{1680}shown", "screen\u{2002}shown", "screen\u{2003}shown",
        "screen\u{2009}shown", "screen\u{200A}shown", "screen\u{200B}shown", "screen\u{2028}shown",
        "screen\u{2029}shown", "screen\u{202F}shown", "screen\u{205F}shown", "screen\u{3000}shown",
        "screen\u{FEFF}shown", " ", "  ",
    ]

    /// Selects each option of the event filter in the browser, in turn, and reads which rows the
    /// page's own script leaves shown: exactly the one row of that event, every time.
    @Test(.enabled(if: chromium != nil, "needs Chromium (Debian: apt-get install -y chromium)"))
    func eventFilterSelectsEachNameWhateverItsWhiteSpace() throws {
        let findings = Self.whitespaceNames.enumerated().map { index, name in
            Finding(
                rule: ReportFixture.enumValue, message: "finding \(index)",
                at: SourceLocation(file: "export.ndjson", line: index + 1), event: name)
        }
        let document = ReportDocument(
            tool: ReportFixture.tool, command: .lint, findings: findings.sortedForReport(),
            rules: [ReportFixture.enumValue])
        let html = document.rendered(ReportOptions(format: .html))
        // After the page's script: select each option, let the page's change handler filter,
        // and write what is shown into the DOM for --dump-dom.
        let probe = """
            <script>(function(){var s=document.querySelector('select[data-filter="event"]');var out=[];
            for(var i=0;i<s.options.length;i++){s.selectedIndex=i;s.dispatchEvent(new Event('change'));
            var shown=[];document.querySelectorAll('tr.group').forEach(function(r){
            if(r.style.display!=='none')shown.push(r.getAttribute('data-event'));});
            out.push({value:s.options[i].value,shown:shown});}
            var p=document.createElement('pre');p.id='probe';p.textContent=JSON.stringify(out).replace(/[^ -~]/g,
            function(c){return '\\\\u'+('000'+c.charCodeAt(0).toString(16)).slice(-4);});
            document.body.appendChild(p);})();</script>
            """
        let directory = TemporaryDirectory()
        let page = directory.write(
            "report.html", Array(html.replacingOccurrences(of: "</body>", with: probe + "</body>").utf8))
        let dom = try #require(try Self.browse(page, ["--dump-dom"], in: directory), "chromium timed out")
        let start = try #require(dom.range(of: "<pre id=\"probe\">"))
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let selections = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
        // "all", then one option per name.
        #expect(selections.count == Self.whitespaceNames.count + 1, "\(selections.map { $0["value"] ?? "" })")
        #expect((selections.first?["shown"] as? [String])?.count == Self.whitespaceNames.count)
        var selected = Set<String>()
        for selection in selections.dropFirst() {
            let value = try #require(selection["value"] as? String)
            let shown = try #require(selection["shown"] as? [String])
            #expect(shown == [value], "option \(Array(value.unicodeScalars.map(\.value))) shows \(shown.count) rows")
            selected.insert(value)
        }
        // Every name was an option of its own, as the reports shows it (escapes included).
        #expect(selected == Set(Self.whitespaceNames.map(VisibleText.of)))
    }
}
