import EventLintKit

/// A line diff from the longest common subsequence, showing changed lines with two lines of
/// context. Golden files are small, so the quadratic table is fine.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
    }
    var lines: [(mark: Character, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            lines.append((" ", old[i]))
            i += 1
            j += 1
        } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
            lines.append(("-", old[i]))
            i += 1
        } else {
            lines.append(("+", new[j]))
            j += 1
        }
    }
    let changed = lines.indices.filter { lines[$0].mark != " " }
    var shown = ""
    var lastPrinted = -1
    for index in lines.indices where changed.contains(where: { abs($0 - index) <= 2 }) {
        if lastPrinted >= 0, index > lastPrinted + 1 { shown += "  ...\n" }
        shown += "\(lines[index].mark) \(VisibleText.of(lines[index].text))\n"
        lastPrinted = index
    }
    return shown
}
