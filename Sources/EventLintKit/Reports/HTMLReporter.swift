/// The `html` format: one self-contained page an analyst opens from a CI artifact. Everything is
/// inline — CSS, SVG charts and a small filter script — and the page names no URL at all, so it
/// opens offline and makes no request. Every piece of data (messages, names, values, paths) goes
/// through `escape`, which leaves no markup, and the script reads filters only from `data-`
/// attributes and never writes HTML.
public struct HTMLReporter {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let counts = document.counts
        let failed = counts.errors > 0
        var body = ""
        body += "<header><h1>eventlint \(Self.escape(document.command.rawValue))</h1>"
        body +=
            "<p class=\"verdict \(failed ? "fail" : "pass")\">\(failed ? "fails" : "passes"): "
            + "\(Self.escape(counts.tally))</p>"
        // What the command compared (`check --base`: against REF, N breaking, M additive).
        if let headline = document.headline { body += "<p class=\"headline\">\(Self.escape(headline))</p>" }
        body += "</header>\n"
        // The overview (funnels, statistics, budget) first, then the findings to act on.
        if let summary = document.summary {
            body += "<div class=\"overview\">"
            for section in summary.sections { body += Self.section(section) }
            body += "</div>\n"
        }
        let groups = document.findingGroups
        if !groups.isEmpty { body += findings(groups) }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>eventlint \(Self.escape(document.command.rawValue)) report</title>
            <style>\(Self.style)</style></head>
            <body>
            \(body)<footer>\(Self.escape(document.tool.name)) \(Self.escape(document.tool.version))</footer>
            <script>\(Self.script)</script>
            </body></html>

            """
    }

    /// The groups with filters by rule, event and severity. Each option carries its `value`, the
    /// same escaped text as the rows' `data-` attribute, and the script compares values: an
    /// option's text is collapsed by the browser (leading, doubled and tab white space), its
    /// value is not.
    func findings(_ groups: [FindingGroup]) -> String {
        func options(_ name: String, _ values: [String]) -> String {
            "<label>\(name) <select data-filter=\"\(name)\"><option value=\"\">all</option>"
                + Set(values).subtracting([""]).sorted().map {
                    let value = Self.escape($0)
                    return "<option value=\"\(value)\">\(value)</option>"
                }.joined() + "</select></label>"
        }
        var html = "<section id=\"findings\"><h2>findings by rule, event and param</h2>\n<form class=\"filters\">"
        html +=
            options("rule", groups.map(\.ruleID)) + options("event", groups.map { $0.event ?? "" })
            + options("severity", groups.map(\.severity.rawValue))
        html +=
            "</form>\n<table><thead><tr><th>severity</th><th>rule</th><th>event</th><th>param</th><th>count</th>"
            + "<th>where</th><th>message</th></tr></thead><tbody>\n"
        for group in groups {
            var message = Self.escape(group.first.message)
            // Notes point elsewhere (the declaration in the base plan, the other file of a pair).
            for note in group.first.notes {
                message +=
                    "<br><small>note: \(Self.escape(note.message))"
                    + (note.location.map { " (\(Self.escape($0.description)))" } ?? "") + "</small>"
            }
            if !group.values.isEmpty, group.values.count > 1 || group.otherValues > 0 {
                message +=
                    "<br><small>values: "
                    + group.values.sorted { $0.count > $1.count }
                    .map { "\u{201C}\(Self.escape($0.value))\u{201D} \($0.count)" }.joined(separator: ", ")
                    + (group.otherValues > 0 ? ", other values \(group.otherValues)" : "") + "</small>"
            }
            html +=
                "<tr class=\"group \(group.severity.rawValue)\" data-rule=\"\(Self.escape(group.ruleID))\" "
                + "data-event=\"\(Self.escape(group.event ?? ""))\" data-severity=\"\(group.severity.rawValue)\">"
                + "<td>\(group.severity.rawValue)</td><td><code>\(Self.escape(group.ruleID))</code></td>"
                + "<td>\(Self.escape(group.isOverflow ? "(others)" : group.event ?? "–"))</td>"
                + "<td>\(Self.escape(group.isOverflow ? "(others)" : group.param ?? "–"))</td>"
                + "<td class=\"n\">\(group.count)</td><td>\(Self.escape(Self.span(group)))</td><td>\(message)</td></tr>\n"
        }
        return html + "</tbody></table></section>\n"
    }

    /// `file:12:5`, or `file:12:5 … line 980` for a group of several findings.
    static func span(_ group: FindingGroup) -> String {
        let first = group.first.location
        guard group.count > 1 else { return first.description }
        return first.description + " … "
            + (group.last.file == first.file ? "line \(group.last.line)" : group.last.description)
    }

    static func section(_ section: SummarySection) -> String {
        var html = ""
        for block in section.blocks {
            switch block {
            case .sentence(let text):
                let spelled = SummarySpelling.spell(text)
                if !spelled.isEmpty { html += "<p>\(escape(spelled))</p>\n" }
            case .list(let list) where list.audience.forPeople && !list.items.isEmpty:
                html += "<ul>" + list.items.map { "<li>\(escape(SummarySpelling.spell($0)))</li>" }.joined() + "</ul>\n"
            case .table(let table) where table.audience.forPeople && !table.rows.isEmpty:
                html += self.table(table)
                if table.columns.contains(where: { $0.key == "opened" }) { html += funnels(table) }
            default: break
            }
        }
        guard !html.isEmpty else { return "" }
        let title = section.title.map { "<h2>\(escape(SummarySpelling.spell($0)))</h2>\n" } ?? ""
        return "<section>\(title)\(html)</section>\n"
    }

    static func table(_ table: SummaryTable) -> String {
        let columns = table.peopleColumns
        var html =
            "<table><thead><tr>" + columns.map { "<th>\(escape(table.columns[$0].title))</th>" }.joined()
            + "</tr></thead><tbody>"
        for row in table.rows {
            html +=
                "<tr>"
                + columns.map { column -> String in
                    let value = row[column]
                    if case .bar(let used, let capacity) = value {
                        return "<td>\(bar(used: used, capacity: capacity))</td>"
                    }
                    return "<td\(value.isNumeric ? " class=\"n\"" : "")>\(escape(SummarySpelling.spell(value)))</td>"
                }.joined() + "</tr>"
        }
        return html + "</tbody></table>\n"
    }

    /// A pool's use as an SVG bar: filled share, red past capacity.
    static func bar(used: Int, capacity: Int) -> String {
        let share = capacity > 0 ? min(1, Double(used) / Double(capacity)) : (used > 0 ? 1 : 0)
        let width = Int(saturating: (share * 160).rounded())
        let color = used > capacity ? "#c62828" : share >= 0.8 ? "#ef6c00" : "#2e7d32"
        return "<svg class=\"bar\" width=\"160\" height=\"12\" role=\"img\"><title>\(used) of \(capacity)</title>"
            + "<rect width=\"160\" height=\"12\" fill=\"#e0e0e0\"/><rect width=\"\(width)\" height=\"12\" fill=\"\(color)\"/></svg>"
    }

    /// One funnel chart per row of a pair table: opened, closed, unclosed as horizontal bars.
    static func funnels(_ table: SummaryTable) -> String {
        func column(_ key: String) -> Int? { table.columns.firstIndex { $0.key == key } }
        guard let opened = column("opened"), let closed = column("closed"), let unclosed = column("unclosed") else {
            return ""
        }
        let label = table.columns.firstIndex { $0.role == .label } ?? 0
        func number(_ value: SummaryValue) -> Int {
            if case .integer(let number) = value { return number }
            return 0
        }
        var html = "<div class=\"funnels\">"
        for row in table.rows {
            var name = SummarySpelling.spell(row[label])
            if let arms = column("arms") { name += " · " + SummarySpelling.spell(row[arms]) }
            let bars = [
                ("opened", number(row[opened]), "#1565c0"), ("closed", number(row[closed]), "#2e7d32"),
                ("unclosed", number(row[unclosed]), "#c62828"),
            ]
            let top = max(1, bars.map(\.1).max() ?? 1)
            html +=
                "<figure class=\"funnel\"><figcaption>\(escape(name))</figcaption>"
                + "<svg class=\"funnel-chart\" width=\"260\" height=\"78\" role=\"img\" aria-label=\"funnel \(escape(name))\">"
            for (index, bar) in bars.enumerated() {
                let width = Int((Double(bar.1) / Double(top) * 170).rounded())
                let y = index * 26
                html +=
                    "<text x=\"0\" y=\"\(y + 15)\">\(bar.0)</text>"
                    + "<rect x=\"62\" y=\"\(y + 3)\" width=\"\(max(width, 1))\" height=\"18\" fill=\"\(bar.2)\"/>"
                    + "<text x=\"\(66 + width)\" y=\"\(y + 16)\">\(bar.1)</text>"
            }
            html += "</svg></figure>"
        }
        return html + "</div>\n"
    }

    /// Text as HTML character data or attribute value: `&`, `<`, `>`, quotes as entities, and
    /// controls, bidi controls and line separators shown as escapes (as the text format does).
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in TextReporter.visible(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#212121}h1{font-size:20px;margin:0}
        h2{font-size:16px;margin:24px 0 8px}table{border-collapse:collapse;margin:4px 0}
        #findings table{width:100%}#findings td{word-break:break-word}.overview{max-width:1200px}
        th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f5f5f5}
        td.n{text-align:right}.verdict{font-weight:600;padding:6px 10px;display:inline-block;border-radius:4px}
        .pass{background:#e8f5e9;color:#1b5e20}.fail{background:#ffebee;color:#b71c1c}
        tr.error td:first-child{color:#b71c1c}tr.warning td:first-child{color:#e65100}
        .filters label{margin-right:16px}.funnels{display:flex;flex-wrap:wrap;gap:16px}
        figure{margin:0}figcaption{font-weight:600}svg text{font:12px system-ui,sans-serif}
        footer{margin-top:32px;color:#757575;font-size:12px}
        """

    /// Hides the group rows that do not match the chosen filters; reads only `data-` attributes.
    static let script = """
        (function(){var s=document.querySelectorAll('select[data-filter]');function f(){
        var w={};s.forEach(function(e){w[e.getAttribute('data-filter')]=e.value;});
        document.querySelectorAll('tr.group').forEach(function(r){var ok=true;
        for(var k in w){if(w[k]&&r.getAttribute('data-'+k)!==w[k])ok=false;}r.style.display=ok?'':'none';});}
        s.forEach(function(e){e.addEventListener('change',f);});})();
        """
}
