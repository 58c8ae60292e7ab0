/// Parses the params of one entry: an iOS dictionary description (`{ key (_abbr) = value; … }`,
/// values bare, quoted, or nested `( {…}, {…} )` lists) or an Android bundle
/// (`Bundle[{key(_abbr)=value, items=[Bundle[{…}], …]}]`). Returns nil while the text ends
/// before the block does, or when it does not parse. Linear in the text: each byte is read a
/// bounded number of times, a position is found by binary search, and nesting deeper than
/// `maxDepth` gives up instead of recursing further.
struct BodyParser {
    let text: [UInt8]
    let lineStarts: [(offset: Int, position: CapturePosition)]
    var index = 0
    /// A byte that follows a top-level bundle's `}]` at the end of the text (`Event{…}`).
    var closer: UInt8?
    /// Dictionaries, lists and bundles open around `index`.
    var depth = 0
    static let maxDepth = 64

    init(text: [UInt8], lineStarts: [(offset: Int, position: CapturePosition)]) {
        self.text = text
        self.lineStarts = lineStarts
    }

    func position(_ offset: Int) -> CapturePosition {
        // The last line that starts at or before `offset` (line starts are in order).
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle].offset <= offset { low = middle } else { high = middle - 1 }
        }
        let chosen = lineStarts[low]
        let delta = offset - chosen.offset
        return CapturePosition(
            line: chosen.position.line, column: chosen.position.column + delta,
            byteOffset: chosen.position.byteOffset + Int64(delta))
    }

    var atEnd: Bool { index >= text.count }
    var current: UInt8 { text[index] }

    mutating func skipSpace() {
        while index < text.count,
            text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D
        {
            index += 1
        }
    }

    // MARK: - iOS

    /// `{ … }` at `index`.
    mutating func dictionary() -> [CaptureField]? {
        skipSpace()
        guard !atEnd, current == 0x7B, depth < Self.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var fields: [CaptureField] = []
        while true {
            skipSpace()
            if atEnd { return nil }
            if current == 0x7D {
                index += 1
                return fields
            }
            let keyStart = index
            var long: String
            if current == 0x22 {
                guard let quoted = quotedString() else { return nil }
                long = CaptureReader.string(quoted[...])
            } else {
                while !atEnd, current != 0x20, current != 0x3D, current != 0x28, current != 0x0A { index += 1 }
                long = CaptureReader.string(text[keyStart..<index])
            }
            skipSpace()
            var short: String?
            if !atEnd, current == 0x28 {
                let open = index
                while !atEnd, current != 0x29, current != 0x0A { index += 1 }
                if atEnd { return nil }
                short = CaptureReader.string(text[(open + 1)..<index])
                index += 1
                skipSpace()
            }
            if atEnd { return nil }
            guard current == 0x3D else {
                // Not `key = value`: skip to the next `;` so one odd line does not lose the block.
                while !atEnd, current != 0x3B, current != 0x7D { index += 1 }
                if atEnd { return nil }
                if current == 0x3B { index += 1 }
                continue
            }
            index += 1
            skipSpace()
            guard let value = iosValue() else { return nil }
            skipSpace()
            if !atEnd, current == 0x3B { index += 1 }
            if long.isEmpty { long = short ?? "" }
            fields.append(CaptureField(printedName: long, shortName: short, value: value, position: position(keyStart)))
        }
    }

    mutating func iosValue() -> CaptureValue? {
        if atEnd { return nil }
        let start = index
        switch current {
        case 0x22:
            guard let content = quotedString() else { return nil }
            return CaptureValue(kind: .string, text: content, position: position(start))
        case 0x28, 0x5B:
            guard depth < Self.maxDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            let close: UInt8 = current == 0x28 ? 0x29 : 0x5D
            index += 1
            var value = CaptureValue(kind: .list, text: [], position: position(start))
            while true {
                skipSpace()
                if atEnd { return nil }
                if current == close {
                    index += 1
                    return value
                }
                if current == 0x2C {
                    index += 1
                    continue
                }
                let before = index
                if current == 0x7B {
                    guard let item = dictionary() else { return nil }
                    value.items.append(item)
                } else {
                    guard iosValue() != nil else { return nil }
                }
                // A stray `;` or `}` inside a list: step over it rather than loop on it.
                if index == before { index += 1 }
            }
        case 0x7B:
            guard dictionary() != nil else { return nil }
            return CaptureValue(kind: .compound, text: [], position: position(start))
        default:
            while !atEnd, current != 0x3B, current != 0x0A, current != 0x2C, current != 0x7D, current != 0x29 {
                index += 1
            }
            if atEnd { return nil }
            var end = index
            while end > start, text[end - 1] == 0x20 { end -= 1 }
            return CaptureReader.scalar(Array(text[start..<end]), quoted: false, position: position(start))
        }
    }

    /// `"…"` at `index`, unescaped.
    mutating func quotedString() -> [UInt8]? {
        index += 1
        let start = index
        while !atEnd, current != 0x22 {
            if current == 0x5C { index += 1 }
            index += 1
        }
        if atEnd { return nil }
        let content = Array(text[start..<index])
        index += 1
        return CaptureReader.unquote(content)
    }

    // MARK: - Android

    /// `Bundle[{…}]` at `index`. At the top level the bundle ends at the line's last `}]`, so a
    /// value may hold `, ` or `}]`; nested, an item ends at `}]` before `, Bundle[{` or `]`.
    mutating func bundle(topLevel: Bool) -> [CaptureField]? {
        guard CaptureReader.hasPrefix(text, at: index, "Bundle[{"), depth < Self.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 8
        var fields: [CaptureField] = []
        let closing = topLevel ? lastClosing() : nil
        if topLevel, closing == nil { return nil }
        if CaptureReader.hasPrefix(text, at: index, "}]") {
            index += 2
            return fields
        }
        while true {
            let keyStart = index
            guard let name = CaptureReader.readKey(text, from: index),
                name.end < text.count, text[name.end] == 0x3D
            else { return nil }
            index = name.end + 1
            let valueStart = index
            var value: CaptureValue
            if CaptureReader.hasPrefix(text, at: index, "[Bundle[{") || CaptureReader.hasPrefix(text, at: index, "[]") {
                value = CaptureValue(kind: .list, text: [], position: position(valueStart))
                index += 1
                while !atEnd, current != 0x5D {
                    guard let item = bundle(topLevel: false) else { return nil }
                    value.items.append(item)
                    if CaptureReader.hasPrefix(text, at: index, ", ") { index += 2 }
                }
                if atEnd { return nil }
                index += 1
            } else if CaptureReader.hasPrefix(text, at: index, "Bundle[{") {
                guard bundle(topLevel: false) != nil else { return nil }
                value = CaptureValue(kind: .compound, text: [], position: position(valueStart))
            } else {
                guard let end = scalarEnd(closing: closing) else { return nil }
                value = CaptureReader.bundleScalar(Array(text[valueStart..<end]), position: position(valueStart))
                index = end
            }
            fields.append(
                CaptureField(
                    printedName: name.long, shortName: name.short, value: value,
                    position: position(keyStart)))
            if CaptureReader.hasPrefix(text, at: index, "}]") {
                index += 2
                return fields
            }
            guard CaptureReader.hasPrefix(text, at: index, ", ") else { return nil }
            index += 2
        }
    }

    /// The last `}]` of the text: the end of a top-level bundle (a line may end in spaces, a CR,
    /// or the ` (FA)` tag of `logcat -v process`).
    func lastClosing() -> Int? {
        var end = text.count
        while end > 0, text[end - 1] == 0x20 || text[end - 1] == 0x0D || text[end - 1] == 0x09 { end -= 1 }
        if let closer, end > 0, text[end - 1] == closer { end -= 1 }
        if end >= 2 {
            if text[end - 1] == 0x5D, text[end - 2] == 0x7D { return end - 2 }
            if var tag = CaptureReader.find(" (FA", in: text, from: max(0, end - 16)) {
                while tag > 0, text[tag - 1] == 0x20 { tag -= 1 }
                if let closer, tag > 0, text[tag - 1] == closer { tag -= 1 }
                if tag >= 2, text[tag - 1] == 0x5D, text[tag - 2] == 0x7D { return tag - 2 }
            }
        }
        return nil
    }

    /// Where a bare bundle value ends: before `, ` and a `name=` (or `name(_x)=`), or before the
    /// bundle's own `}]`.
    func scalarEnd(closing: Int?) -> Int? {
        var probe = index
        while probe < text.count {
            if let closing, probe == closing { return probe }
            if closing == nil, text[probe] == 0x7D, probe + 1 < text.count, text[probe + 1] == 0x5D {
                let after = probe + 2
                if after == text.count || text[after] == 0x5D || CaptureReader.hasPrefix(text, at: after, ", Bundle[{")
                {
                    return probe
                }
            }
            if text[probe] == 0x2C, probe + 1 < text.count, text[probe + 1] == 0x20,
                let name = CaptureReader.readKey(text, from: probe + 2),
                name.end < text.count, text[name.end] == 0x3D
            {
                return probe
            }
            probe += 1
        }
        return nil
    }
}
