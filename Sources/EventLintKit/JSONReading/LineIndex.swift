/// Maps byte offsets to 1-based line and column for messages and rustc-style snippets.
///
/// Columns count bytes, not characters: unambiguous even when a line holds invalid UTF-8, and
/// exactly what an editor's "go to byte" or `cut -b` needs. A line ends at LF; a CR before it
/// belongs to the line terminator for `lineText` but still counts as a byte for columns.
/// Built only when a report needs positions, never on the hot path.
public struct LineIndex: Sendable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// Length of the indexed buffer.
    public let byteCount: Int

    public init(_ bytes: UnsafeRawBufferPointer) {
        var starts = [0]
        for index in 0..<bytes.count where bytes[index] == ASCII.lineFeed {
            starts.append(index + 1)
        }
        lineStarts = starts
        byteCount = bytes.count
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { LineIndex($0) }
    }

    /// Number of lines (a final LF starts an empty last line).
    public var lineCount: Int { lineStarts.count }

    /// The 1-based line and byte column of `offset`; offsets past the end are clamped to the end.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), byteCount)
        // Last line start that is <= clamped (binary search).
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        return (low + 1, clamped - lineStarts[low] + 1)
    }

    /// The 1-based column of `offset` in a buffer known to be a single line (an export record):
    /// no index needed.
    @inline(__always)
    public static func column(ofOffset offset: Int) -> Int { max(offset, 0) + 1 }

    /// Line and column of one offset without building an index: one scan up to `offset`, for a
    /// single error in a large buffer.
    public static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<clamped where bytes[index] == ASCII.lineFeed {
            line += 1
            lineStart = index + 1
        }
        return (line, clamped - lineStart + 1)
    }

    /// The byte range of line `line` (1-based), without its LF or CRLF terminator.
    public func lineRange(_ line: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        guard line >= 1 && line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : min(byteCount, bytes.count)
        if end > start && bytes[end - 1] == ASCII.carriageReturn && line < lineStarts.count { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of line `line` (1-based) for snippets: decoded with validation, and if the bytes
    /// are not valid UTF-8, rendered with each offending byte as `\xNN` so the snippet still
    /// shows where the problem is and nothing is silently repaired.
    public func lineText(_ line: Int, in bytes: UnsafeRawBufferPointer) -> String? {
        guard let range = lineRange(line, in: bytes) else { return nil }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
        return String(validating: raw, as: UTF8.self) ?? Self.escapedRendering(raw)
    }

    /// Valid UTF-8 sequences as they are, every byte of an ill-formed one as `\xNN`.
    public static func escapedRendering(_ raw: UnsafeRawBufferPointer) -> String {
        var result = ""
        var index = 0
        while index < raw.count {
            let length = UTF8Validation.sequenceLength(raw, at: index, end: raw.count)
            if length == 0 {
                result += "\\x" + JSONError.hex(raw[index])
                index += 1
            } else {
                let piece = UnsafeRawBufferPointer(rebasing: raw[index..<(index + length)])
                result += String(validating: piece, as: UTF8.self) ?? ""
                index += length
            }
        }
        return result
    }
}
