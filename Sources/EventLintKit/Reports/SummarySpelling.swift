/// How summary values read for people, the same in `text`, `github` and `markdown`: the spelled
/// string is raw (data included as it is); each reporter escapes the whole string for its format,
/// which is safe because nothing spelled here adds characters a format treats specially beyond
/// what its escaper handles.
enum SummarySpelling {
    static let barWidth = 20

    static func spell(_ value: SummaryValue) -> String {
        switch value {
        case .text(let text): text
        case .integer(let number): String(number)
        case .count(let number, let singular, let plural): "\(number) \(number == 1 ? singular : plural)"
        case .milliseconds(let milliseconds): duration(milliseconds)
        case .percent(let part, let total): percent(part, of: total)
        case .fraction(let fraction): DecimalText.format(fraction * 100, places: 1) + " %"
        case .bar(let used, let capacity): bar(used: used, capacity: capacity)
        case .location(let location): location.description
        case .flag(let flag): flag ? "yes" : "no"
        case .names(let names): names.joined(separator: ", ")
        case .tally(let entries): entries.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        case .shares(let entries):
            entries.map { "\($0.name) \(percent($0.count, of: entries.reduce(0) { $0.addingSaturating($1.count) }))" }
                .joined(separator: " / ")
        case .none: "–"
        }
    }

    /// The words and shown values of a sentence; machine-only parts are left out.
    static func spell(_ text: SummaryText) -> String {
        var result = ""
        for part in text.parts {
            switch part {
            case .words(let words): result += words
            case .value(let value, key: _): result += spell(value)
            case .data: break
            }
        }
        return result
    }

    /// `3.4 %`, `100 %`; `0 %` of nothing.
    static func percent(_ part: Int, of total: Int) -> String {
        guard total > 0 else { return "0 %" }
        return DecimalText.format(Double(part) * 100 / Double(total), places: 1) + " %"
    }

    /// `420 ms` under a second, `17.3 s` from there; `–` for no duration.
    static func duration(_ milliseconds: Double?) -> String {
        guard let milliseconds, milliseconds.isFinite else { return "–" }
        if abs(milliseconds) < 1000 { return DecimalText.format(milliseconds, places: 0) + " ms" }
        return DecimalText.format(milliseconds / 1000, places: 1, keepingZero: true) + " s"
    }

    /// `[#########...........]`, with ` +N over` when `used` passes `capacity`. A capacity of 0
    /// is full as soon as anything is used.
    static func bar(used: Int, capacity: Int) -> String {
        let filled: Int
        if capacity <= 0 {
            filled = used > 0 ? barWidth : 0
        } else {
            let (scaled, overflow) = max(0, used).multipliedReportingOverflow(by: barWidth)
            filled = overflow ? barWidth : min(barWidth, scaled / capacity)
        }
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
        if used > capacity {
            let (over, overflow) = used.subtractingReportingOverflow(capacity)
            text += " +\(overflow ? Int.max : over) over"
        }
        return text
    }
}
