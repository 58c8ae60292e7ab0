/// Lays a summary out as plain lines for `text` and `github`: sections apart by a blank line, a
/// titled section as `title:` with its blocks indented, tables as aligned grids or one line per
/// row, lists as indented lines. Every spelled string goes through `escape` before it is
/// measured or joined, so alignment counts what is printed.
struct SummaryTextLayout {
    var escape: (String) -> String

    func lines(_ summary: ReportSummary) -> [String] {
        var lines: [String] = []
        for section in summary.sections {
            let body = sectionLines(section)
            guard !body.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines += body
        }
        return lines
    }

    private func sectionLines(_ section: SummarySection) -> [String] {
        var lines: [String] = []
        let indent = section.title == nil ? "" : "  "
        for block in section.blocks {
            switch block {
            case .sentence(let text):
                lines.append(indent + escape(SummarySpelling.spell(text)))
            case .list(let list) where list.audience.forPeople:
                lines +=
                    list.items.isEmpty
                    ? ["  none"] : list.items.map { "  " + escape(SummarySpelling.spell($0)) }
            case .table(let table) where table.audience.forPeople:
                let body = table.rows.isEmpty ? ["none"] : table.layout == .grid ? grid(table) : rowLines(table)
                lines += body.map { "  " + $0 }
            case .list, .table:
                break
            }
        }
        if let title = section.title, !lines.isEmpty { lines.insert(escape(SummarySpelling.spell(title)) + ":", at: 0) }
        return lines
    }

    /// A header and aligned columns: numbers to the right, text to the left, two spaces apart;
    /// the last column is not padded.
    private func grid(_ table: SummaryTable) -> [String] {
        let columns = table.peopleColumns
        let numeric = columns.map(table.isNumeric)
        let header = columns.map { escape(table.columns[$0].title) }
        let body = table.rows.map { row in columns.map { escape(SummarySpelling.spell(row[$0])) } }
        let all = [header] + body
        let widths = columns.indices.map { index in all.map { $0[index].count }.max() ?? 0 }
        return all.map { cells in
            var line = ""
            for (index, cell) in cells.enumerated() {
                if index > 0 { line += "  " }
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                if numeric[index] {
                    line += pad + cell
                } else {
                    line += index == cells.count - 1 ? cell : cell + pad
                }
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// `label: title value, title value (aside), value`: one line per row.
    private func rowLines(_ table: SummaryTable) -> [String] {
        table.rows.map { row in
            var label = ""
            var items: [String] = []
            for index in table.peopleColumns {
                let column = table.columns[index]
                let value = row[index]
                let spelled = escape(SummarySpelling.spell(value))
                switch column.role {
                case .label: label = spelled
                case .field: items.append(escape(column.title) + " " + spelled)
                case .bare: items.append(spelled)
                case .aside:
                    guard !value.isEmpty else { continue }
                    if items.isEmpty { items.append("(\(spelled))") } else { items[items.count - 1] += " (\(spelled))" }
                }
            }
            let rest = items.joined(separator: ", ")
            return label.isEmpty ? rest : label + ": " + rest
        }
    }
}
