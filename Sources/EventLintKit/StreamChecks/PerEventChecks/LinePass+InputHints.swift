/// Hints for bad input lines: the likely cause of a problem that only the line's context shows
/// (a truncated file, concatenated files, CR-only line endings, json-seq, NUL padding). Kept
/// apart from the line pass itself because they run only on the error path.
extension LinePass {
    static let carriageReturnHint =
        "the line holds CR (0x0D) bytes but no LF: the file may use CR-only (classic Mac) "
        + "line endings; convert them, e.g. `tr '\\r' '\\n'`"
    static let nulHint =
        "the line is NUL bytes from here on: the file may be preallocated, or was cut short while being written"

    /// Likely causes of a JSON error that only the line's context shows, as notes. Runs on the
    /// error path only.
    static func hints(for error: JSONError, at offset: Int, in line: FramedLine) -> [FindingNote] {
        let bytes = line.bytes
        var notes: [FindingNote] = []
        if line.flags.contains(.missingFinalNewline) && error.kind == .unexpectedEnd {
            notes.append(
                FindingNote(
                    "the last line has no trailing newline and ends inside a value: "
                        + "the file was probably truncated (an interrupted copy, or an export still being written)"))
        }
        // By the line's byte offset, not its number: a worker's range starts at line 1 too.
        if error.kind == .misplacedBOM && offset == 0 && line.byteOffset > 0 {
            notes.append(
                FindingNote(
                    "a byte order mark at the start of a line: concatenated files? "
                        + "(`cat a.ndjson b.ndjson` keeps the second file's BOM)"))
        }
        if offset == 0 && bytes.count > 0 && bytes[0] == 0x1E {
            notes.append(
                FindingNote(
                    "the line starts with an RS byte (0x1E): this looks like application/json-seq "
                        + "(RFC 7464), not NDJSON; strip the RS bytes, e.g. `tr -d '\\036'`"))
        }
        if offset < bytes.count && bytes[offset] == 0 && bytes[offset...].allSatisfy({ $0 == 0 }) {
            notes.append(FindingNote(nulHint))
        }
        // `{…}\r{…}\r`: the CR is JSON whitespace, so the first record parses and the second
        // one is trailing content.
        if error.kind == .trailingContent && offset < bytes.count
            && (bytes[offset] == 0x7B || bytes[offset] == 0x5B) && bytes[..<offset].contains(0x0D)
        {
            notes.append(FindingNote(carriageReturnHint))
        }
        return notes
    }

}
